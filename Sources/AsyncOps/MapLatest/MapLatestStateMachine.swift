/// The logic of ``AsyncMapLatestSequence`` and ``AsyncFlatMapLatestSequence``, as a pure value:
/// no locks, no tasks, no continuations resumed. Each event is a `mutating` method that returns
/// what the caller must do.
///
/// Every upstream element starts an *inner* run in its own task — one transform for `mapLatest`,
/// one inner sequence for `flatMapLatest` — numbered by a generation. A newer element supersedes
/// the current run: its task is cancelled, a result of it the consumer has not taken is dropped,
/// and every later event of that generation is ignored, so a stale result is never emitted.
///
/// The waiting parties are generic tokens so that the machine can be unit-tested synchronously:
/// `Consumer` is the continuation of a consumer suspended in `next()`, `Upstream` the task that
/// reads the base, `Inner` the task of an inner run, `InnerWaiter` the continuation of an inner
/// sequence waiting for the consumer to take its element (backpressure: a current inner sequence
/// loses nothing).
///
/// Invariants while running:
/// - a waiting consumer means nothing is ready for it (`due == nil`, `end == nil`);
/// - a waiting inner run means its element is due (`innerWaiter != nil` ⇒ `due != nil`).
@usableFromInline
struct MapLatestStateMachine<Element, Failure: Error, Consumer, Upstream, Inner, InnerWaiter> {
  /// How the sequence ended, kept until the consumer has taken every element before it.
  @usableFromInline
  enum End {
    case finished
    case failed(Failure)
  }

  @usableFromInline
  enum Phase {
    /// No `next()` yet: no task runs.
    case initial
    case running
    /// The consumer received the end, or was cancelled: every later `next()` returns `nil`.
    case finished
  }

  /// An outcome for the consumer, and the inner run to wake because its element was taken.
  @usableFromInline
  struct Ready {
    @usableFromInline var outcome: Result<Element?, Failure>
    @usableFromInline var innerToResume: InnerWaiter?

    @inlinable
    init(outcome: Result<Element?, Failure>, innerToResume: InnerWaiter? = nil) {
      self.outcome = outcome
      self.innerToResume = innerToResume
    }
  }

  /// What `next()` must do.
  @usableFromInline
  enum NextAction {
    /// Return (or throw) the outcome at once, after resuming the inner run, if any.
    case deliver(Ready)
    /// Start the task that reads the upstream, then suspend.
    case startUpstream
    case suspend
  }

  /// What the upstream reader must do after an element.
  @usableFromInline
  enum ProduceAction {
    /// Start the inner run of this generation, after cancelling the superseded one (its task,
    /// and its waiter, resumed with `false`).
    case startInner(generation: UInt64, cancelling: Inner?, stopping: InnerWaiter?)
    /// The consumer is gone: stop reading.
    case stop
  }

  /// What an inner sequence must do after producing an element.
  @usableFromInline
  enum InnerProduceAction {
    /// The consumer was waiting: resume it with the element, then read on.
    case resumeConsumer(Consumer, Element)
    /// The element is due for a busy consumer: wait (``innerSuspend(_:generation:)``) until it
    /// is taken.
    case wait
    /// This run is superseded or the iteration ended: stop reading.
    case stop
  }

  /// Who must be resumed or cancelled after an end or a cancellation.
  @usableFromInline
  struct Resumptions {
    @usableFromInline var consumer: (Consumer, Result<Element?, Failure>)?
    @usableFromInline var upstream: Upstream?
    @usableFromInline var inner: Inner?
    /// Resumed with `false`: the inner run stops.
    @usableFromInline var innerWaiter: InnerWaiter?

    @inlinable
    init(
      consumer: (Consumer, Result<Element?, Failure>)? = nil, upstream: Upstream? = nil,
      inner: Inner? = nil, innerWaiter: InnerWaiter? = nil
    ) {
      self.consumer = consumer
      self.upstream = upstream
      self.inner = inner
      self.innerWaiter = innerWaiter
    }
  }

  @usableFromInline var phase = Phase.initial
  @usableFromInline var upstream: Upstream?
  @usableFromInline var consumer: Consumer?
  /// The generation of the newest inner run; 0 before the first element.
  @usableFromInline var generation: UInt64 = 0
  /// Whether the newest inner run has not ended yet.
  @usableFromInline var innerActive = false
  /// The task of the newest inner run, once registered (while it is active).
  @usableFromInline var inner: Inner?
  /// The newest inner run, waiting for the consumer to take its due element.
  @usableFromInline var innerWaiter: InnerWaiter?
  /// An element emitted while the consumer was busy: its next `next()` gets it, unless a newer
  /// upstream element makes it stale first.
  @usableFromInline var due: Element?
  /// The upstream finished while an inner run was active: the finish follows that run.
  @usableFromInline var upstreamFinishedEarly = false
  @usableFromInline var end: End?

  @inlinable
  init() {}

  // MARK: - Consumer

  /// The consumer calls `next()`.
  @inlinable
  mutating func next() -> NextAction {
    switch phase {
    case .initial:
      phase = .running
      return .startUpstream
    case .running:
      precondition(consumer == nil, "next() called concurrently on one iterator")
      guard let ready = takeReady() else { return .suspend }
      return .deliver(ready)
    case .finished:
      return .deliver(Ready(outcome: .success(nil)))
    }
  }

  /// The consumer is about to suspend: what to resume it with at once, or `nil` when it was
  /// stored and waits.
  @inlinable
  mutating func suspend(_ consumer: Consumer) -> Ready? {
    switch phase {
    case .initial:
      preconditionFailure("suspend(_:) before next()")
    case .running:
      if let ready = takeReady() { return ready }
      self.consumer = consumer
      return nil
    case .finished:
      return Ready(outcome: .success(nil))
    }
  }

