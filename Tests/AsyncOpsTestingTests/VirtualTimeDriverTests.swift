import AsyncOps
import AsyncOpsTesting
import Synchronization
import Testing

@Suite struct VirtualTimeDriverTests {
  /// A debounce written by hand: each input restarts a timer; the last input of a burst is
  /// emitted when its timer runs out. Returns what was emitted, with the instant of each.
  private static func debounceLikeRun() async throws -> [String] {
    try await withVirtualTime { time in
      let clock = time.clock
      let log = Log<String>()
      let pending = PendingTimer()
      for (index, gap) in [0, 5, 5, 5, 40, 5, 30].enumerated() {
        await time.advance(by: .milliseconds(gap))
        pending.restart(
          Task {
            try await clock.sleep(for: .milliseconds(20))
            await Task.yield()
            log.append("\(index)@\(clock.now)")
          })
      }
      try await time.runUntilIdle()
      return log.values
    }
  }

  @Test func aDebounceLikeLoopGivesTheSameResultEveryRun() async throws {
    let first = try await Self.debounceLikeRun()
    #expect(first.count == 3)
    for _ in 0..<200 {
      let again = try await Self.debounceLikeRun()
      #expect(again == first)
    }
  }

  @Test func advanceRunsEachDeadlineToQuiescenceBeforeMovingOn() async throws {
    let log = try await withVirtualTime { time in
      let clock = time.clock
      let log = Log<String>()
      let chain = Task {
        for step in 1...3 {
          try await clock.sleep(for: .seconds(1))
          log.append("step \(step) at \(clock.now)")
        }
      }
      await time.advance(by: .seconds(10))
      log.append("body at \(time.now)")
      try await chain.value
      return log.values
    }
    #expect(
      log == [
        "step 1 at 1.0 seconds", "step 2 at 2.0 seconds", "step 3 at 3.0 seconds",
        "body at 10.0 seconds",
      ])
  }

  @Test func nestedChildTasksAndUnstructuredTasksRunInTheDriver() async throws {
    let total = try await withVirtualTime { time in
      let clock = time.clock
      return try await withThrowingTaskGroup(of: Int.self) { group in
        for outer in 1...3 {
          group.addTask {
            async let inner = Task.detached {
              try await clock.sleep(for: .seconds(outer))
              return outer * 10
            }.value
            let unstructured = Task {
              try await clock.sleep(for: .seconds(outer))
              await Task.yield()
              return outer
            }
            return try await inner + unstructured.value
          }
        }
        return try await group.reduce(0, +)
      }
    }
    #expect(total == 66)
  }

  @Test func timeMovesToTheNextDeadlineWhenTheBodyWaits() async throws {
    let end = try await withVirtualTime { time in
      try await time.clock.sleep(for: .seconds(90))
      return time.now
    }
    #expect(end == .zero.advanced(by: .seconds(90)))
  }

  @Test func actorHopsRunInTheDriver() async throws {
    actor Counter {
      var value = 0
      func increment() { value += 1 }
    }
    let value = try await withVirtualTime { time in
      let counter = Counter()
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<50 {
          group.addTask { await counter.increment() }
        }
      }
      return await counter.value
    }
    #expect(value == 50)
  }

  @Test func aBodyWaitingOnNothingIsReportedWithThePendingWork() async throws {
    let error = await #expect(throws: VirtualTimeError.self) {
      try await withVirtualTime { time in
        let clock = time.clock
        // A sleeper on another clock: never due, so it is listed as pending work.
        let neverResumed = AsyncTestSource<Int>()
        Task { try await clock.sleep(for: .seconds(7200)) }
        for try await _ in neverResumed {}
      }
    }
    let message = String(describing: error)
    // Far from the 250 ms stall timeout, so a busy machine cannot fail it; a driver that waited
    // out the virtual 7,200 s in real time, or never gave up, would.
    #expect(try reportedMilliseconds(message) < stallReportBoundMilliseconds)
    #expect(message.contains("did not finish"))
    #expect(message.contains("pending sleepers: 1, due at 7200.0 seconds"))
  }

  @Test func aBodyThatSuspendsForeverIsReportedAsAStall() async throws {
    let error = await #expect(throws: VirtualTimeError.self) {
      try await withVirtualTime { _ in
        await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
      }
    }
    #expect(try reportedMilliseconds(String(describing: error)) < stallReportBoundMilliseconds)
    guard case .stalled(let report) = error else {
      Issue.record("expected a stall, got \(String(describing: error))")
      return
    }
    #expect(report.contains("pending sleepers: none"))
  }

  @Test func aTimerThatRearmsForeverHitsTheHorizon() async throws {
    let error = await #expect(throws: VirtualTimeError.self) {
      try await withVirtualTime(options: VirtualTimeOptions(horizon: .seconds(100))) { time in
        while true {
          try await time.clock.sleep(for: .seconds(1))
        }
      }
    }
    guard case .horizonExceeded = error else {
      Issue.record("expected the horizon, got \(String(describing: error))")
      return
    }
  }

  @Test func runUntilIdleReportsATimerThatNeverStops() async throws {
    try await withVirtualTime { time in
      let clock = time.clock
      let ticker = Task {
        while true { try await clock.sleep(for: .seconds(1)) }
      }
      await #expect(throws: VirtualTimeError.self) {
        try await time.runUntilIdle(within: .seconds(30))
      }
      ticker.cancel()
    }
  }

  @Test func aYieldLoopIsReportedAsALivelock() async throws {
    let error = await #expect(throws: VirtualTimeError.self) {
      try await withVirtualTime(options: VirtualTimeOptions(jobLimit: 10_000)) { _ in
        while true { await Task.yield() }
      }
    }
    guard case .jobLimitExceeded = error else {
      Issue.record("expected a livelock report, got \(String(describing: error))")
      return
    }
  }

  @Test func anExpectationInsideTheBodyBelongsToItsTest() async throws {
    // The body inherits the test's task-local context: a failed expectation inside it is recorded
    // against this test (and so caught here as the known issue), not against an unknown test.
    await withKnownIssue {
      try await withVirtualTime { time in
        await time.advance(by: .seconds(1))
        #expect(time.now == .zero, "a deliberate failure, one second after the start")
      }
    }
  }

  @Test func errorsOfTheBodyReachTheCaller() async throws {
    struct Expected: Error {}
    await #expect(throws: Expected.self) {
      try await withVirtualTime { _ in throw Expected() }
    }
  }

  @Test func driversRunInParallelWithoutSharingJobs() async throws {
    let results = try await withThrowingTaskGroup(of: [String].self) { group in
      for _ in 0..<8 {
        group.addTask { try await Self.debounceLikeRun() }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(Set(results.map { $0.joined(separator: ",") }).count == 1)
  }
}

/// The task of the running timer of `debounceLikeRun`, cancelled when a new input restarts it.
private final class PendingTimer: Sendable {
  private let task = Mutex<Task<Void, any Error>?>(nil)

  func restart(_ newTask: Task<Void, any Error>) {
    task.withLock { current in
      current?.cancel()
      current = newTask
    }
  }
}

/// How long a stall report may take in real time: far above the 250 ms stall timeout, because
/// two busy cores running the whole suite can hold the driver's thread for seconds, and far below
/// anything a driver that waits on virtual time in real time would take.
private let stallReportBoundMilliseconds = 60_000

/// The real time a failure report says the driver ran before giving up. It is measured on the
/// driver's own thread, so a test process busy with other tests does not inflate it.
private func reportedMilliseconds(_ report: String) throws -> Int {
  let marker = "real time since the driver started: "
  let start = try #require(report.firstRange(of: marker)).upperBound
  return try #require(Int(report[start...].prefix { $0.isNumber }))
}
