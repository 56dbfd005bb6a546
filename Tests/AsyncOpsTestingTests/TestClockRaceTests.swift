@_spi(Testing) import AsyncOps
import AsyncOpsTesting
import Testing

/// Findings 4 and 11 of issue #15: `TestClock` under concurrent use and at its edges.
@Suite struct TestClockRaceTests {
  /// Finding 4: `advance(by:)` read the time in one lock and moved it in another, so two
  /// concurrent calls could both start from the same `now` and one step was lost.
  @Test func concurrentAdvancesAddUpExactly() async {
    let clock = TestClock()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<50_000 { clock.advance(by: .nanoseconds(1)) }
        }
      }
    }
    #expect(clock.now == .zero.advanced(by: .nanoseconds(200_000)))
  }

  /// Finding 11: the doc says a negative duration leaves the clock unchanged; it used to trap.
  @Test func aNegativeAdvanceLeavesTheClockUnchanged() {
    let clock = TestClock(now: .zero.advanced(by: .seconds(5)))
    clock.advance(by: .seconds(-1))
    #expect(clock.now == .zero.advanced(by: .seconds(5)))
  }

  /// Finding 11: a cancellation that comes after `advance` resumed the sleeper (but before its
  /// task ran) left the sleeper's id in the clock for ever.
  @Test func aCancellationAfterTheSleeperWasResumedLeavesNoMark() async throws {
    try await withVirtualTime { time in
      let clock = time.clock
      let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
      await time.settle()
      #expect(clock.sleeperCount == 1)
      clock.advance(by: .seconds(1))  // resumed, but its task has not run yet
      sleeper.cancel()  // its cancellation handler runs here, on the body's thread
      try? await sleeper.value
      #expect(clock.pendingCancellationMarkCount == 0)
    }
  }

  /// A cancellation before the sleeper registers still wins (the mark is used, then dropped).
  @Test func aCancellationBeforeRegisteringIsStillHonoured() async {
    let clock = TestClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.pendingCancellationMarkCount == 0)
    #expect(clock.sleeperCount == 0)
  }
}
