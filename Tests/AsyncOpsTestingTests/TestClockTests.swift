import AsyncOps
import AsyncOpsTesting
import Testing

@Suite struct TestClockTests {
  @Test func timeMovesOnlyWhenAdvanced() {
    let clock = TestClock()
    #expect(clock.now == .zero)
    clock.advance(by: .seconds(2))
    #expect(clock.now == .zero.advanced(by: .seconds(2)))
    clock.advance(to: .zero.advanced(by: .seconds(1)))
    #expect(clock.now == .zero.advanced(by: .seconds(2)), "moving to the past changes nothing")
  }

  @Test func sleepingUntilAPastInstantReturnsAtOnce() async throws {
    let clock = TestClock(now: .zero.advanced(by: .seconds(5)))
    try await clock.sleep(until: .zero.advanced(by: .seconds(1)), tolerance: nil)
    try await clock.sleep(for: .zero)
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleepersAreListedWithTheirDeadlines() async throws {
    try await withVirtualTime { time in
      let clock = time.clock
      let late = Task { try await clock.sleep(for: .seconds(3)) }
      let early = Task { try await clock.sleep(for: .seconds(1)) }
      await time.settle()
      #expect(clock.sleeperCount == 2)
      #expect(
        clock.pendingDeadlines == [
          .zero.advanced(by: .seconds(1)), .zero.advanced(by: .seconds(3)),
        ])
      #expect(clock.nextDeadline == .zero.advanced(by: .seconds(1)))
      try await early.value
      try await late.value
      #expect(clock.sleeperCount == 0)
    }
  }

  @Test func aCancelledSleeperThrowsAtOnce() async throws {
    try await withVirtualTime { time in
      let clock = time.clock
      let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
      await time.settle()
      sleeper.cancel()
      await #expect(throws: CancellationError.self) { try await sleeper.value }
      #expect(time.now == .zero, "cancellation does not need time to pass")
      #expect(clock.sleeperCount == 0)
    }
  }

  @Test func anAlreadyCancelledTaskDoesNotSleep() async throws {
    let clock = TestClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func advanceResumesDueSleepersInDeadlineOrder() async throws {
    let order = try await withVirtualTime { time in
      let clock = time.clock
      let log = Log<Int>()
      var tasks: [Task<Void, any Error>] = []
      for (index, seconds) in [3, 1, 2, 1].enumerated() {
        tasks.append(
          Task {
            try await clock.sleep(for: .seconds(seconds))
            log.append(index)
          })
        await time.settle()
      }
      await time.advance(by: .seconds(3))
      for task in tasks { try await task.value }
      return log.values
    }
    #expect(order == [1, 3, 2, 0])
  }
}
