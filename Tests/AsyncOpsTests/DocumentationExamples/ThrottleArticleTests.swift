import AsyncOps
import AsyncOpsTesting
import Testing

// The sample of "Throttling" (AsyncOps.docc/Throttle.md), verbatim.
func trackScrolling(
  positions: AsyncCurrentValue<Int>,
  clock: some Clock<Duration>,
  load: @Sendable (Int) async -> Void
) async {
  for await position in positions.throttle(for: .milliseconds(100), clock: clock) {
    await load(position)
  }
}

/// Every marble diagram and code sample of AsyncOps.docc/Throttle.md.
@Suite struct ThrottleArticleTests {
  @Test func theNewestPendingElementIsEmittedOnATimer() async throws {
    try await expectMarbles(["abcdefgh-----i|"], "a--c--f--h---i|") { inputs, clock in
      inputs[0].throttle(for: .milliseconds(3), clock: clock)
    }
  }

  @Test func latestFalseKeepsTheFirstPendingElement() async throws {
    try await expectMarbles(["abc-----|"], "a--b----|") { inputs, clock in
      inputs[0].throttle(for: .milliseconds(3), clock: clock, latest: false)
    }
  }

  @Test func theFinishFollowsThePendingElementAtItsDueInstant() async throws {
    try await expectMarbles(["ab|"], "a--[b|]") { inputs, clock in
      inputs[0].throttle(for: .milliseconds(3), clock: clock)
    }
  }

  @Test func aFailureDropsThePendingElement() async throws {
    try await expectMarbles(["ab^"], "a-^") { inputs, clock in
      inputs[0].throttle(for: .milliseconds(3), clock: clock)
    }
  }

  @Test func theSampleLoadsAtMostOncePerHundredMilliseconds() async throws {
    let loaded = ExampleLog<String>()
    try await withVirtualTime { time in
      let positions = AsyncCurrentValue(0)
      let tracking = Task {
        await trackScrolling(positions: positions, clock: time.clock) {
          loaded.append("\($0)@\(time.clock.now.offset)")
        }
      }
      await time.settle()  // 0 is emitted at once
      for position in 1...5 {
        positions.value = position
        await time.advance(by: .milliseconds(30))
      }
      positions.finish()
      await tracking.value
    }
    // 1 to 4 arrive (every 30 ms) within the first 100 ms: the newest, 4, is emitted at 100 ms;
    // 5 (at 120 ms) at 200 ms, after the finish at 150 ms.
    #expect(loaded.all == ["0@0.0 seconds", "4@0.1 seconds", "5@0.2 seconds"])
  }
}
