import AsyncOps
import AsyncOpsTesting
import Synchronization
import Testing

/// A task of the body still suspended when the body returns is reported as
/// one issue naming it (its id, and what it waits on), as Kotlin's `runTest` reports
/// "uncompleted coroutines"; a test that means it opts out. And a real-clock sleep of an
/// unstructured `Task {}` of the body is named, not reported as a generic stall.
@Suite(.timeLimit(.minutes(1))) struct SuspendedTaskReportTests {
  /// The new user's case: a model's `run()` started in the body and never cancelled.
  @Test func aTaskTheBodyForgotIsReportedWithItsIdAndWhatItWaitsOn() async throws {
    let callLine = #line + 3
    var forgotten: Task<Void, Never>?
    try await withKnownIssue {
      forgotten = try await withVirtualTime { time in
        let searchText = AsyncCurrentValue("")
        let run = Task { for await _ in searchText {} }
        await time.settle()
        return run
      }
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("1 task(s) of the body still suspended: task ")
        && text.contains("on a continuation nobody resumed")
        && text.contains("allowsSuspendedTasks")
        && issue.sourceLocation?.line == callLine
    }
    forgotten?.cancel()
    await forgotten?.value
  }

  @Test func aTaskLeftSleepingOnTheClockIsNamedWithItsDeadline() async throws {
    var forgotten: Task<Void, any Error>?
    try await withKnownIssue {
      forgotten = try await withVirtualTime { time in
        let sleeper = Task { try await time.clock.sleep(for: .seconds(5)) }
        await time.settle()
        return sleeper
      }
    } matching: { issue in
      String(describing: issue).contains("sleeping on the TestClock until 5.0 seconds")
    }
    forgotten?.cancel()
    _ = await forgotten?.result
  }

  @Test func aTaskAwaitingAForgottenTaskNamesTheTaskItAwaits() async throws {
    var forgotten: (inner: Task<Void, Never>, outer: Task<Void, Never>)?
    try await withKnownIssue {
      forgotten = try await withVirtualTime { time in
        let values = AsyncCurrentValue(0)
        let inner = Task { for await _ in values {} }
        let outer = Task { await inner.value }
        await time.settle()
        return (inner, outer)
      }
    } matching: { issue in
      let text = String(describing: issue)
      return text.contains("2 task(s) of the body still suspended")
        && text.contains("awaiting the value of task ")
    }
    forgotten?.inner.cancel()
    await forgotten?.outer.value
  }

  /// No issue is recorded, and the tasks left go on after the body (on the global executor).
  @Test func aTestThatMeansToLeaveATaskSuspendedOptsOut() async throws {
    let options = VirtualTimeOptions(allowsSuspendedTasks: true)
    let searchText = AsyncCurrentValue("")
    let (run, sleeper) = try await withVirtualTime(options: options) { time in
      let run = Task {
        var seen: [String] = []
        for await text in searchText { seen.append(text) }
        return seen
      }
      let sleeper = Task { try await time.clock.sleep(for: .seconds(5)) }
      await time.settle()
      return (run, sleeper)
    }
    searchText.send("jasmine")
    searchText.finish()
    sleeper.cancel()
    #expect(await run.value == ["", "jasmine"])
    await #expect(throws: CancellationError.self) { try await sleeper.value }
  }

  /// No issue is recorded (one would fail this test).
  @Test func tasksTheBodyAwaitedOrCancelledAreNotReported() async throws {
    let (finished, consumerEnded) = try await withVirtualTime { time in
      let values = AsyncCurrentValue(0)
      let consumer = Task { for await _ in values {} }
      let finished = Task { 1 }
      await time.settle()
      consumer.cancel()
      await consumer.value
      return (await finished.value, consumer.isCancelled)
    }
    #expect(finished == 1)
    #expect(consumerEnded)
  }

  /// The sleep is the input under test: an hour on the real clock, in an unstructured task of
  /// the body (on the main actor, or not); the driver ends it at once and names it.
  @Test(arguments: [false, true])
  func aRealClockSleepOfAnUnstructuredTaskIsNamedNotAGenericStall(onMainActor: Bool) async throws {
    let error = await #expect(throws: VirtualTimeError.self) {
      try await withVirtualTime { @MainActor _ in
        let task =
          onMainActor
          ? Task { @MainActor in _ = try? await Task.sleep(for: .seconds(3600)) }
          : Task.detached { _ = try? await Task.sleep(for: .seconds(3600)) }
        await task.value
      }
    }
    guard case .unsupportedWork(let report) = error else {
      Issue.record("expected the real-clock sleep named, got \(String(describing: error))")
      return
    }
    #expect(report.contains("real clock"), "\(report)")
    #expect(report.contains("task "), "\(report)")
  }
}
