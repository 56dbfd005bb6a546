import AsyncOps
import AsyncOpsTesting
import Testing

// The sample of "Running only the newest async work" (AsyncOps.docc/MapLatest.md), verbatim.
func showResults(
  for queries: AsyncCurrentValue<String>,
  clock: some Clock<Duration>,
  search: @escaping @Sendable (String) async throws -> [String],
  show: @Sendable ([String]) async -> Void
) async throws {
  let results =
    queries
    .debounce(for: .milliseconds(300), clock: clock)
    .mapLatest(search)
  for try await result in results {
    await show(result)
  }
}

/// Every marble diagram and code sample of AsyncOps.docc/MapLatest.md.
@Suite struct MapLatestArticleTests {
  @Test func aNewerElementCancelsTheRunningTransform() async throws {
    try await expectMarbles(["a-b----c|"], "-----b----[c|]") { inputs, clock in
      inputs[0].mapLatest { element in
        try await clock.sleep(for: .milliseconds(3))
        return element
      }
    }
  }

  @Test func anUpstreamFailureCancelsTheTransformAndIsDeliveredAtOnce() async throws {
    try await expectMarbles(["a-^"], "--^") { inputs, clock in
      inputs[0].mapLatest { element in
        try await clock.sleep(for: .milliseconds(3))
        return element
      }
    }
  }

  @Test func theSampleShowsOnlyTheAnswerToTheNewestQuery() async throws {
    let shown = ExampleLog<String>()
    try await withVirtualTime { time in
      let queries = AsyncCurrentValue("")
      let clock = time.clock
      let screen = Task {
        try await showResults(
          for: queries, clock: clock,
          search: { query in
            try await clock.sleep(for: .milliseconds(500))  // a slow request
            return ["\(query)@\(clock.now.offset)"]
          },
          show: { shown.append($0.joined()) })
      }
      queries.value = "lat"
      await time.advance(by: .milliseconds(400))  // "lat" is searched from 300 ms
      queries.value = "latte"  // searched from 700 ms: cancels the request for "lat"
      await time.advance(by: .seconds(2))
      queries.finish()
      try await screen.value
    }
    #expect(shown.all == ["latte@1.2 seconds"])
  }
}
