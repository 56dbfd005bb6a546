/// The logic of ``AsyncThrottleSequence``, as a pure value: no locks, no tasks, no continuations
/// resumed. Each event is a `mutating` method that returns what the caller must do; the storage
/// (``ClockDrivenStorage``, shared with debounce) performs it.
///
/// Tokens as in ``DebounceStateMachine``: `Consumer` is the continuation of a consumer suspended in
/// `next()`, `TimerWaiter` the parked timer task, `Upstream` the task reading the base.
///
/// Invariants while running:
/// - a waiting consumer means nothing is ready for it (see ``SingleConsumerState``);
/// - a parked timer means nothing is pending (`pendingElement == nil`);
/// - `pendingDeadline` is `lastEmission + interval` while an element is pending.
@usableFromInline
struct ThrottleStateMachine<
  Element, Failure: Error, Instant: InstantProtocol, Consumer, TimerWaiter, Upstream
>: ClockDrivenStateMachine {
  @usableFromInline typealias NextAction = ClockDrivenNextAction<Element, Failure>
  @usableFromInline typealias ProduceAction = ClockDrivenProduceAction<
    Element, Consumer, TimerWaiter
  >
  @usableFromInline typealias TimerAction = ClockDrivenTimerAction<Instant>
  @usableFromInline typealias Resumptions = ClockDrivenResumptions<
    Element, Failure, Consumer, TimerWaiter, Upstream
  >

  /// The consumer half (shared with debounce and buffer): phase, waiting consumer, the element
  /// emitted for a busy consumer, the end, the upstream task.
  @usableFromInline typealias Consumption = SingleConsumerState<
    Failure, Consumer, Upstream, Element?
  >

  @usableFromInline var consumption = Consumption()
  @usableFromInline let interval: Instant.Duration
  /// While an element is pending, newer ones replace it (`true`) or are dropped (`false`).
  @usableFromInline let latest: Bool
  /// The timer task, when it is parked because nothing is pending.
  @usableFromInline var parkedTimer: TimerWaiter?
  /// The element waiting for the end of the interval since the last emission.
  @usableFromInline var pendingElement: Element?
  /// When `pendingElement` is due: the last emission + the interval.
  @usableFromInline var pendingDeadline: Instant
  /// Whether anything was emitted yet; until then an element is emitted at once.
  @usableFromInline var hasEmitted = false
  /// The instant of the last emission; meaningless while `hasEmitted` is `false`.
  @usableFromInline var lastEmission: Instant
  /// The upstream finished while an element was pending: the finish follows that element.
  @usableFromInline var finishAfterPending = false

  /// Creates the machine of a throttle by `interval`; `origin` is any instant of the clock.
  @inlinable
  init(interval: Instant.Duration, origin: Instant, latest: Bool = true) {
    self.interval = interval
    self.latest = latest
    self.pendingDeadline = origin
    self.lastEmission = origin
  }

  // MARK: - Consumer

  /// The consumer calls `next()`.
  @inlinable
  mutating func next() -> NextAction {
    consumption.next(operator: "throttle")
  }

  /// The consumer is about to suspend: the outcome to resume it with at once, or `nil` when it
  /// was stored and waits.
  @inlinable
  mutating func suspend(_ consumer: Consumer) -> Result<Element?, Failure>? {
    consumption.suspend(consumer, operator: "throttle")
  }

  /// Moves to finished, releasing everything the running state held.
  @inlinable
  mutating func finish() {
    consumption.finish()
    parkedTimer = nil
    pendingElement = nil
    finishAfterPending = false
  }

  /// The consumer's task was cancelled, or its iterator was dropped.
  @inlinable
  mutating func cancelled() -> Resumptions {
    let timer = consumption.isRunning ? parkedTimer : nil
    let (consumer, upstream) = consumption.cancelled()
    finish()
    return Resumptions(
      consumer: consumer.map { ($0, .success(nil)) }, timer: timer, upstream: upstream)
  }

  // MARK: - Upstream

  /// The task reading the upstream was created; returned when it must be cancelled at once.
  @inlinable
  mutating func upstreamStarted(_ upstream: Upstream) -> Upstream? {
    consumption.upstreamStarted(upstream)
  }

  /// The upstream produced `element` at `now`. A pending element due by `now` is emitted first
  /// (the timer of an instant comes before its inputs). Then the element is emitted at once when
  /// nothing is pending and the interval since the last emission has passed; otherwise it
  /// becomes (or, with `latest`, replaces) the pending element, due at the last emission + the
  /// interval.
  @inlinable
  mutating func upstreamProduced(_ element: Element, at now: Instant) -> ProduceAction {
    guard consumption.isRunning else { return .stop }
    var action = ProduceAction.none
    if let pending = pendingElement, pendingDeadline <= now {
      pendingElement = nil
      if let consumer = emit(pending, at: pendingDeadline) {
        action = .resumeConsumer(consumer, pending)
      }
    }
    if pendingElement != nil {
      if latest { pendingElement = element }
      return action
    }
    if !hasEmitted || lastEmission.advanced(by: interval) <= now {
      if let consumer = emit(element, at: now) { action = .resumeConsumer(consumer, element) }
      return action
    }
    pendingElement = element
    pendingDeadline = lastEmission.advanced(by: interval)
    if let timer = parkedTimer.take() {
      // A parked timer means nothing was pending, so nothing was emitted above.
      action = .resumeTimer(timer)
    }
    return action
  }

  /// The upstream finished: a pending element is still emitted at its due instant, then the
  /// finish; with nothing pending the finish is delivered at once.
  @inlinable
  mutating func upstreamFinished() -> Resumptions {
    guard consumption.isRunning else { return Resumptions() }
    if pendingElement != nil {
      finishAfterPending = true
      return Resumptions()
    }
    return ended(.finished)
  }

  /// The upstream failed: the pending element is dropped and the failure delivered at once (an
  /// element already emitted but not yet taken is delivered before it).
  @inlinable
  mutating func upstreamFailed(_ failure: Failure) -> Resumptions {
    guard consumption.isRunning else { return Resumptions() }
    pendingElement = nil
    return ended(.failed(failure))
  }

  @inlinable
  mutating func ended(_ end: Consumption.End) -> Resumptions {
    var resumptions = Resumptions(timer: parkedTimer.take())
    if let waiting = consumption.ended(end) { resumptions.consumer = waiting }
    return resumptions
  }

  // MARK: - Timer

  /// After a finish, a pending element is still due on the timer.
  @inlinable
  var needsTimerAfterUpstreamEnded: Bool { consumption.isRunning && finishAfterPending }

  /// The timer task asks what to do: sleep until the pending deadline, park, or stop.
  @inlinable
  func nextDeadline() -> TimerAction {
    guard consumption.isRunning, consumption.end == nil else { return .stop }
    guard pendingElement != nil else { return .park }
    return .sleep(until: pendingDeadline)
  }

  /// The timer task is about to park: `true` (ask again) or `false` (stop) to resume it with at
  /// once, or `nil` when it was stored and waits for an element.
  @inlinable
  mutating func park(_ timer: TimerWaiter) -> Bool? {
    guard consumption.isRunning, consumption.end == nil else { return false }
    if pendingElement != nil { return true }
    parkedTimer = timer
    return nil
  }

  /// The timer woke at `now`: emits the pending element when it is due (then the finish, when
  /// the upstream finished meanwhile); returns the consumer to resume with it, if one waits.
  @inlinable
  mutating func timerFired(at now: Instant) -> (Consumer, Element)? {
    guard consumption.isRunning, let pending = pendingElement, pendingDeadline <= now else {
      return nil
    }
    pendingElement = nil
    let consumer = emit(pending, at: pendingDeadline)
    if finishAfterPending {
      // The consumer (if it waits) takes the element now and the finish from its next `next()`.
      consumption.end = .finished
    }
    return consumer.map { ($0, pending) }
  }

  /// Emits `element` at `instant`: the waiting consumer takes it (and is returned), or it
  /// becomes the due element, replacing an older one the busy consumer has not taken.
  @inlinable
  mutating func emit(_ element: Element, at instant: Instant) -> Consumer? {
    hasEmitted = true
    lastEmission = instant
    if let consumer = consumption.takeConsumer() { return consumer }
    consumption.ready = element
    return nil
  }
}
