import AsyncOps
import AsyncOpsTesting
import Testing

private let joinedChunk: @Sendable ([String]) -> String = { $0.joined() }

/// A timer and a time-based chunking as an app's test target drives them: on virtual time, with
/// the spellings an app written for swift-async-algorithms uses.
@Suite struct TimerAndChunksTests {
  @Test func aTimerTicksOnItsGridOnTheTestClock() async throws {
    let ticks = try await withVirtualTime { time in
      var iterator = AsyncTimerSequence.repeating(every: .milliseconds(10), clock: time.clock)
        .makeAsyncIterator()
      var ticks: [Duration] = []
      for _ in 0..<3 {
        if let now = await iterator.next() { ticks.append(now.offset) }
      }
      return ticks
    }
    #expect(ticks == [.milliseconds(10), .milliseconds(20), .milliseconds(30)])
  }

  @Test func chunkingByTimeOrCountOnMarbles() async throws {
    try await expectMarbles(["abc-d--efgh-|"], "-'ab'--c--'de'-'fg'--[h|]", render: joinedChunk) {
      inputs, clock in
      inputs[0].chunks(ofCount: 2, or: .repeating(every: .milliseconds(4), clock: clock))
    }
  }

  @Test func chunkingByATimerWithoutNamingItsType() async throws {
    try await expectMarbles(["abc-def-|"], "----'abc'---['def'|]", render: joinedChunk) {
      inputs, clock in inputs[0].chunked(by: .repeating(every: .milliseconds(4), clock: clock))
    }
  }
}
