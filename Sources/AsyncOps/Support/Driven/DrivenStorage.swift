import Synchronization

/// The concurrency shell of the operators driven by a ``DrivenStateMachine`` (`delay`, `timeout`,
/// `withLatestFrom`, `prefix(untilOutputFrom:)`): holds the machine in a `Mutex`, runs
/// one task (created by the first `next()`, once the consumer waits) that reads the base, the
/// second base if there is one, and the timer if the machine uses one, each a child task; performs
/// the machine's effects outside the lock. The consumer's side is the single-consumer shell
/// (``SingleConsumerStorage``).
///
/// `Other` is the second base; an operator without one passes its base type and `nil`.
@usableFromInline
final class DrivenStorage<
  Base: AsyncSequence & Sendable, Other: AsyncSequence & Sendable, C: Clock,
  Driven: DrivenStateMachine
>: SingleConsumerStorage
where
  Base.Element: Sendable, Other.Element: Sendable, Driven.Element: Sendable,
  Driven.BaseElement == Base.Element, Driven.OtherElement == Other.Element,
  Driven.Instant == C.Instant,
  Driven.Consumer == UnsafeContinuation<Result<Driven.Element?, Driven.Failure>, Never>,
  Driven.Waiter == UnsafeContinuation<Bool, Never>
{
  @usableFromInline typealias Element = Driven.Element
  @usableFromInline typealias Failure = Driven.Failure
  @usableFromInline typealias Consumer = Driven.Consumer
  @usableFromInline typealias Waiter = UnsafeContinuation<Bool, Never>
  @usableFromInline typealias Effects = DrivenEffects<Element, Failure, Consumer, Waiter>

  /// The operator's machine and the task reading for it (the shell's ``machine``).
  @usableFromInline let machine: Mutex<ReaderTaskState<Driven>>
  @usableFromInline let base: Base
  @usableFromInline let other: Other?
  @usableFromInline let clock: C
  @usableFromInline let tolerance: C.Instant.Duration?
  /// Whether the machine uses a timer (a child task runs it).
  @usableFromInline let usesTimer: Bool

  @inlinable
  init(
    base: Base, other: Other?, machine: sending Driven, clock: C,
    tolerance: C.Instant.Duration? = nil, usesTimer: Bool
  ) {
    self.machine = Mutex(ReaderTaskState(machine: machine))
    self.base = base
    self.other = other
    self.clock = clock
    self.tolerance = tolerance
    self.usesTimer = usesTimer
  }

  // MARK: - Consumer side (the shell's hooks)

  @inlinable
  func consumerNext() -> SingleConsumerNextAction<Element, Failure> {
    // The clock is read only if the machine needs the instant (timeout, to set a waiting
    // consumer's deadline), then under the lock: a clock's `now` is a reading that never waits.
    let (action, effects) = machine.withLock { $0.machine.next(at: clock.now) }
    perform(effects)
    return action
  }

  @inlinable
  func consumerSuspend(_ consumer: Consumer) -> Result<Element?, Failure>? {
    let (ready, effects) = machine.withLock { $0.machine.suspend(consumer) }
    perform(effects)
    return ready
  }

  /// The consumer is cancelled or gone: ends the iteration and stops every task.
  @inlinable
  func cancel() {
    perform(machine.withLock { $0.machine.cancelled() })
  }

  @inlinable
  func perform(_ effects: Effects) {
    switch effects.consumer {
    case (let consumer, .element(let value))?:
      consumer.resume(returning: .success(value))
    case (let consumer, .failure)?:
      let failure = machine.withLock { $0.machine.core.takeUndeliveredFailure() }
      guard let failure else { preconditionFailure("a failure effect without its failure") }
      consumer.resume(returning: .failure(failure))
    case nil:
      break
    }
    if let (reader, value) = effects.reader { reader.resume(returning: value) }
    if let (timer, value) = effects.timer { timer.resume(returning: value) }
    if effects.stopsReading { machine.withLock { $0.cancelReaders() }?.cancel() }
  }

  // MARK: - The task

  /// The task's body: the base, the second base and the timer, each a child task.
  @inlinable
  func readUpstream() async {
    await run()
  }

  @inlinable
  func run() async {
    await withDiscardingTaskGroup { group in
      if let other { group.addTask { await self.read(other) } }
      if usesTimer { group.addTask { await self.runTimer() } }
      await readBase()
    }
  }

  /// Reads the base, parking while the machine says so.
  @inlinable
  func readBase() async {
    var iterator = base.makeAsyncIterator()
    let failure: Failure?
    do {
      while let element = try await iterator.next(isolation: nil) {
        // The clock is read only if the machine stamps the element (delay).
        let (action, effects) = machine.withLock {
          $0.machine.baseProduced(element, at: clock.now)
        }
        perform(effects)
        switch action {
        case .read: continue
        case .park: guard await parkReader() else { return }
        case .stop: return
        }
      }
      failure = nil
    } catch {
      if Task.isCancelled { return }
      failure = baseFailure(error, operator: Driven.operatorName)
    }
    let now = clock.now
    perform(machine.withLock { $0.machine.baseEnded(failure, at: now) })
  }

  @inlinable
  func parkReader() async -> Bool {
    await withUnsafeContinuation { (reader: Waiter) in
      if let resumption = machine.withLock({ $0.machine.parkReader(reader) }) {
        reader.resume(returning: resumption)
      }
    }
  }

  /// Reads the second base to its end, or until the machine says stop.
  @inlinable
  func read(_ other: Other) async {
    var iterator = other.makeAsyncIterator()
    do {
      while let element = try await iterator.next(isolation: nil) {
        let (action, effects) = machine.withLock { $0.machine.otherProduced(element) }
        perform(effects)
        if action == .stop { return }
      }
      perform(machine.withLock { $0.machine.otherEnded(nil) })
    } catch {
      if Task.isCancelled { return }
      perform(machine.withLock { $0.machine.otherEnded(error) })
    }
  }

  // MARK: - Timer

  @inlinable
  func runTimer() async {
    while true {
      switch machine.withLock({ $0.machine.nextDeadline() }) {
      case .stop:
        return
      case .park:
        let goesOn = await withUnsafeContinuation { (timer: Waiter) in
          if let resumption = machine.withLock({ $0.machine.parkTimer(timer) }) {
            timer.resume(returning: resumption)
          }
        }
        guard goesOn else { return }
      case .sleep(let deadline):
        do {
          try await clock.sleep(until: deadline, tolerance: tolerance)
        } catch {
          return  // cancelled: the consumer is gone
        }
        let now = clock.now
        perform(machine.withLock { $0.machine.timerFired(at: now) })
      }
    }
  }
}
