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

/// Every marble diagram and code sample of AsyncOps.docc/Share.md.
@Suite struct ShareArticleTests {
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
