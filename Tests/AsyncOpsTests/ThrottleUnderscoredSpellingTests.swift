import AsyncOps
import AsyncOpsTesting
import Testing

/// swift-async-algorithms ships throttle as `_throttle`: the same calls compile here and follow
/// AsyncOps' throttle rules (Throttle rules 1–6), one tick = 1 ms.
@Suite struct ThrottleUnderscoredSpellingTests {
  @Test func underscoredThrottleOnAClockKeepsTheNewestPendingElement() async throws {
    try await expectMarbles(["abcdefgh-----i|"], "a--c--f--h---i|") { inputs, clock in
      inputs[0]._throttle(for: .milliseconds(3), clock: clock)
    }
  }

  @Test func underscoredThrottleWithLatestFalseKeepsTheFirstPendingElement() async throws {
    try await expectMarbles(["abc-----|"], "a--b----|") { inputs, clock in
      inputs[0]._throttle(for: .milliseconds(3), clock: clock, latest: false)
    }
  }

  @Test func underscoredThrottleOnTheContinuousClockWithAZeroIntervalPassesEveryElement() async {
    // A zero interval never waits, so the real clock is named but never slept on.
    let (numbers, input) = AsyncStream<Int>.makeStream()
    for number in 1...3 { input.yield(number) }
    input.finish()
    var passed: [Int] = []
    for await number in numbers._throttle(for: .zero) { passed.append(number) }
    #expect(passed == [1, 2, 3])
  }
}
