import AsyncOps
@_spi(Testing) import AsyncOpsTesting
import Testing

/// `TestClock` under concurrent use and at its edges.
@Suite struct TestClockRaceTests {
  /// `advance(by:)` reads and moves the time in one step: two concurrent calls never start from
  /// the same `now`, so no step is lost.
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

  /// A negative duration leaves the clock unchanged, as the doc says (it does not trap).
  @Test func aNegativeAdvanceLeavesTheClockUnchanged() {
    let clock = TestClock(now: .zero.advanced(by: .seconds(5)))
    clock.advance(by: .seconds(-1))
    #expect(clock.now == .zero.advanced(by: .seconds(5)))
  }

  /// A cancellation that comes after `advance` resumed the sleeper (but before its task ran)
  /// leaves no trace of the sleeper's id in the clock.
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
