import AsyncOpsTesting
import Testing

/// A real-clock sleep inside `withVirtualTime` is reported by name, at once, instead of waiting for
/// real time or stalling: the driver is the preferred executor of the body and its child tasks, so
/// Swift 6.3 hands their real-clock sleeps to it.
///
/// The real-clock sleeps below are the input under test, not a way of waiting: the driver ends
/// each at once and fails the body, so no test here waits on a real clock (an hour-long sleep
/// that were waited for would hit the suite's time limit).
@Suite(.timeLimit(.minutes(1))) struct RealClockSleepTests {
  /// Whether `error` is the real-clock report naming `clock`.
  private static func isRealClockReport(_ error: any Error, naming clock: String) -> Bool {
    guard case VirtualTimeError.unsupportedWork(let report) = error else { return false }
    return report.contains("slept on a real clock") && report.contains("on \(clock)")
  }

  @Test func aTaskSleepInTheBodyIsReportedByNameWithoutWaiting() async throws {
    // An hour: were it waited for, the time limit would end the test long before.
    await #expect {
      try await withVirtualTime { _ in
        try await Task.sleep(for: .seconds(3600))
      }
    } throws: { Self.isRealClockReport($0, naming: "ContinuousClock") }
  }

  @Test func aChildTasksSuspendingClockSleepIsReported() async throws {
    await #expect {
      try await withVirtualTime { time in
        await withTaskGroup(of: Void.self) { group in
          // The input under test: the driver ends this sleep at once and reports it.
          group.addTask { try? await SuspendingClock().sleep(for: .seconds(3600)) }
          group.addTask { try? await time.clock.sleep(for: .seconds(1)) }
        }
      }
    } throws: { Self.isRealClockReport($0, naming: "SuspendingClock") }
  }

  @Test func theReportSaysWhichTaskAndWhen() async throws {
    let error = await #expect(throws: VirtualTimeError.self) {
      try await withVirtualTime { time in
        await time.advance(by: .seconds(2))
        try await Task.sleep(nanoseconds: 5_000_000)  // the input under test: ended at once
      }
    }
    let report = "\(error.map { "\($0)" } ?? "")"
    #expect(report.contains("slept about 5 ms on ContinuousClock at 2.0 seconds"), "\(report)")
    #expect(report.contains("time.clock"), "\(report)")
  }

  @Test func sleepsOnTheTestClockAreNotReported() async throws {
    let instant = try await withVirtualTime { time in
      try await time.clock.sleep(for: .seconds(5))
      try await Task.sleep(until: time.clock.now.advanced(by: .seconds(1)), clock: time.clock)
      return time.now
    }
    #expect(instant.offset == .seconds(6))
  }

  /// A sleep of zero or less waits for no time, real or virtual: it is a
  /// yield, and it does not fail the body ("slept about 0 ms").
  @Test(arguments: [Duration.zero, .milliseconds(-5)])
  func aSleepOfZeroOrLessIsAYieldNotAFailure(_ duration: Duration) async throws {
    let instant = try await withVirtualTime { time in
      try await Task.sleep(for: duration)
      try await ContinuousClock().sleep(for: duration)
      try await SuspendingClock().sleep(until: .now.advanced(by: duration))
      return time.now
    }
    #expect(instant == .zero)
  }

  /// A zero sleep lets other runnable work go first, as `Task.yield()` does.
  @Test func aZeroSleepLetsOtherRunnableWorkRunFirst() async throws {
    let order = try await withVirtualTime { _ in
      let log = Log<String>()
      let other = Task { log.append("other") }
      try await Task.sleep(for: .zero)
      log.append("after the zero sleep")
      await other.value
      return log.values
    }
    #expect(order == ["other", "after the zero sleep"])
  }
}
