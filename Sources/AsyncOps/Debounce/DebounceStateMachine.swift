/// The logic of ``AsyncDebounceSequence``, as a pure value: no locks, no tasks, no continuations
/// resumed. Each event is a `mutating` method that returns what the caller must do.
///
/// The waiting parties are generic tokens so that the machine can be unit-tested synchronously:
/// `Consumer` is the continuation of a consumer suspended in `next()`, `TimerWaiter` the
/// continuation of the timer task parked while nothing is pending, `Upstream` the handle of the
/// task that reads the base.
///
/// Invariants while running:
/// - a waiting consumer means nothing is ready for it (`due == nil`, `end == nil`);
/// - a parked timer means nothing is pending (`pending == nil`), so one timer task suffices: it
///   sleeps until the pending deadline, and when it wakes to find that a newer element moved the
///   deadline, it sleeps again instead of being cancelled and recreated per element.
@usableFromInline
struct DebounceStateMachine<
  Element, Failure: Error, Instant: InstantProtocol, Consumer, TimerWaiter, Upstream
> {
  /// How the upstream ended, kept until the consumer has taken every element before it.
  @usableFromInline
  enum End {
    case finished
    case failed(Failure)
  }

  /// The newest element, waiting for its deadline.
  @usableFromInline
  struct Pending {
    @usableFromInline var element: Element
    @usableFromInline var deadline: Instant

    @inlinable
    init(element: Element, deadline: Instant) {
      self.element = element
      self.deadline = deadline
    }
  }

  /// The timer task is either busy (sleeping, or about to ask for a deadline) or parked.
  @usableFromInline
  enum Timer {
    case active
    case parked(TimerWaiter)
  }

  @usableFromInline
  struct Running {
    @usableFromInline var upstream: Upstream?
    @usableFromInline var consumer: Consumer?
    @usableFromInline var timer: Timer = .active
    @usableFromInline var pending: Pending?
    /// An element whose deadline passed while the consumer was busy: the next `next()` gets it.
    @usableFromInline var due: Element?
    @usableFromInline var end: End?

    @inlinable
    init() {}
  }

  @usableFromInline
  enum State {
    /// No `next()` yet: no task runs.
    case initial
    case running(Running)
    /// The consumer received the end, or was cancelled: every later `next()` returns `nil`.
    case finished
  }

  /// What `next()` must do.
  @usableFromInline
  enum NextAction {
    /// Return (or throw) this at once.
    case deliver(Result<Element?, Failure>)
    /// Start the task that reads the upstream, then suspend.
    case startUpstream
    case suspend
  }

  /// What the upstream reader must do after an element.
  @usableFromInline
  enum ProduceAction {
    case none
    /// The pending element was due: hand it to the waiting consumer.
    case resumeConsumer(Consumer, Element)
    /// The parked timer must sleep until this deadline.
    case resumeTimer(TimerWaiter, Instant)
    /// The consumer is gone: stop reading.
    case stop
  }

  /// What the timer task must do next.
  @usableFromInline
  enum TimerAction {
    case sleep(until: Instant)
    case park
    case stop
  }

  /// Who must be resumed after the upstream ended or the consumer was cancelled.
  @usableFromInline
  struct Resumptions {
    @usableFromInline var consumer: (Consumer, Result<Element?, Failure>)?
    @usableFromInline var timer: TimerWaiter?
    @usableFromInline var upstream: Upstream?

    @inlinable
    init(
      consumer: (Consumer, Result<Element?, Failure>)? = nil, timer: TimerWaiter? = nil,
      upstream: Upstream? = nil
    ) {
      self.consumer = consumer
      self.timer = timer
      self.upstream = upstream
    }
  }

  @usableFromInline var state: State = .initial
  @usableFromInline let interval: Instant.Duration

  /// Creates the machine of a debounce by `interval`.
  @inlinable
  init(interval: Instant.Duration) {
    self.interval = interval
  }

  // MARK: - Consumer

  /// The consumer calls `next()`.
  @inlinable
  mutating func next() -> NextAction {
    switch state {
    case .initial:
      state = .running(Running())
      return .startUpstream
    case .running(var running):
      precondition(running.consumer == nil, "next() called concurrently on one iterator")
      guard let ready = takeReady(&running) else { return .suspend }
      return .deliver(ready)
    case .finished:
      return .deliver(.success(nil))
    }
  }

  /// The consumer is about to suspend; something may have become ready since ``next()``.
  /// Returns the outcome to resume it with at once, or `nil` when it was stored and waits.
  @inlinable
  mutating func suspend(_ consumer: Consumer) -> Result<Element?, Failure>? {
    switch state {
    case .initial:
      preconditionFailure("suspend(_:) before next()")
    case .running(var running):
      if let ready = takeReady(&running) { return ready }
      running.consumer = consumer
      state = .running(running)
      return nil
    case .finished:
      return .success(nil)
    }
  }

  /// Takes the due element, else the end; updates `state` either way.
  @inlinable
  mutating func takeReady(_ running: inout Running) -> Result<Element?, Failure>? {
    if let element = running.due {
      running.due = nil
      state = .running(running)
      return .success(element)
    }
    guard let end = running.end else { return nil }
    state = .finished
    switch end {
    case .finished: return .success(nil)
    case .failed(let failure): return .failure(failure)
    }
  }

  /// The consumer's task was cancelled, or its iterator was dropped.
  @inlinable
  mutating func cancelled() -> Resumptions {
    defer { state = .finished }
    guard case .running(let running) = state else { return Resumptions() }
    var resumptions = Resumptions(upstream: running.upstream)
    if let consumer = running.consumer { resumptions.consumer = (consumer, .success(nil)) }
    if case .parked(let waiter) = running.timer { resumptions.timer = waiter }
    return resumptions
  }

  // MARK: - Upstream

  /// The task reading the upstream was created. Returns it when it must be cancelled at once
  /// because the consumer is already gone.
  @inlinable
  mutating func upstreamStarted(_ upstream: Upstream) -> Upstream? {
    guard case .running(var running) = state else { return upstream }
    running.upstream = upstream
    state = .running(running)
    return nil
  }

  /// The upstream produced `element` at `now`. A pending element due by `now` is emitted first
  /// (an element arriving exactly at the deadline comes after the timer).
  @inlinable
  mutating func upstreamProduced(_ element: Element, at now: Instant) -> ProduceAction {
    guard case .running(var running) = state else { return .stop }
    var action = ProduceAction.none
    if let pending = running.pending, pending.deadline <= now {
      if let consumer = emit(pending.element, &running) {
        action = .resumeConsumer(consumer, pending.element)
      }
    }
    let deadline = now.advanced(by: interval)
    running.pending = Pending(element: element, deadline: deadline)
    if case .parked(let waiter) = running.timer {
      running.timer = .active
      action = .resumeTimer(waiter, deadline)
    }
    state = .running(running)
    return action
  }

  /// The upstream finished: the pending element is emitted at once, then the finish.
  @inlinable
  mutating func upstreamFinished() -> Resumptions {
    guard case .running(var running) = state else { return Resumptions() }
    var resumptions = Resumptions()
    if let pending = running.pending, let consumer = emit(pending.element, &running) {
      resumptions.consumer = (consumer, .success(pending.element))
    }
    running.pending = nil
    running.end = .finished
    return ended(running, resumptions)
  }

  /// The upstream failed: the pending element is dropped and the failure delivered at once (an
  /// element already due is delivered before it).
  @inlinable
  mutating func upstreamFailed(_ failure: Failure) -> Resumptions {
    guard case .running(var running) = state else { return Resumptions() }
    running.pending = nil
    running.end = .failed(failure)
    return ended(running, Resumptions())
  }

  @inlinable
  mutating func ended(_ running: Running, _ resumptions: Resumptions) -> Resumptions {
    var running = running
    var resumptions = resumptions
    if case .parked(let waiter) = running.timer {
      running.timer = .active
      resumptions.timer = waiter
    }
    if let consumer = running.consumer {
      running.consumer = nil
      // Nothing was due, or the consumer would not be waiting: the end is the next outcome.
      resumptions.consumer = (consumer, takeReady(&running)!)
    } else {
      state = .running(running)
    }
    return resumptions
  }

  // MARK: - Timer

  /// The timer task asks what to do: sleep until the pending deadline, park, or stop.
  @inlinable
  func nextDeadline() -> TimerAction {
    guard case .running(let running) = state, running.end == nil else { return .stop }
    guard let pending = running.pending else { return .park }
    return .sleep(until: pending.deadline)
  }

  /// The timer task is about to park. Returns `.some(deadline)` or `.some(nil)` (stop) to resume
  /// it with at once, or `nil` when it was stored and waits for an element.
  @inlinable
  mutating func park(_ waiter: TimerWaiter) -> Instant?? {
    guard case .running(var running) = state, running.end == nil else { return .some(nil) }
    if let pending = running.pending { return .some(pending.deadline) }
    running.timer = .parked(waiter)
    state = .running(running)
    return nil
  }

  /// The timer woke at `now`. Emits the pending element when it is due; returns the consumer to
  /// resume with it, if one waits.
  @inlinable
  mutating func timerFired(at now: Instant) -> (Consumer, Element)? {
    guard case .running(var running) = state, let pending = running.pending,
      pending.deadline <= now
    else { return nil }
    running.pending = nil
    let consumer = emit(pending.element, &running)
    state = .running(running)
    return consumer.map { ($0, pending.element) }
  }

  /// Emits `element`: the waiting consumer takes it (and is returned), or it becomes the due
  /// element, replacing an older one the busy consumer has not taken.
  @inlinable
  func emit(_ element: Element, _ running: inout Running) -> Consumer? {
    if let consumer = running.consumer {
      running.consumer = nil
      return consumer
    }
    running.due = element
    return nil
  }
}

extension DebounceStateMachine.NextAction: Equatable
where Element: Equatable, Failure: Equatable {}

extension DebounceStateMachine.ProduceAction: Equatable
where Element: Equatable, Consumer: Equatable, TimerWaiter: Equatable {}

extension DebounceStateMachine.TimerAction: Equatable {}
