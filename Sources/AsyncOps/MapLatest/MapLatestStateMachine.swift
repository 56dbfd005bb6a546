/// The logic of ``AsyncMapLatestSequence`` and ``AsyncFlatMapLatestSequence``, as a pure value:
/// no locks, no tasks, no continuations resumed. Each event is a `mutating` method that returns
/// what the caller must do.
///
/// Every upstream element starts an *inner* run in its own task — one transform for `mapLatest`,
/// one inner sequence for `flatMapLatest` — numbered by the element's generation. A newer element
/// supersedes the current run: its task is cancelled, a result of it the consumer has not taken
/// is dropped, and every later event of that generation is ignored, so a stale result is never
/// emitted.
///
/// A run's task is *launched* for an element and *begins* when it first runs, taking the newest
/// element then. At most one launched task waits to begin: an element that arrives while one
/// waits replaces the element it will take, instead of launching another task. An upstream that
/// outpaces task creation therefore leaves no backlog of tasks; an element superseded before any
/// task began for it never starts its transform (it would start already cancelled).
///
/// The waiting parties are generic tokens so that the machine can be unit-tested synchronously:
/// `Consumer` is the continuation of a consumer suspended in `next()`, `Upstream` the task that
/// reads the base, `Inner` the task of an inner run, `InnerWaiter` the continuation of an inner
/// sequence waiting for the consumer to take its element (backpressure: a current inner sequence
/// loses nothing).
///
/// Invariants while running:
/// - a waiting consumer means nothing is ready for it (see ``SingleConsumerState``);
/// - a waiting inner run means its element is due (`innerWaiter != nil` ⇒
///   `consumption.ready != nil`).
@usableFromInline
struct MapLatestStateMachine<
  Input, Element, Failure: Error, Consumer, Upstream, Inner, InnerWaiter
