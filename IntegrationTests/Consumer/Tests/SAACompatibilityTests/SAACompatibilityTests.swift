import AsyncOps
import LocalClocks
import SAACompatibility
import Testing

/// Runs a little of every swift-async-algorithms spelling the compatibility suite compiles, so
/// that suite is code that runs, not only code that builds.
@Suite(.timeLimit(.minutes(1))) struct SAACompatibilityTests {
  @Test func mergeZipAndCombineLatestOfTwoAndThreeBasesProduceTheirElements() async throws {
    let lines = try await runCombining()
    #expect(lines.first == "merge [1, 2, 3] [1, 2, 3]")
    #expect(lines.contains("zip [\"1a\", \"2b\"] [6]"))
    #expect(lines.contains("mixed merge [1, 2]"))
    #expect(lines.contains("iterators 7 1a 1c"))
    #expect(
      lines.contains(
        "second base's error [\"merge failed\", \"merge3 failed\", \"zip failed\", "
          + "\"zip3 failed\", \"latest failed\", \"latest3 failed\"] then nil"))
    #expect(lines.last == "generic [5] [1, 2, 3, 3, 4, 5, 8, 12, 13, 72]")
  }

  @Test func theSequenceAlgorithmsProduceTheirElements() async throws {
    let lines = try await runAlgorithms()
    #expect(lines.contains("adjacentPairs [\"11\", \"12\", \"23\"]"))
    #expect(lines.contains("compacted [1, 1, 2, 3]"))
    #expect(lines.contains("reductions [1, 2, 4, 7, 1, 2, 4, 7, 1, 2, 4, 7]"))
    #expect(lines.contains("removeDuplicates [1, 2, 3, 1, 2, 3] [1, 2]"))
    #expect(lines.contains("joined [1, 2, 3, 1, 2, 0, 3]"))
    #expect(lines.contains("mapError [1, 1, 2, 3, 1, 1, 2, 3]"))
    #expect(lines.last == "collections 1 [1, 1, 2, 3] [1, 2, 3] [1, 2] 3 [2]")
  }

  @Test func everyAlgorithmIteratorTakenByHandGivesAFirstElement() async throws {
    #expect(try await runAlgorithmIterators() == 15)
  }

  @Test func timeBufferShareChannelsAndBytesProduceTheirElements() async throws {
    let lines = try await runTimeAndChannels()
    #expect(lines.contains("debounce last 3"))
    #expect(lines.contains("buffer [1, 2, 3] [1, 2, 1, 2, 1, 2, 1, 2]"))
    #expect(lines.contains("timer ticked true"))
    #expect(lines.contains("channels 1 2 MappedFailure"))
    #expect(lines.last == "bytes 7")
  }

  @Test func chainOfTwoAndThreeBasesProducesTheirElementsInOrder() async throws {
    #expect(try await runChain() == ["chain [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]"])
  }

  @Test func anotherModulesGenericTestClockIsSpelledTestClockOfDuration() async {
    let clock = TestClock<Duration>()
    #expect(await debounceOnLocalTestClock([1, 2, 3], clock: clock).last == 3)
  }

  @Test func theGracefulShutdownShapeMergesTheBaseWithTheSignal() async throws {
    let (signal, continuation) = AsyncStream<Void>.makeStream()
    continuation.yield()
    continuation.finish()
    let base = AsyncThrowingStream<Int, any Error> {
      $0.yield(4)
      $0.finish()
    }
    var values: [Int?] = []
    for try await value in MergedWithSignal(base: base, signal: signal) { values.append(value) }
    #expect(values.count == 2 && values.contains(4) && values.contains(nil))
  }
}
