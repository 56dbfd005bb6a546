/// The events of a single-consumer operator whose one consumer is fed by a task that reads its
/// base, optionally a second base read beside it, and optionally a timer — `delay`, `timeout`,
/// `withLatestFrom` and `prefix(untilOutputFrom:)` — so that one concurrency shell,
/// ``DrivenStorage``, runs them all.
///
/// A conforming machine is a pure value: each event is a `mutating` method that returns what the
/// storage must do (``DrivenEffects``). `Consumer` is the continuation of a consumer suspended in
/// `next()`; `Waiter` the continuation of the base reader or the timer task while it is parked;
/// tests use plain strings for both. The consumer half is a ``DrivenCore``.
@usableFromInline
protocol DrivenStateMachine: SendableMetatype {
  associatedtype Element
  associatedtype Failure: Error
  /// The element of the base read by the reader task.
  associatedtype BaseElement
  /// The element of the second base, if the operator reads one.
  associatedtype OtherElement
  associatedtype Instant: InstantProtocol
  associatedtype Consumer
  associatedtype Waiter

  /// The operator's name, for the message of a misused iterator.
  static var operatorName: StaticString { get }
  /// The consumer half, with the parked reader and timer.
  var core: DrivenCore<Element, Failure, Consumer, Waiter> { get set }

  /// The consumer calls `next()` at `now`, which a machine evaluates only when it needs the
  /// instant: the shell's clock read is a system clock call, paid on every `next()` otherwise.
  mutating func next(at now: @autoclosure () -> Instant) -> (
    SingleConsumerNextAction<Element, Failure>, DrivenEffects<Element, Failure, Consumer, Waiter>
  )
  /// The consumer is about to suspend: the outcome to resume it with at once, or `nil` when it was
  /// stored and waits.
  mutating func suspend(_ consumer: Consumer) -> (
    Result<Element?, Failure>?, DrivenEffects<Element, Failure, Consumer, Waiter>
  )
  /// The consumer's task was cancelled, or its iterator was dropped.
  mutating func cancelled() -> DrivenEffects<Element, Failure, Consumer, Waiter>

  /// The base produced `element` at `now` (evaluated only by a machine that needs the instant, as
  /// in ``next(at:)``); what the reader does next.
  mutating func baseProduced(_ element: BaseElement, at now: @autoclosure () -> Instant) -> (
    DrivenReadAction, DrivenEffects<Element, Failure, Consumer, Waiter>
  )
  /// The base finished (`failure == nil`) or failed at `now`.
  mutating func baseEnded(
    _ failure: Failure?, at now: Instant
  ) -> DrivenEffects<Element, Failure, Consumer, Waiter>
  /// The reader is about to park (after ``DrivenReadAction/park``): `true` (read on) or `false`
  /// (stop) to resume it with at once, or `nil` when it was stored and waits.
  mutating func parkReader(_ reader: Waiter) -> Bool?

  /// The second base produced `element`.
  mutating func otherProduced(_ element: OtherElement) -> (
    DrivenReadAction, DrivenEffects<Element, Failure, Consumer, Waiter>
  )
  /// The second base finished (`nil`) or failed.
  mutating func otherEnded(_ failure: (any Error)?) -> DrivenEffects<
    Element, Failure, Consumer, Waiter
  >

  /// The timer task asks what to do next.
  func nextDeadline() -> ClockDrivenTimerAction<Instant>
  /// The timer task is about to park: `true` (ask again) or `false` (stop) to resume it with at
  /// once, or `nil` when it was stored and waits.
  mutating func parkTimer(_ timer: Waiter) -> Bool?
  /// The timer woke at `now`.
  mutating func timerFired(at now: Instant) -> DrivenEffects<Element, Failure, Consumer, Waiter>
}

/// What a base reader does after an element.
@usableFromInline
enum DrivenReadAction: Equatable, Sendable {
  /// Read the next element.
  case read
  /// Wait until the consumer has taken what is ready (lossless: one element ahead at most).
  case park
  /// The iteration is over: stop reading.
  case stop
}

/// Who the storage resumes after an event, outside the lock.
@usableFromInline
struct DrivenEffects<Element, Failure: Error, Consumer, Waiter> {
  /// The waiting consumer and what it receives.
  @usableFromInline var consumer: (Consumer, DrivenDelivery<Element>)?
  /// The parked base reader: `true` to read on, `false` to stop.
  @usableFromInline var reader: (Waiter, Bool)?
  /// The parked timer: `true` to ask again for a deadline, `false` to stop.
  @usableFromInline var timer: (Waiter, Bool)?
  /// Every reader and the timer must stop (their task is cancelled).
  @usableFromInline var stopsReading = false

