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
  // The consumer's and the timer's events, and the upstream's start, are the half shared with
  // debounce (`ClockDrivenStateMachine+TimerHalf`); this type decides what an element, the end
  // and the timer's wake-up do.

  @inlinable
  static var operatorName: StaticString { "throttle" }

  @usableFromInline var consumption = SingleConsumerState<Failure, Consumer, Upstream, Element?>()
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

  /// Moves to finished, releasing everything the running state held.
  @inlinable
  mutating func finish() {
    releaseRunningState()
    finishAfterPending = false
  }

  // MARK: - Upstream

  /// The upstream produced `element` at `now`. A pending element due by `now` is emitted first
  /// (the timer of an instant comes before its inputs). Then the element is emitted at once when
  /// nothing is pending and the interval since the last emission has passed; otherwise it
  /// becomes (or, with `latest`, replaces) the pending element, due at the last emission + the
  /// interval.
  @inlinable
  mutating func upstreamProduced(
    _ element: Element, at now: Instant
  ) -> ClockDrivenProduceAction<Element, Consumer, TimerWaiter> {
    defer { checkInvariants() }
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
    pendingDeadline = lastEmission.advanced(by: interval)
    return makePending(element, after: action)
  }

  /// The upstream finished: a pending element is still emitted at its due instant, then the
  /// finish; with nothing pending the finish is delivered at once.
  @inlinable
  mutating func upstreamFinished() -> ClockDrivenResumptions<
    Element, Failure, Consumer, TimerWaiter, Upstream
  > {
    defer { checkInvariants() }
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
  mutating func upstreamFailed(
    _ failure: Failure
  ) -> ClockDrivenResumptions<Element, Failure, Consumer, TimerWaiter, Upstream> {
    defer { checkInvariants() }
    guard consumption.isRunning else { return Resumptions() }
    pendingElement = nil
    return ended(.failed(failure))
  }

  // MARK: - Timer

  /// After a finish, a pending element is still due on the timer.
  @inlinable
  var needsTimerAfterUpstreamEnded: Bool { consumption.isRunning && finishAfterPending }

  /// The timer woke at `now`: emits the pending element when it is due (then the finish, when
  /// the upstream finished meanwhile); returns the consumer to resume with it, if one waits.
  @inlinable
  mutating func timerFired(at now: Instant) -> (Consumer, Element)? {
    defer { checkInvariants() }
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

  /// Emits `element` at `instant`, which becomes the last emission (see ``emit(_:)`` for who
  /// takes it).
  @inlinable
  mutating func emit(_ element: Element, at instant: Instant) -> Consumer? {
    hasEmitted = true
    lastEmission = instant
    return emit(element)
  }

  /// Asserts the invariants (a no-op in release builds): the shared half's, and a pending element
  /// is due one interval after the last emission.
  @inlinable
  func checkInvariants() {
    checkTimerHalfInvariants()
    assert(
      pendingElement == nil
        || (hasEmitted && pendingDeadline == lastEmission.advanced(by: interval)),
      "throttle: the pending element is not due one interval after the last emission")
  }
}