>: SingleConsumerMachine, InvariantChecking {
  /// The consumer half: phase, waiting consumer, the element due for a busy consumer, the end,
  /// the upstream task.
  @usableFromInline typealias Consumption = SingleConsumerState<
    Failure, Consumer, Upstream, Element?
  >

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
    /// Cancel the superseded run (its task, and its waiter, resumed with `false`), then launch a
    /// task with this launch id — or none when a launched task has not begun yet: it will take
    /// the new element.
    case supersede(launching: UInt64?, cancelling: Inner?, stopping: InnerWaiter?)
    /// Nothing to launch, cancel or stop: the launched task, which has not begun yet, will take
    /// the new element. Read the next one. (Apart from `supersede`, so that the reader's most
    /// common step returns a value with nothing to release.)
    case readNext
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

  /// The consumer half; its `ready` is the element emitted while the consumer was busy: its next
  /// `next()` gets it, unless a newer upstream element makes it stale first.
  @usableFromInline var consumption = Consumption()
  /// The generation of the newest upstream element; 0 before the first one.
  @usableFromInline var generation: UInt64 = 0
  /// The newest element, until a launched task begins and takes it.
  @usableFromInline var waitingInput: Input?
  /// The launch id of the task launched for `waitingInput` that has not begun yet.
  @usableFromInline var launched: UInt64?
  /// Its handle, once registered.
  @usableFromInline var launchedTask: Inner?
  @usableFromInline var nextLaunch: UInt64 = 0
  /// The launch id of the run in progress for the newest element (begun, not ended, not
  /// superseded).
  @usableFromInline var active: UInt64?
  /// The task of that run, once registered.
  @usableFromInline var inner: Inner?
  /// The newest inner run, waiting for the consumer to take its due element.
  @usableFromInline var innerWaiter: InnerWaiter?
  /// The upstream finished while an inner run was active: the finish follows that run.
  @usableFromInline var upstreamFinishedEarly = false

  @inlinable
  init() {}

  // MARK: - Consumer

  /// The consumer calls `next()`.
  @inlinable
  mutating func next() -> NextAction {
    defer { checkInvariants() }
    switch consumption.next(operator: "mapLatest") {
    case .deliver(let outcome): return .deliver(ready(outcome))
    case .startUpstream: return .startUpstream
    case .suspend: return .suspend
    }
  }

  /// The consumer is about to suspend: what to resume it with at once, or `nil` when it was
  /// stored and waits.
  @inlinable
  mutating func suspend(_ consumer: Consumer) -> Ready? {
    defer { checkInvariants() }
    return consumption.suspend(consumer, operator: "mapLatest").map { ready($0) }
  }

  /// What the consumer takes with `outcome`: the inner run waiting on a taken element wakes; the
  /// end releases what the runs held.
  @inlinable
  mutating func ready(_ outcome: Result<Element?, Failure>) -> Ready {
    guard consumption.isRunning else {
      finish()
      return Ready(outcome: outcome)
    }
    return Ready(outcome: outcome, innerToResume: innerWaiter.take())
  }

  /// Moves to `.finished`, releasing everything the running state held.
  @inlinable
  mutating func finish() {
    consumption.finish()
    waitingInput = nil
    launched = nil
    launchedTask = nil
    active = nil
    inner = nil
    innerWaiter = nil
    upstreamFinishedEarly = false
  }

  /// The consumer's task was cancelled, or its iterator was dropped: everything stops.
  @inlinable
  mutating func cancelled() -> Resumptions {
    defer { checkInvariants() }
    var resumptions = Resumptions(inner: inner ?? launchedTask, innerWaiter: innerWaiter)
    let (consumer, upstream) = consumption.cancelled()
    resumptions.upstream = upstream
    resumptions.consumer = consumer.map { ($0, .success(nil)) }
    finish()
    return resumptions
  }

  // MARK: - Upstream

  /// The task reading the upstream was created; returned when it must be cancelled at once.
  @inlinable
  mutating func upstreamStarted(_ upstream: Upstream) -> Upstream? {
    defer { checkInvariants() }
    return consumption.upstreamStarted(upstream)
  }

  /// The upstream produced `input`: it supersedes the current run, whose result the consumer has
  /// not taken is stale and dropped.
  @inlinable
  mutating func upstreamProduced(_ input: Input) -> ProduceAction {
    defer { checkInvariants() }
    guard consumption.isRunning, consumption.end == nil else { return .stop }
    consumption.ready = nil
    generation &+= 1
    waitingInput = input
    var cancelling: Inner?
    if active != nil {
      active = nil
      cancelling = inner.take()
    }
    let stopping = innerWaiter.take()
    guard launched == nil else {
      if cancelling == nil, stopping == nil { return .readNext }
      return .supersede(launching: nil, cancelling: cancelling, stopping: stopping)
    }
    let launch = nextLaunch
    nextLaunch &+= 1
    launched = launch
    return .supersede(launching: launch, cancelling: cancelling, stopping: stopping)
  }

  /// Whether a run is launched or in progress for the newest element.
  @inlinable
  var runPending: Bool { launched != nil || active != nil }

  /// The upstream finished: at once with no run pending; otherwise after that run.
  @inlinable
  mutating func upstreamFinished() -> Resumptions {
    defer { checkInvariants() }
    guard consumption.isRunning, consumption.end == nil else { return Resumptions() }
    guard !runPending else {
      upstreamFinishedEarly = true
      return Resumptions()
    }
    return ended(.finished, Resumptions())
  }

  /// The upstream failed: the run is cancelled and the failure delivered at once (after an
  /// element already due).
  @inlinable
  mutating func upstreamFailed(_ failure: Failure) -> Resumptions {
    defer { checkInvariants() }
    guard consumption.isRunning, consumption.end == nil else { return Resumptions() }
    let resumptions = Resumptions(
      inner: inner.take() ?? launchedTask.take(), innerWaiter: innerWaiter.take())
    active = nil
    launched = nil
    waitingInput = nil
    return ended(.failed(failure), resumptions)
  }

  // MARK: - Inner runs

  /// The task of launch `launch` was created. Returns it when it must be cancelled at once: its
  /// run was superseded, or the iteration ended, before it was registered.
  @inlinable
  mutating func innerStarted(_ task: Inner, launch: UInt64) -> Inner? {
    defer { checkInvariants() }
    guard consumption.isRunning else { return task }
    if launched == launch {
      launchedTask = task
    } else if active == launch {
      inner = task
    } else {
      return task
    }
    return nil
  }

  /// The task of launch `launch` begins: it takes the newest element and its generation, or
  /// `nil` when it has nothing to do (the iteration ended).
  @inlinable
  mutating func innerBegan(launch: UInt64) -> (input: Input, generation: UInt64)? {
    defer { checkInvariants() }
    guard consumption.isRunning, launched == launch, let input = waitingInput.take() else {
      return nil
    }
    launched = nil
    active = launch
    inner = launchedTask.take()
    return (input, generation)
  }

  /// Whether events of `generation` belong to the run in progress for the newest element.
  @inlinable
  func isCurrent(_ generation: UInt64) -> Bool {
    consumption.isRunning && active != nil && generation == self.generation
  }

  /// An inner sequence produced `element`.
  @inlinable
  mutating func innerProduced(_ element: Element, generation: UInt64) -> InnerProduceAction {
    defer { checkInvariants() }
    guard isCurrent(generation) else { return .stop }
    if let consumer = consumption.takeConsumer() { return .resumeConsumer(consumer, element) }
    consumption.ready = element
    return .wait
  }

  /// An inner sequence whose element is due is about to suspend. Returns `true` (read on) or
  /// `false` (stop) to resume it with at once, or `nil` when it was stored and waits.
  @inlinable
  mutating func innerSuspend(_ waiter: InnerWaiter, generation: UInt64) -> Bool? {
    defer { checkInvariants() }
    guard isCurrent(generation) else { return false }
    guard consumption.ready != nil else { return true }  // taken meanwhile
    innerWaiter = waiter
    return nil
  }

  /// An inner run ended normally; `last` is a final element to emit with it (the transform's
  /// result, for `mapLatest`). Ignored for a superseded run.
  @inlinable
  mutating func innerFinished(generation: UInt64, last: Element?) -> Resumptions {
    defer { checkInvariants() }
    guard isCurrent(generation) else { return Resumptions() }
    active = nil
    inner = nil
    var resumptions = Resumptions()
    if let last {
      if let consumer = consumption.takeConsumer() {
        resumptions.consumer = (consumer, .success(last))
      } else {
        consumption.ready = last
      }
    }
    guard upstreamFinishedEarly, !runPending else { return resumptions }
    return ended(.finished, resumptions)
  }

  /// An inner run failed: the sequence ends with the failure (after an element already due) and
  /// the upstream is cancelled. Ignored for a superseded run, whose failure is its cancellation.
  @inlinable
  mutating func innerFailed(_ failure: Failure, generation: UInt64) -> Resumptions {
    defer { checkInvariants() }
    guard isCurrent(generation) else { return Resumptions() }
    active = nil
    inner = nil
    return ended(.failed(failure), Resumptions(upstream: consumption.upstream))
  }

  @inlinable
  mutating func ended(_ end: Consumption.End, _ resumptions: Resumptions) -> Resumptions {
    var resumptions = resumptions
    if let waiting = consumption.ended(end) {
      // Nothing was due, or the consumer would not be waiting: the end is its outcome.
      resumptions.consumer = waiting
      finish()
    }
    return resumptions
  }

  // MARK: - Invariants

  /// Asserts the invariants (a no-op in release builds): the consumer half's; a waiting inner run
  /// means its element is due; a launched task that has not begun has an element to take;
  /// nothing of a run is held once the iteration is over.
  @inlinable
  func checkInvariants() {
    consumption.checkInvariants()
    assert(
      innerWaiter == nil || consumption.ready != nil,
      "mapLatest: an inner run waits with no element due")
    assert(
      launched == nil || waitingInput != nil, "mapLatest: a launched task has no element to take")
    if !consumption.isRunning {
      assert(
        launched == nil && active == nil && inner == nil && launchedTask == nil
          && innerWaiter == nil && waitingInput == nil,
        "mapLatest: a run is held after the iteration ended")
    }
  }
}
