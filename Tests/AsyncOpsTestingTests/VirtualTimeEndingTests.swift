import AsyncOps
import AsyncOpsTesting
import Synchronization
import Testing

/// How `withVirtualTime` ends — with work arriving as it
/// ends, with a polling loop, when the test is cancelled, and with work the body left behind.
@Suite struct VirtualTimeEndingTests {
  /// A task the body left suspended, resumed from another thread just as the driver ends, still
  /// runs: it is never queued on a driver that will not run it again, nor routed to one that has
  /// decided to end. 300 tasks × 50 runs. The body returns once half the tasks are resumed;
  /// the other half are resumed one by one from outside, 5 µs apart, across the driver's end.
  /// Its waits on other threads give up only after 30 s: they bound a hang, not the machine's
  /// speed, so a busy pool in a full run cannot end one early.
  @Test(.timeLimit(.minutes(1)))
  func tasksResumedFromOutsideAsTheDriverEndsAllRun() async throws {
    let taskCount = 300
    for run in 0..<50 {
      let parking = ParkingLot()
      let resumer = Task.detached {
        let giveUp = ContinuousClock.now.advanced(by: .seconds(30))
        while parking.parkedCount < taskCount, ContinuousClock.now < giveUp { await Task.yield() }
        parking.resumeAll(spacingAfter: taskCount / 2)
      }
      // Leaving tasks suspended as the body returns is what this test is about.
      let options = VirtualTimeOptions(allowsSuspendedTasks: true)
      try await withVirtualTime(options: options) { time in
        for _ in 0..<taskCount {
          Task {
            await parking.park()
            parking.markFinished()
          }
        }
        await time.settle()
        // Holds the driver's thread (no job runs meanwhile) until half are resumed, so that the
        // body returns, and the driver ends, while the other half are being resumed.
        let giveUp = ContinuousClock.now.advanced(by: .seconds(30))
        while parking.resumedCount < taskCount / 2, ContinuousClock.now < giveUp {}
      }
      await resumer.value
      let giveUp = ContinuousClock.now.advanced(by: .seconds(30))
      while parking.finishedCount < taskCount, ContinuousClock.now < giveUp { await Task.yield() }
      #expect(parking.finishedCount == taskCount, "run \(run): stuck tasks")
    }
  }

