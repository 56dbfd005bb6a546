/// The events of an operator that reads its base continuously and emits on a timer — `debounce`
/// and `throttle` — so that one concurrency shell, ``ClockDrivenStorage``, runs both.
///
/// A conforming machine is a pure value: each event is a `mutating` method that returns what the
/// storage must do. `Consumer` is the continuation of a consumer suspended in `next()`,
/// `TimerWaiter` the continuation of the timer task parked while nothing is pending, `Upstream`
/// the handle of the task that reads the base; tests use plain strings for all three.
///
/// The contract the storage relies on: a parked timer means nothing is pending (one timer task
/// suffices: it sleeps until the deadline the machine names and re-asks when it wakes), and a
/// waiting consumer means nothing is ready for it.
///
/// The events both operators handle alike (the consumer's, the timer's, the upstream's start) are
/// default implementations over the state listed first below (`ClockDrivenStateMachine+TimerHalf`);
/// a machine writes only the events its rule decides.
@usableFromInline
protocol ClockDrivenStateMachine: SingleConsumerMachine, InvariantChecking, SendableMetatype {
  associatedtype Element
  associatedtype Failure: Error
  associatedtype Instant: InstantProtocol
  associatedtype Consumer
  associatedtype TimerWaiter

  // The machines' bodies spell their actions with these. A machine's own event signatures spell
  // the full types: a witness named with these makes associated-type inference recurse (Swift 6.3).
  typealias Consumption = SingleConsumerState<
    Failure, Consumer, Upstream, Element?
  >
  typealias NextAction = SingleConsumerNextAction<Element, Failure>
  typealias ProduceAction = ClockDrivenProduceAction<
    Element, Consumer, TimerWaiter
  >
  typealias TimerAction = ClockDrivenTimerAction<Instant>
  typealias Resumptions = ClockDrivenResumptions<
    Element, Failure, Consumer, TimerWaiter, Upstream
  >

  /// The operator's name, for the message of a misused iterator.
  static var operatorName: StaticString { get }
  /// The consumer half: phase, waiting consumer, the element due for a busy consumer, the end,
  /// the upstream task.
  var consumption: SingleConsumerState<Failure, Consumer, Upstream, Element?> { get set }
  /// The timer task, when it is parked because nothing is pending.
  var parkedTimer: TimerWaiter? { get set }
  /// The element waiting for its deadline.
  var pendingElement: Element? { get set }
  /// When `pendingElement` is due.
  var pendingDeadline: Instant { get }
  /// Moves to finished, releasing everything the running state held (``releaseRunningState()``
  /// and the machine's own state).
  mutating func finish()

  /// The consumer calls `next()`.
  mutating func next() -> SingleConsumerNextAction<Element, Failure>
  /// The consumer is about to suspend: the outcome to resume it with at once, or `nil` when it
  /// was stored and waits.
  mutating func suspend(_ consumer: Consumer) -> Result<Element?, Failure>?
  /// The consumer's task was cancelled, or its iterator was dropped.
  mutating func cancelled() -> ClockDrivenResumptions<
    Element, Failure, Consumer, TimerWaiter, Upstream
  >
  /// The upstream produced `element` at `now`.
  mutating func upstreamProduced(_ element: Element, at now: Instant) -> ClockDrivenProduceAction<
    Element, Consumer, TimerWaiter
  >
  /// The upstream finished.
  mutating func upstreamFinished() -> ClockDrivenResumptions<
    Element, Failure, Consumer, TimerWaiter, Upstream
  >
  /// The upstream failed.
  mutating func upstreamFailed(_ failure: Failure) -> ClockDrivenResumptions<
    Element, Failure, Consumer, TimerWaiter, Upstream
  >
  /// The timer task asks what to do next.
  func nextDeadline() -> ClockDrivenTimerAction<Instant>
  /// The timer task is about to park: `true` (ask again) or `false` (stop) to resume it with at
  /// once, or `nil` when it was stored and waits.
  mutating func park(_ timer: TimerWaiter) -> Bool?
  /// Whether the timer must go on once the upstream has ended (an element is still due on it).
  var needsTimerAfterUpstreamEnded: Bool { get }
  /// The timer woke at `now`: the consumer to resume with the element that fell due, if any.
  mutating func timerFired(at now: Instant) -> (Consumer, Element)?
}

/// What the upstream reader must do after an element.
@usableFromInline
enum ClockDrivenProduceAction<Element, Consumer, TimerWaiter> {
  case none
  /// An element was emitted: hand it to the waiting consumer.
  case resumeConsumer(Consumer, Element)
  /// The parked timer must wake and ask for the new deadline.
  case resumeTimer(TimerWaiter)
  /// The consumer is gone: stop reading.
  case stop
}

/// What the timer task must do next.
@usableFromInline
enum ClockDrivenTimerAction<Instant: InstantProtocol> {
  case sleep(until: Instant)
  case park
  case stop
}

/// Who must be resumed (or cancelled) after the upstream ended or the consumer was cancelled.
@usableFromInline
struct ClockDrivenResumptions<Element, Failure: Error, Consumer, TimerWaiter, Upstream> {
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

extension ClockDrivenProduceAction: Equatable
where Element: Equatable, Consumer: Equatable, TimerWaiter: Equatable {}

extension ClockDrivenTimerAction: Equatable {}
