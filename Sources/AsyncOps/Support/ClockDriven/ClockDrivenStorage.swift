import Synchronization

/// The storage of `debounce` and `throttle`: holds a ``ClockDrivenStateMachine`` in a `Mutex`,
/// runs the task that reads the upstream (with the timer as its one child task), and performs the
/// machine's actions outside the lock. The consumer's side is the ``SingleConsumerStorage`` shell.
///
/// The upstream is read continuously. While the consumer is not waiting, an element costs one
/// lock and one reading of the clock: no continuation is resumed and no task is created per
/// element; the timer task only re-checks the deadline when it wakes. The machine computes on the
/// instants of the operator's ``ClockTimeline``.
@usableFromInline
final class ClockDrivenStorage<
  Base: AsyncSequence & Sendable, Timeline: ClockTimeline, Machine: ClockDrivenStateMachine
>: SingleConsumerStorage
where
  Base.Element: Sendable, Machine.Element == Base.Element, Machine.Failure == Base.Failure,
  Machine.Instant == Timeline.Instant,
  Machine.Consumer == UnsafeContinuation<Result<Base.Element?, Base.Failure>, Never>,
  Machine.TimerWaiter == UnsafeContinuation<Bool, Never>, Machine.Upstream == Task<Void, Never>
{
  @usableFromInline typealias C = Timeline.TimelineClock
  @usableFromInline typealias Element = Base.Element
  @usableFromInline typealias Failure = Base.Failure
  @usableFromInline typealias Outcome = Result<Element?, Failure>
  @usableFromInline typealias Consumer = UnsafeContinuation<Outcome, Never>
  @usableFromInline typealias TimerWaiter = UnsafeContinuation<Bool, Never>
  @usableFromInline typealias Resumptions = ClockDrivenResumptions<
    Element, Failure, Consumer, TimerWaiter, Task<Void, Never>
  >

  @usableFromInline let machine: Mutex<Machine>
  @usableFromInline let base: Base
  @usableFromInline let timeline: Timeline
  @usableFromInline let tolerance: C.Instant.Duration?

  /// A storage for `machine`, whose instants are `timeline`'s.
  @inlinable
  init(
    base: Base, machine: sending Machine, tolerance: C.Instant.Duration?, timeline: Timeline
  ) {
    self.machine = Mutex(machine)
    self.base = base
    self.timeline = timeline
    self.tolerance = tolerance
  }

  // MARK: - Consumer side (the shell is ``SingleConsumerStorage``)

  @inlinable
  func consumerNext() -> SingleConsumerNextAction<Element, Failure> {
    machine.withLock { $0.next() }
  }

  @inlinable
  func consumerSuspend(_ consumer: Consumer) -> Outcome? {
    machine.withLock { $0.suspend(consumer) }
  }

  /// Ends the iteration: the consumer was cancelled or dropped its iterator. Cancels the upstream
  /// read and the timer.
  @inlinable
  func cancel() {
    perform(machine.withLock { $0.cancelled() })
  }

  @inlinable
  func perform(_ resumptions: Resumptions) {
    if let (consumer, outcome) = resumptions.consumer { consumer.resume(returning: outcome) }
    resumptions.timer?.resume(returning: false)
    resumptions.upstream?.cancel()
  }

  // MARK: - Upstream side

  /// Reads the upstream in this task and runs the timer in a child task. The timer is cancelled
  /// as soon as the upstream ends — unless the machine still has an element due on it (a
  /// throttle's last pending element), in which case it stops by itself once that is emitted —
  /// so no task outlives the iteration.
  @inlinable
  func readUpstream() async {
    await withDiscardingTaskGroup { group in
      group.addTask { await self.runTimer() }
      await readBase()
      if !machine.withLock({ $0.needsTimerAfterUpstreamEnded }) {
        group.cancelAll()
      }
    }
  }

  @inlinable
  func readBase() async {
    var iterator = base.makeAsyncIterator()
    do {
      while let element = try await iterator.next(isolation: nil) {
        let now = timeline.now
        switch machine.withLock({ $0.upstreamProduced(element, at: now) }) {
        case .none:
          continue
        case .resumeConsumer(let consumer, let element):
          consumer.resume(returning: .success(element))
        case .resumeTimer(let timer):
          timer.resume(returning: true)
        case .stop:
          return
        }
      }
      perform(machine.withLock { $0.upstreamFinished() })
    } catch {
      perform(machine.withLock { $0.upstreamFailed(error) })
    }
  }

  // MARK: - Timer

  @inlinable
  func runTimer() async {
    while true {
      switch machine.withLock({ $0.nextDeadline() }) {
      case .stop:
        return
      case .park:
        guard await park() else { return }
      case .sleep(let deadline):
        do {
          try await timeline.clock.sleep(
            until: timeline.clockInstant(of: deadline), tolerance: tolerance)
        } catch {
          return  // cancelled: the consumer is gone
        }
        let now = timeline.now
        if let (consumer, element) = machine.withLock({ $0.timerFired(at: now) }) {
          consumer.resume(returning: .success(element))
        }
      }
    }
  }

  /// Waits while nothing is pending. Returns `true` when an element arrived, `false` when the
  /// timer must stop.
  @inlinable
  func park() async -> Bool {
    await withUnsafeContinuation { (timer: TimerWaiter) in
      if let resumption = machine.withLock({ $0.park(timer) }) {
        timer.resume(returning: resumption)
      }
    }
  }
}
