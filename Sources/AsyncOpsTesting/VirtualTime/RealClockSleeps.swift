import AsyncOps
import Synchronization

/// Sleeps of the body's tasks on a real clock (`Task.sleep`, `ContinuousClock`, `SuspendingClock`):
/// time the driver does not move, so the body would wait for real time or stall.
///
/// Swift 6.3 hands such a sleep to the task's preferred executor when that executor schedules
/// (`SchedulingExecutor`, SPI on this toolchain): the driver is the preferred executor of the body
/// and of its child tasks (task groups, `async let`), so their real-clock sleeps arrive here. The
/// driver runs the sleeping job at once — the test never waits for real time or hangs — and fails
/// the body, naming the task, the clock and the duration — unless the sleep is of zero or less,
/// which waits for nothing and is a yield. An unstructured `Task { }` (or `Task.detached`, or a
/// `@MainActor` task) started in the body runs its jobs on the driver too, so its sleeps arrive
/// here as well (`SuspendedTaskReportTests`).
final class RealClockSleeps: Sendable {
  private let sleeps = Mutex<[String]>([])

  func note(task: UInt64, clock: String, duration: String, at instant: TestClock.Instant) {
    sleeps.withLock { $0.append("task \(task) slept \(duration) on \(clock) at \(instant)") }
  }

  /// The failure to report, if a task of the body slept on a real clock.
  func failure() -> VirtualTimeError? {
    let sleeps = sleeps.withLock { $0 }
    guard !sleeps.isEmpty else { return nil }
    return .unsupportedWork(
      """
      withVirtualTime: the body slept on a real clock, which virtual time does not move (the \
      sleep was ended at once so that the test does not wait; its result is not trustworthy).
        real-clock sleeps: \(sleeps.prefix(10).joined(separator: ", "))\
      \(sleeps.count > 10 ? ", ..." : "")
        sleep on the virtual clock instead: inject `time.clock` (a TestClock) where the code \
      takes a clock, and use `try await time.clock.sleep(for: ...)`
      """)
  }
}

#if os(Linux) && compiler(>=6.3)
  @_spi(ExperimentalScheduling) import _Concurrency

  // The body's real-clock sleeps come here (see RealClockSleeps).
  extension VirtualTimeDriver: SchedulingExecutor {
    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
    ) {
      let job = UnownedJob(job)
      // The time left until the deadline, as the sleeper asked for it (to the millisecond).
      let left = clock.now.duration(to: instant)
      // A deadline already passed waits for nothing, real or virtual: a yield.
      if left > .zero {
        noteRealClockSleep(job, duration: Self.describe(left), clock: C.self)
      }
      enqueue(ExecutorJob(job))
    }

    func enqueue<C: Clock>(
      _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
    ) {
      let job = UnownedJob(job)
      // A delay of zero or less waits for nothing, real or virtual: a yield.
      if delay > .zero {
        noteRealClockSleep(job, duration: Self.describe(delay), clock: C.self)
      }
      enqueue(ExecutorJob(job))
    }

    /// `about 5 ms` for a `Duration`; other clocks' durations as they print.
    private static func describe(_ duration: some DurationProtocol) -> String {
      guard let duration = duration as? Duration else { return "\(duration)" }
      let (seconds, attoseconds) = duration.components
      let milliseconds = (Double(seconds) * 1e3 + Double(attoseconds) / 1e15).rounded()
      return "about \(Int(milliseconds)) ms"
    }

    private func noteRealClockSleep<C: Clock>(
      _ job: UnownedJob, duration: String, clock: C.Type
    ) {
      realClockSleeps.note(
        task: runtimeTaskID(of: job), clock: "\(C.self)", duration: duration, at: self.clock.now)
    }
  }
#endif