  /// A loop of `settle()` at one instant is reported as a polling loop: a request does not reset
  /// `jobsSinceTimeMoved`, so the loop cannot run on without a report.
  @Test func aSettlePollingLoopIsReportedBeforeItEnds() async throws {
    let error = await #expect(throws: VirtualTimeError.self) {
      try await withVirtualTime { time in
        let neverSet = Atomic(false)
        var polls = 0
        while !neverSet.load(ordering: .relaxed), polls < 2_000_000, !Task.isCancelled {
          await time.settle()
          polls += 1
        }
      }
    }
    // The loop ends by itself after 2,000,000 polls, and then the body returns without an error:
    // the throw above is the driver's detection, whatever the machine's speed.
    guard case .jobLimitExceeded(let report) = error else {
      Issue.record("expected a polling-loop report, got \(String(describing: error))")
      return
    }
    #expect(report.contains("polling loop"))
  }

  /// The polling loop above, with `advance(by: .zero)` as the poll.
  @Test func anAdvanceByZeroPollingLoopIsReportedBeforeItEnds() async throws {
    let error = await #expect(throws: VirtualTimeError.self) {
      try await withVirtualTime { time in
        var polls = 0
        while polls < 2_000_000, !Task.isCancelled {
          await time.advance(by: .zero)
          polls += 1
        }
      }
    }
    // The loop ends by itself after 2,000,000 polls, and then the body returns without an error:
    // the throw above is the driver's detection, whatever the machine's speed.
    guard case .jobLimitExceeded = error else {
      Issue.record("expected a polling-loop report, got \(String(describing: error))")
      return
    }
  }

  /// The caller waits on a continuation with a cancellation handler, so cancelling the test (a
  /// time limit) reaches a stuck body. Without the handler this test hangs until its time limit.
  /// (It does not bound the wall time from `cancel()` to the result: in a full run that would
  /// measure how busy the other tests keep the cooperative pool, not the driver.)
  @Test(.timeLimit(.minutes(1)))
  func cancellingTheCallerEndsAStuckBody() async throws {
    // The body says it has started through a stream, so the test waits exactly as long as the
    // body takes to start, however busy the pool is (a bounded poll here failed in a full run).
    let (started, bodyStarted) = AsyncStream.makeStream(of: Void.self)
    let test = Task {
      try await withVirtualTime(options: VirtualTimeOptions(stallTimeout: .seconds(3600))) { _ in
        bodyStarted.yield()
        bodyStarted.finish()
        // Stuck on something only the outside could resume, ignoring cancellation.
        await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
      }
    }
    var didStart = false
    for await _ in started { didStart = true }
    #expect(didStart)
    test.cancel()
    let result = await test.result
    #expect(throws: VirtualTimeError.self) { try result.get() }
    if case .failure(let error) = result {
      #expect(String(describing: error).contains("cancelled"))
    }
  }

  /// Cancelling the caller reaches a body that polls `Task.isCancelled` between `settle()`s,
  /// wherever the cancellation lands: while the body runs, or while it waits in `settle()`. Twenty
  /// cancellations at arbitrary points; the body must see every one and return.
  @Test(.timeLimit(.minutes(1)))
  func cancellingTheCallerReachesABodyPollingBetweenSettles() async throws {
    for run in 0..<20 {
      let polling = Atomic(false)
      let sawCancellation = Atomic(false)
      let test = Task {
        // No request limit: the body polls until it is cancelled, however long that takes.
        try await withVirtualTime(options: VirtualTimeOptions(requestLimit: .max)) { time in
          while !Task.isCancelled {
            polling.store(true, ordering: .relaxed)
            await time.settle()
          }
          sawCancellation.store(true, ordering: .relaxed)
        }
      }
      while !polling.load(ordering: .relaxed) { await Task.yield() }
      test.cancel()
      _ = await test.result
      let saw = sawCancellation.load(ordering: .relaxed)
      #expect(saw, "run \(run): the body never saw it")
    }
  }

  /// A sleeper the body leaves on the clock is reported at the `withVirtualTime` call,
  /// with its deadline.
  @Test func aSleeperLeftOnTheClockIsReportedAtTheCall() async throws {
    let callLine = #line + 3
    var leftover: Task<Void, any Error>?
    try await withKnownIssue {
      leftover = try await withVirtualTime { time in
        let sleeper = Task { try await time.clock.sleep(for: .seconds(5)) }
        await time.settle()
        return sleeper
      }
    } matching: { issue in
      String(describing: issue).contains("1 sleeper(s) still on the clock, due at 5.0 seconds")
        && issue.sourceLocation?.line == callLine
    }
    leftover?.cancel()
    await #expect(throws: CancellationError.self) { try await leftover?.value }
  }

  /// A task left inside `advance(by:)` when the body returns is resumed (time does
  /// not move), not left suspended for ever, and the request is reported.
  @Test(.timeLimit(.minutes(1)))
  func aTaskLeftInsideAdvanceIsResumedAndReported() async throws {
    var helper: Task<TestClock.Instant, Never>?
    try await withKnownIssue {
      helper = try await withVirtualTime { time in
        let helper = Task {
          await time.advance(by: .seconds(1))
          return time.now
        }
        await time.settle()
        return helper
      }
    } matching: { issue in
      String(describing: issue).contains("advance(to: 1.0 seconds)")
    }
    #expect(await helper?.value == .zero, "resumed at once, time unmoved")
  }

  /// The quiet case of the two reports above: work awaited or cancelled by the body is not
  /// reported.
  @Test func aBodyThatCancelsWhatItStartedEndsWithoutAnIssue() async throws {
    let outcome = try await withVirtualTime { time in
      let sleeper = Task { try await time.clock.sleep(for: .seconds(5)) }
      await time.settle()
      sleeper.cancel()
      return await sleeper.result
    }
    #expect(throws: CancellationError.self) { try outcome.get() }
  }
}

/// Tasks that park on a continuation for another thread to resume, and count when they finish.
private final class ParkingLot: Sendable {
  private let parked = Mutex<[UnsafeContinuation<Void, Never>]>([])
  private let parkedTotal = Atomic(0)
  private let resumed = Atomic(0)
  private let finished = Atomic(0)

  var parkedCount: Int { parkedTotal.load(ordering: .acquiring) }
  var resumedCount: Int { resumed.load(ordering: .acquiring) }
  var finishedCount: Int { finished.load(ordering: .acquiring) }

  func park() async {
    await withUnsafeContinuation { continuation in
      parked.withLock { $0.append(continuation) }
      parkedTotal.add(1, ordering: .releasing)
    }
  }

  /// Resumes every parked task: the first `spacingAfter` at once, the rest 5 µs apart.
  func resumeAll(spacingAfter: Int) {
    for (index, continuation) in parked.withLock({ $0.take() }).enumerated() {
      continuation.resume()
      resumed.add(1, ordering: .releasing)
      guard index >= spacingAfter else { continue }
      let next = ContinuousClock.now.advanced(by: .microseconds(5))
      while ContinuousClock.now < next {}
    }
  }

  func markFinished() {
    finished.add(1, ordering: .releasing)
  }
}

extension Array {
  fileprivate mutating func take() -> Self {
    defer { self = [] }
    return self
  }
}
