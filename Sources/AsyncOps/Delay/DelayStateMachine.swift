/// The logic of ``AsyncDelaySequence``, as a pure value: every event of the base is scheduled at
/// its arrival + the interval and handed on, in order, when the timer reaches it.
///
/// Delay rule 1: the base is read continuously (never parked); a busy consumer finds the elements
/// that fell due queued, in order. Delay rule 2: the finish and a failure keep their place, at
/// their own arrival + the interval; an interval of zero (or less) hands every event on at once.
@usableFromInline
struct DelayStateMachine<Element, Failure: Error, Instant: InstantProtocol, Consumer, Waiter>:
  DrivenStateMachine
{
  @usableFromInline typealias Core = DrivenCore<Element, Failure, Consumer, Waiter>
  @usableFromInline typealias Effects = Core.Effects
  @usableFromInline typealias BaseElement = Element
  @usableFromInline typealias OtherElement = Element

  /// An event of the base.
  @usableFromInline
  enum Event {
    case element(Element)
    case end(Core.Consumption.End)
  }

  /// An event of the base and the instant it is due.
  @usableFromInline
  struct Scheduled {
    @usableFromInline var event: Event
    @usableFromInline var due: Instant

    @inlinable
    init(event: Event, due: Instant) {
      self.event = event
      self.due = due
    }
  }

  @usableFromInline static var operatorName: StaticString { "delay" }

  @usableFromInline var core = Core()
  /// The events not yet due, in arrival order (so in due order).
  @usableFromInline var scheduled = RingBuffer<Scheduled>()
  @usableFromInline let interval: Instant.Duration

  @inlinable
  init(interval: Instant.Duration) {
    self.interval = interval
  }

  @inlinable
  var passesThrough: Bool { interval <= .zero }

  @inlinable
  mutating func cancelled() -> Effects {
    scheduled.removeAll()
    return core.cancelled()
  }

  @inlinable
  mutating func baseProduced(
    _ element: Element, at now: @autoclosure () -> Instant
  ) -> (DrivenReadAction, Effects) {
    var effects = Effects()
    guard core.isLive else { return (.stop, effects) }
    schedule(.element(element), at: now(), into: &effects)
    return (.read, effects)
  }

  @inlinable
  mutating func baseEnded(_ failure: Failure?, at now: Instant) -> Effects {
    var effects = Effects()
    guard core.isLive else { return effects }
    schedule(.end(failure.map { .failed($0) } ?? .finished), at: now, into: &effects)
    return effects
  }

  /// Hands the event on at once when nothing is delayed, else queues it for the timer.
  @inlinable
  mutating func schedule(
    _ event: Event, at now: @autoclosure () -> Instant, into effects: inout Effects
  ) {
    if passesThrough && scheduled.isEmpty {
      deliver(event, into: &effects)
      return
    }
    scheduled.append(Scheduled(event: event, due: now().advanced(by: interval)))
    core.wakeTimer(into: &effects)
  }

  @inlinable
  mutating func deliver(_ event: Event, into effects: inout Effects) {
    switch event {
    case .element(let element): core.emit(element, into: &effects)
    case .end(let end): core.end(end, into: &effects)
    }
  }

  @inlinable
  mutating func parkReader(_ reader: Waiter) -> Bool? { true }

  @inlinable
  func nextDeadline() -> ClockDrivenTimerAction<Instant> {
    guard core.isLive else { return .stop }
    guard let first = scheduled.first else { return .park }
    return .sleep(until: first.due)
  }

  @inlinable
  mutating func parkTimer(_ timer: Waiter) -> Bool? {
    guard core.isLive else { return false }
    guard scheduled.isEmpty else { return true }
    core.idleTimer = timer
    return nil
  }

  /// Hands on every event due by `now`, in order: the first element to a waiting consumer, the
  /// rest queued for it.
  @inlinable
  mutating func timerFired(at now: Instant) -> Effects {
    var effects = Effects()
    while core.isLive, let first = scheduled.first, first.due <= now {
      _ = scheduled.popFirst()
      deliver(first.event, into: &effects)
    }
    return effects
  }
}
