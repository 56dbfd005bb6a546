import AsyncOps
import AsyncOpsTesting
import Testing

// The sample of "Sharing one sequence" (AsyncOps.docc/Share.md), verbatim.
func runSearchScreen(
  searchText: AsyncCurrentValue<String>,
  clock: some Clock<Duration>,
  showResults: @escaping @Sendable (String) async -> Void,
  remember: @escaping @Sendable (String) async -> Void
) async {
  let query = searchText.debounce(for: .milliseconds(300), clock: clock).share(replay: 1)

  await withDiscardingTaskGroup { group in
    group.addTask {
      for await text in query { await showResults(text) }
    }
    group.addTask {
      for await text in query where !text.isEmpty { await remember(text) }
    }
  }
}

/// A sensor as the restartable-share sample of "Sharing one sequence" uses it.
struct SampleSensor {
  var readings: AsyncStream<Double>
}

// The restartable-share sample of "Sharing one sequence", verbatim.
func sharedReadings(
  of sensor: SampleSensor, clock: some Clock<Duration>
) -> some AsyncSequence<Double, Never> & Sendable {
  let readings = sensor.readings.share(replay: 1, stoppingAfter: .seconds(2), clock: clock)
  return readings
}

/// Every marble diagram and code sample of AsyncOps.docc/Share.md.
@Suite struct ShareArticleTests {
  /// The restartable share's diagrams: a cold upstream, played half a tick in (as the marble
  /// engines play it, so that a consumer registered at a tick receives that tick's event).
  @Test(arguments: [
    ("share:0-2,3", [0, 3], [2, nil], 0, "abcdef|", ["ab", "---def|"]),
    ("share:0-2,4", [0, 4], [2, nil], 0, "abcdef|", ["ab", "----abcdef|"]),
    ("share:0-2,6:replay=1", [0, 6], [2, nil], 1, "abcd-----x|", ["ab", "------[da]bcd-----x|"]),
  ])
  func aStopDelayKeepsOrRestartsTheUpstream(
    _ spelling: String, _ consumers: [Int], _ leaves: [Int?], _ replay: Int, _ upstream: String,
    _ expected: [String]
  ) async throws {
    let runs = [try MarbleTimeline(parsing: upstream)]
    let outputs = try await recordMarbles([], consumers: consumers, leaves: leaves) { _, clock in
      ColdMarbleSource(runs: runs, clock: clock, offset: .microseconds(500))
        .share(replay: replay, stoppingAfter: .milliseconds(2), clock: clock)
    }
    #expect(outputs.map(\.description) == expected, "\(spelling):stop=2")
  }

  @Test func theRestartableSampleSharesOneReadOfTheSensor() async {
    let (stream, input) = AsyncStream<Double>.makeStream()
    let readings = sharedReadings(of: SampleSensor(readings: stream), clock: ContinuousClock())
    input.yield(20.5)
    input.finish()
    var received: [Double] = []
    for await reading in readings { received.append(reading) }
    #expect(received == [20.5])
  }

  @Test func aLateConsumerGetsOnlyWhatIsProducedAfterItRegisters() async throws {
    let outputs = try await recordMarbles(["a-b-c|"], consumers: [0, 2]) { inputs, _ in
      inputs[0].share()
    }
    #expect(outputs.map(\.description) == ["a-b-c|", "--b-c|"])
  }

  @Test func withReplayALateConsumerFirstGetsTheLastElement() async throws {
    let outputs = try await recordMarbles(["a-b-c|"], consumers: [0, 2]) { inputs, _ in
      inputs[0].share(replay: 1)
    }
    #expect(outputs.map(\.description) == ["a-b-c|", "--[ab]-c|"])
  }

  @Test func aConsumerRegisteredAfterTheFinishGetsItsReplayThenTheFinish() async throws {
    let outputs = try await recordMarbles(["a-b-c|"], consumers: [0, 7]) { inputs, _ in
      inputs[0].share(replay: 2)
    }
    #expect(outputs.map(\.description) == ["a-b-c|", "-------[bc|]"])
  }

  @Test func theFailureReachesEveryConsumer() async throws {
    let outputs = try await recordMarbles(["a-b-^"], consumers: [0, 1, 3]) { inputs, _ in
      inputs[0].share()
    }
    #expect(outputs.map(\.description) == ["a-b-^", "--b-^", "----^"])
  }

  @Test func theSampleFeedsBothLoopsFromOneDebouncedQuery() async throws {
    let shown = ExampleLog<String>()
    let remembered = ExampleLog<String>()
    try await withVirtualTime { time in
      let searchText = AsyncCurrentValue("")
      let screen = Task {
        await runSearchScreen(
          searchText: searchText, clock: time.clock,
          showResults: { shown.append($0) }, remember: { remembered.append($0) })
      }
      await time.advance(by: .milliseconds(300))
      searchText.value = "bright"
      await time.advance(by: .milliseconds(300))
      searchText.value = "bitter"
      searchText.finish()  // the debounce emits "bitter" at once, then every loop ends
      await screen.value

      #expect(shown.all == ["", "bright", "bitter"])
      #expect(remembered.all == ["bright", "bitter"])
    }
  }
}
