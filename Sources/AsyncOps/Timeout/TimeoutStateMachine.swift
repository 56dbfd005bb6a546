/// The logic of ``AsyncTimeoutSequence``, as a pure value.
///
/// Timeout rule 1: each `next()` that finds nothing ready sets a deadline `interval` later; when
/// the timer reaches it with the consumer still waiting, the consumer gets the timeout failure,
/// the base is cancelled and every later `next()` returns `nil`. The timer fires before an element
/// of the same instant (the storage's timer is already asleep when the element is delivered).
/// Timeout rule 2: a failure of the base is delivered at once; an interval of zero (or less) fails
/// the first `next()` that finds nothing ready.
///
/// The base is read one element ahead at most (the reader parks while an element is ready).
@usableFromInline
struct TimeoutStateMachine<Element, Failure: Error, Instant: InstantProtocol, Consumer, Waiter>:
  DrivenStateMachine
{
  @usableFromInline typealias Core = DrivenCore<Element, Failure, Consumer, Waiter>
  @usableFromInline typealias Effects = Core.Effects
  @usableFromInline typealias BaseElement = Element
  @usableFromInline typealias OtherElement = Element

  @usableFromInline static var operatorName: StaticString { "timeout" }

  @usableFromInline var core = Core()
  @usableFromInline let interval: Instant.Duration
  /// `interval <= .zero`, compared once: a generic `Duration`'s zero and comparison are calls into
  /// the standard library, made on every wait otherwise.
  @usableFromInline let expiresAtOnce: Bool
  /// What a consumer that waited too long receives.
  @usableFromInline let timeoutFailure: Failure
  /// When the waiting consumer times out; `nil` while it is not waiting.
  @usableFromInline var deadline: Instant?

  @inlinable
  init(interval: Instant.Duration, timeoutFailure: Failure) {
    self.interval = interval
    self.expiresAtOnce = interval <= .zero
    self.timeoutFailure = timeoutFailure
  }

  @inlinable
  mutating func next(
    at now: @autoclosure () -> Instant
  ) -> (SingleConsumerNextAction<Element, Failure>, Effects) {
    let (action, effects) = core.next(operator: Self.operatorName)
    switch action {
    case .deliver:
      return (action, effects)
    case .startUpstream, .suspend:
      if expiresAtOnce {
        // Timeout rule 2: a zero interval is due at once, before anything can arrive.
        var effects = effects
        core.end(.failed(timeoutFailure), into: &effects)
        let outcome = core.consumption.takeReady() ?? .success(nil)
        return (.deliver(outcome), effects)
      }
      deadline = now().advanced(by: interval)
      var effects = effects
      core.wakeTimer(into: &effects)
      return (action, effects)
    }
  }

  @inlinable
  mutating func suspend(_ consumer: Consumer) -> (Result<Element?, Failure>?, Effects) {
    let (outcome, effects) = core.suspend(consumer, operator: Self.operatorName)
    if outcome != nil { deadline = nil }
    return (outcome, effects)
  }

  @inlinable
  mutating func cancelled() -> Effects {
    deadline = nil
    return core.cancelled()
  }

  @inlinable
  mutating func baseProduced(
    _ element: Element, at now: @autoclosure () -> Instant
  ) -> (DrivenReadAction, Effects) {
    var effects = Effects()
    guard core.isLive else { return (.stop, effects) }
    core.emit(element, into: &effects)
    if effects.consumer != nil { deadline = nil }
    return (core.readAction, effects)
  }

  @inlinable
  mutating func baseEnded(_ failure: Failure?, at now: Instant) -> Effects {
    var effects = Effects()
    deadline = nil
    core.end(failure.map { .failed($0) } ?? .finished, into: &effects)
    return effects
  }

  @inlinable
  func nextDeadline() -> ClockDrivenTimerAction<Instant> {
    guard core.isLive else { return .stop }
    guard let deadline else { return .park }
    return .sleep(until: deadline)
  }

  @inlinable
  mutating func parkTimer(_ timer: Waiter) -> Bool? {
    guard core.isLive else { return false }
    guard deadline == nil else { return true }
    core.idleTimer = timer
    return nil
  }

  /// The waiting consumer times out if its deadline has passed (a timer that slept until an
  /// older deadline, since met, wakes to nothing).
  @inlinable
  mutating func timerFired(at now: Instant) -> Effects {
    var effects = Effects()
    guard core.isLive, let deadline, deadline <= now else { return effects }
    self.deadline = nil
    core.end(.failed(timeoutFailure), dropsReady: true, into: &effects)
    return effects
  }
}