  /// Takes the due element (waking the inner run that waits on it), else the end.
  @inlinable
  mutating func takeReady() -> Ready? {
    if let element = due.take() {
      return Ready(outcome: .success(element), innerToResume: innerWaiter.take())
    }
    guard let end else { return nil }
    finish()
    switch end {
    case .finished: return Ready(outcome: .success(nil))
    case .failed(let failure): return Ready(outcome: .failure(failure))
    }
  }

  /// Moves to `.finished`, releasing everything the running state held.
  @inlinable
  mutating func finish() {
    phase = .finished
    upstream = nil
    consumer = nil
    innerActive = false
    inner = nil
    innerWaiter = nil
    due = nil
    upstreamFinishedEarly = false
    end = nil
  }

  /// The consumer's task was cancelled, or its iterator was dropped: everything stops.
  @inlinable
  mutating func cancelled() -> Resumptions {
    guard phase == .running else {
      phase = .finished
      return Resumptions()
    }
    var resumptions = Resumptions(upstream: upstream, inner: inner, innerWaiter: innerWaiter)
    if let consumer { resumptions.consumer = (consumer, .success(nil)) }
    finish()
    return resumptions
  }

  // MARK: - Upstream

  /// The task reading the upstream was created; returned when it must be cancelled at once.
  @inlinable
  mutating func upstreamStarted(_ upstream: Upstream) -> Upstream? {
    guard phase == .running else { return upstream }
    self.upstream = upstream
    return nil
  }

  /// The upstream produced an element: it supersedes the current inner run, whose result the
  /// consumer has not taken is stale and dropped.
  @inlinable
  mutating func upstreamProduced() -> ProduceAction {
    guard phase == .running, end == nil else { return .stop }
    due = nil
    generation &+= 1
    innerActive = true
    let action = ProduceAction.startInner(
      generation: generation, cancelling: inner.take(), stopping: innerWaiter.take())
    return action
  }

  /// The upstream finished: at once with no inner run active; otherwise after that run.
  @inlinable
  mutating func upstreamFinished() -> Resumptions {
    guard phase == .running, end == nil else { return Resumptions() }
    guard !innerActive else {
      upstreamFinishedEarly = true
      return Resumptions()
    }
    return ended(.finished, Resumptions())
  }

  /// The upstream failed: the active inner run is cancelled and the failure delivered at once
  /// (after an element already due).
  @inlinable
  mutating func upstreamFailed(_ failure: Failure) -> Resumptions {
    guard phase == .running, end == nil else { return Resumptions() }
    innerActive = false
    let resumptions = Resumptions(inner: inner.take(), innerWaiter: innerWaiter.take())
    return ended(.failed(failure), resumptions)
  }

  // MARK: - Inner runs

  /// The task of an inner run was created. Returns it when it must be cancelled at once: its
  /// run was superseded, or the iteration ended, before it was registered.
  @inlinable
  mutating func innerStarted(_ task: Inner, generation: UInt64) -> Inner? {
    guard phase == .running, generation == self.generation else { return task }
    // A run that already ended needs no handle (and no cancellation).
    if innerActive { inner = task }
    return nil
  }

  /// An inner sequence produced `element`.
  @inlinable
  mutating func innerProduced(_ element: Element, generation: UInt64) -> InnerProduceAction {
    guard phase == .running, generation == self.generation, innerActive else { return .stop }
    if let consumer = consumer.take() { return .resumeConsumer(consumer, element) }
    due = element
    return .wait
  }

  /// An inner sequence whose element is due is about to suspend. Returns `true` (read on) or
  /// `false` (stop) to resume it with at once, or `nil` when it was stored and waits.
  @inlinable
  mutating func innerSuspend(_ waiter: InnerWaiter, generation: UInt64) -> Bool? {
    guard phase == .running, generation == self.generation, innerActive else { return false }
    guard due != nil else { return true }  // taken meanwhile
    innerWaiter = waiter
    return nil
  }

  /// An inner run ended normally; `last` is a final element to emit with it (the transform's
  /// result, for `mapLatest`). Ignored for a superseded run.
  @inlinable
  mutating func innerFinished(generation: UInt64, last: Element?) -> Resumptions {
    guard phase == .running, generation == self.generation, innerActive else {
      return Resumptions()
    }
    innerActive = false
    inner = nil
    var resumptions = Resumptions()
    if let last {
      if let consumer = consumer.take() {
        resumptions.consumer = (consumer, .success(last))
      } else {
        due = last
      }
    }
    guard upstreamFinishedEarly else { return resumptions }
    return ended(.finished, resumptions)
  }

  /// An inner run failed: the sequence ends with the failure (after an element already due) and
  /// the upstream is cancelled. Ignored for a superseded run, whose failure is its cancellation.
  @inlinable
  mutating func innerFailed(_ failure: Failure, generation: UInt64) -> Resumptions {
    guard phase == .running, generation == self.generation, innerActive else {
      return Resumptions()
    }
    innerActive = false
    inner = nil
    return ended(.failed(failure), Resumptions(upstream: upstream))
  }

  @inlinable
  mutating func ended(_ end: End, _ resumptions: Resumptions) -> Resumptions {
    self.end = end
    var resumptions = resumptions
    if let consumer = consumer.take() {
      // Nothing was due, or the consumer would not be waiting: the end is its next outcome.
      resumptions.consumer = (consumer, takeReady()!.outcome)
    }
    return resumptions
  }
}