  @inlinable
  init() {}
}

/// What a resumed consumer receives, as an effect carries it: an element, the end (`nil`), or the
/// failure, which stays in the machine (``DrivenCore/undeliveredFailure``) until the storage hands
/// it over. An effect holds no `Failure`: with one in it (`any Error` for `timeout(after:)`), every
/// effect was copied and destroyed through its type's value witnesses, on every element.
@usableFromInline
enum DrivenDelivery<Element> {
  case element(Element?)
  case failure
}

/// The half every ``DrivenStateMachine`` shares: the consumer (a ``SingleConsumerState`` whose
/// ready elements queue up), the parked base reader and the parked timer.
@usableFromInline
struct DrivenCore<Element, Failure: Error, Consumer, Waiter> {
  @usableFromInline typealias Consumption = SingleConsumerState<
    Failure, Consumer, Never, RingBuffer<Element>
  >
  @usableFromInline typealias Effects = DrivenEffects<Element, Failure, Consumer, Waiter>

  @usableFromInline var consumption = Consumption()
  /// The base reader, parked while the consumer has an element it has not taken.
  @usableFromInline var parkedReader: Waiter?
  /// The timer task, parked while it has no deadline; the owning machine parks it.
  @usableFromInline var idleTimer: Waiter?  // fence: settable by its owner
  /// The failure a ``DrivenDelivery/failure`` effect resumes the waiting consumer with, from the
  /// end until the storage takes it. A consumer that was busy at the end gets the failure from its
  /// own `next()` instead, and this stays `nil`.
  @usableFromInline var undeliveredFailure: Failure?

  @inlinable
  init() {}

  /// Whether the iteration runs and the base has not ended.
  @inlinable
  var isLive: Bool { consumption.isRunning && consumption.end == nil }

  /// Whether the consumer has an element it has not taken.
  @inlinable
  var hasReady: Bool { !consumption.ready.isEmpty }

  /// Hands `element` to the waiting consumer, or queues it for a busy one.
  @inlinable
  mutating func emit(_ element: Element, into effects: inout Effects) {
    if let consumer = consumption.takeConsumer() {
      effects.consumer = (consumer, .element(element))
    } else {
      consumption.ready.append(element)
    }
  }

  /// Records the end — after the queued elements, or at once when `dropsReady` — hands it to a
  /// waiting consumer, and stops the readers and the timer.
  @inlinable
  mutating func end(
    _ end: Consumption.End, dropsReady: Bool = false, into effects: inout Effects
  ) {
    guard isLive else { return }
    if dropsReady { consumption.ready.removeAll() }
    switch consumption.ended(end) {
    case (let consumer, .success(let value))?:
      effects.consumer = (consumer, .element(value))
    case (let consumer, .failure(let failure))?:
      undeliveredFailure = failure
      effects.consumer = (consumer, .failure)
    case nil:
      break
    }
    stop(into: &effects)
  }

  /// The failure the consumer was resumed for (``DrivenDelivery/failure``), taken by the storage
  /// to hand it over; `nil` once taken.
  @inlinable
  mutating func takeUndeliveredFailure() -> Failure? {
    undeliveredFailure.take()
  }

  /// Stops the parked reader and timer and every task that reads.
  @inlinable
  mutating func stop(into effects: inout Effects) {
    if let reader = parkedReader.take() { effects.reader = (reader, false) }
    if let timer = idleTimer.take() { effects.timer = (timer, false) }
    effects.stopsReading = true
  }

  /// Wakes the parked reader to read on.
  @inlinable
  mutating func wakeReader(into effects: inout Effects) {
    if let reader = parkedReader.take() { effects.reader = (reader, true) }
  }

  /// Wakes the parked timer to ask for its deadline.
  @inlinable
  mutating func wakeTimer(into effects: inout Effects) {
    if let timer = idleTimer.take() { effects.timer = (timer, true) }
  }

  /// The consumer calls `next()`; a reader parked because an element was ready reads on once
  /// that element is taken.
  @inlinable
  mutating func next(operator name: StaticString) -> (
    SingleConsumerNextAction<Element, Failure>, Effects
  ) {
    var effects = Effects()
    let action = consumption.next(operator: name)
    if case .deliver = action, !hasReady { wakeReader(into: &effects) }
    return (action, effects)
  }

