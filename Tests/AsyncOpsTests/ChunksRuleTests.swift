import AsyncOps
import AsyncOpsTesting
import Testing

/// Chunks rules 1–7, one named test each, on marbles (one
/// tick = 1 ms) or virtual time.
@Suite struct ChunksRuleTests {
  private static let concat: @Sendable ([String]) -> String = { $0.joined() }
  private static let subjectAndChunk: @Sendable ((String, [String])) -> String = {
    "\($0.0)\($0.1.joined())"
  }

  @Test func chunksRule1_aChunkIsEmittedAsSoonAsItIsFull() async throws {
    try await expectMarbles(["ab-c-d|"], "-'ab'---'cd'|", render: Self.concat) { inputs, clock in
      inputs[0].chunks(ofCount: 2)
    }
  }

  @Test func chunksRule1_aChunkIsEmittedWhenThePredicateBreaks() async throws {
    try await expectMarbles(["aab-|"], "--'aa'-[b|]", render: Self.concat) { inputs, clock in
      inputs[0].chunked(by: { $0 == $1 })
    }
  }

  @Test func chunksRule1_aChunkIsEmittedWhenTheProjectionChanges() async throws {
    try await expectMarbles(["aAb|"], "--'aaA'['bb'|]", render: Self.subjectAndChunk) {
      inputs, clock in
      inputs[0].chunked(on: { $0.lowercased() })
    }
  }

  @Test func chunksRule1_aChunkIsEmittedWhenTheSignalTicks() async throws {
    try await expectMarbles(["ab-c--|", "--x--x|"], "--'ab'--c|", render: Self.concat) {
      inputs, clock in
      inputs[0].chunked(by: inputs[1])
    }
  }

  @Test func chunksRule2_anEmptyChunkIsNeverEmittedOnATick() async throws {
    try await expectMarbles(["---a|"], "----[a|]", render: Self.concat) { inputs, clock in
      inputs[0].chunked(by: .repeating(every: .milliseconds(1), clock: clock))
    }
  }

  @Test func chunksRule3_atTheEndThePartialChunkThenTheEnd() async throws {
    try await expectMarbles(["abc|"], "---['abc'|]", render: Self.concat) { inputs, clock in
      inputs[0].chunks(ofCount: 5, or: .repeating(every: .milliseconds(10), clock: clock))
    }
  }

  @Test func chunksRule4_aFailureDropsThePartialChunk() async throws {
    try await expectMarbles(["ab-c^"], "-'ab'--^", render: Self.concat) { inputs, clock in
      inputs[0].chunks(ofCount: 2, or: .repeating(every: .milliseconds(10), clock: clock))
    }
  }

  @Test func chunksRule5_theTimerStartsAtTheFirstNext() async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let chunks = source.chunked(by: .repeating(every: .milliseconds(10), clock: time.clock))
      await time.advance(by: .milliseconds(7))  // made, not iterated: no timer yet
      #expect(time.clock.sleeperCount == 0)
      let consumer = Task {
        var iterator = chunks.makeAsyncIterator()
        return try await iterator.next()
      }
      await time.settle()
      #expect(time.clock.pendingDeadlines == [.zero.advanced(by: .milliseconds(17))])
      source.send("a")
      await time.advance(by: .milliseconds(10))
      let first = try await consumer.value
      #expect(first == ["a"])
      #expect(time.now == .zero.advanced(by: .milliseconds(17)))
    }
  }

  @Test func chunksRule6_aSlowConsumerStillGetsChunksCutAtTheTicks() async throws {
    let log = try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let chunks = source.chunked(by: .repeating(every: .milliseconds(10), clock: time.clock))
      let consumer = Task {
        var log: [String] = []
        for try await chunk in chunks {
          log.append("\(chunk.joined())@\(time.clock.milliseconds)")
          try? await time.clock.sleep(for: .milliseconds(25))
        }
        return log
      }
      await time.settle()
      source.send("a")
      await time.advance(by: .milliseconds(12))  // "a" cut at 10, taken at once
      source.send("b")  // cut at 20; taken at 35
      await time.advance(by: .milliseconds(30))
      source.send("c")  // at 42: cut by the tick of 50, taken at 60
      await time.advance(by: .milliseconds(20))
      source.finish()
      return try await consumer.value
    }
    #expect(log == ["a@10", "b@35", "c@60"])
  }

  @Test func chunksRule7_everyNextAfterAFailureReturnsNil() async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let consumer = Task {
        var iterator = source.chunks(ofCount: 3, or: AsyncTestSource<String>()).makeAsyncIterator()
        var thrown = false
        do { _ = try await iterator.next() } catch { thrown = true }
        let after = try await iterator.next()
        return (thrown, after)
      }
      await time.settle()
      source.send("a")
      source.fail()
      let (thrown, after) = try await consumer.value
      #expect(thrown)
      #expect(after == nil)
    }
  }

  @Test func chunksRule7_everyIteratorReturnsNilAfterItsFailure() async throws {
    let source = AsyncTestSource<String>()
    source.send("a")
    source.fail()
    var count = source.chunks(ofCount: 2).makeAsyncIterator()
    await #expect(throws: TestSourceFailure.self) { try await count.next() }
    #expect(try await count.next() == nil)
    var group = source.chunked(by: { _, _ in true }).makeAsyncIterator()
    await #expect(throws: TestSourceFailure.self) { try await group.next() }
    #expect(try await group.next() == nil)
    var projection = source.chunked(on: { $0 }).makeAsyncIterator()
    await #expect(throws: TestSourceFailure.self) { try await projection.next() }
    #expect(try await projection.next() == nil)
  }

  @Test func chunksAreCollectedIntoTheRequestedType() async throws {
    try await expectMarbles(["abcd|"], "-'ab'-'cd'|") { inputs, clock in
      inputs[0].map { Character($0) }.chunks(ofCount: 2, into: String.self)
    }
  }

  @Test func everyIntoVariantCompiles() {
    let source = AsyncTestSource<Character>()
    let clock = TestClock()
    _ = source.chunked(into: String.self, by: { $0 == $1 })
    _ = source.chunked(into: String.self, on: { $0.isLetter })
    _ = source.chunks(ofCount: 2, or: AsyncTestSource<Int>(), into: String.self)
    _ = source.chunked(by: AsyncTestSource<Int>(), into: String.self)
    _ = source.chunks(
      ofCount: 2, or: .repeating(every: .seconds(1), clock: clock), into: String.self)
    _ = source.chunked(by: .repeating(every: .seconds(1), clock: clock), into: String.self)
    let timed:
      AsyncChunksOfCountOrSignalSequence<
        AsyncTestSource<Character>, [Character], AsyncTimerSequence<TestClock>
      > = source.chunked(by: .repeating(every: .milliseconds(10), clock: clock))
    let sendable: any Sendable = timed
    #expect(
      sendable
        is AsyncChunksOfCountOrSignalSequence<
          AsyncTestSource<Character>, [Character], AsyncTimerSequence<TestClock>
        >)
  }

  @Test func aNonThrowingBaseGivesANonThrowingChunking() async {
    let stream = AsyncStream<Int> { continuation in
      for value in 0..<5 { continuation.yield(value) }
      continuation.finish()
    }
    var chunks: [[Int]] = []
    for await chunk in stream.chunks(ofCount: 2) { chunks.append(chunk) }
    #expect(chunks == [[0, 1], [2, 3], [4]])
  }
}