  /// The consumer is about to suspend.
  @inlinable
  mutating func suspend(_ consumer: Consumer, operator name: StaticString) -> (
    Result<Element?, Failure>?, Effects
  ) {
    var effects = Effects()
    let outcome = consumption.suspend(consumer, operator: name)
    if outcome != nil, !hasReady { wakeReader(into: &effects) }
    return (outcome, effects)
  }

  /// The consumer is gone: resume it with `nil` if it waits, and stop everything.
  @inlinable
  mutating func cancelled() -> Effects {
    var effects = Effects()
    let running = consumption.isRunning
    let (consumer, _) = consumption.cancelled()
    if let consumer { effects.consumer = (consumer, .element(nil)) }
    if running { stop(into: &effects) }
    parkedReader = nil
    idleTimer = nil
    return effects
  }

  /// The reader parks while an element is ready: see ``DrivenStateMachine/parkReader(_:)``.
  @inlinable
  mutating func parkReader(_ reader: Waiter) -> Bool? {
    guard isLive else { return false }
    guard hasReady else { return true }
    parkedReader = reader
    return nil
  }

  /// What a lossless reader does after queueing an element: park while it is not taken.
  @inlinable
  var readAction: DrivenReadAction { hasReady ? .park : .read }
}

extension DrivenStateMachine {
  /// The consumer calls `next()`: the core's rule (a machine with a deadline adds its own).
  @inlinable
  mutating func next(at now: @autoclosure () -> Instant) -> (
    SingleConsumerNextAction<Element, Failure>, DrivenEffects<Element, Failure, Consumer, Waiter>
  ) {
    core.next(operator: Self.operatorName)
  }

  /// The consumer is about to suspend: the core's rule.
  @inlinable
  mutating func suspend(_ consumer: Consumer) -> (
    Result<Element?, Failure>?, DrivenEffects<Element, Failure, Consumer, Waiter>
  ) {
    core.suspend(consumer, operator: Self.operatorName)
  }

  /// The consumer is gone: the core's rule.
  @inlinable
  mutating func cancelled() -> DrivenEffects<Element, Failure, Consumer, Waiter> {
    core.cancelled()
  }

  /// The base ended: the end reaches the consumer after what it has not taken, and every read
  /// stops.
  @inlinable
  mutating func baseEnded(
    _ failure: Failure?, at now: Instant
  ) -> DrivenEffects<Element, Failure, Consumer, Waiter> {
    var effects = DrivenEffects<Element, Failure, Consumer, Waiter>()
    core.end(failure.map { .failed($0) } ?? .finished, into: &effects)
    return effects
  }

  /// The reader parks while the consumer has an element it has not taken (lossless).
  @inlinable
  mutating func parkReader(_ reader: Waiter) -> Bool? { core.parkReader(reader) }

  /// No second base: never called.
  @inlinable
  mutating func otherProduced(_ element: OtherElement) -> (
    DrivenReadAction, DrivenEffects<Element, Failure, Consumer, Waiter>
  ) {
    (.stop, DrivenEffects())
  }

  /// No second base: never called.
  @inlinable
  mutating func otherEnded(_ failure: (any Error)?) -> DrivenEffects<
    Element, Failure, Consumer, Waiter
  > {
    DrivenEffects()
  }

  /// No timer: it stops at once.
  @inlinable
  func nextDeadline() -> ClockDrivenTimerAction<Instant> { .stop }

  /// No timer: it stops at once.
  @inlinable
  mutating func parkTimer(_ timer: Waiter) -> Bool? { false }

  /// No timer: never called.
  @inlinable
  mutating func timerFired(at now: Instant) -> DrivenEffects<Element, Failure, Consumer, Waiter> {
    DrivenEffects()
  }
}

extension DrivenStateMachine where BaseElement == Element {
  /// A lossless reader: the element goes to the consumer (or waits for it) and the reader parks
  /// until it is taken.
  @inlinable
  mutating func baseProduced(_ element: Element, at now: @autoclosure () -> Instant) -> (
    DrivenReadAction, DrivenEffects<Element, Failure, Consumer, Waiter>
  ) {
    var effects = DrivenEffects<Element, Failure, Consumer, Waiter>()
    guard core.isLive else { return (.stop, effects) }
    core.emit(element, into: &effects)
    return (core.readAction, effects)
  }
}
