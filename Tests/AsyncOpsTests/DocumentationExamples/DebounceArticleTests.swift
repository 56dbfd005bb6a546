import AsyncOps
import AsyncOpsTesting
import Testing

// The sample of "Debouncing" (AsyncOps.docc/Debounce.md), verbatim.
func runQueries(
  typed searchText: AsyncCurrentValue<String>,
  clock: some Clock<Duration>,
  search: @Sendable (String) async -> Void
) async {
  for await query in searchText.debounce(for: .milliseconds(300), clock: clock) {
    await search(query)
  }
}

/// Every marble diagram and code sample of AsyncOps.docc/Debounce.md.
@Suite struct DebounceArticleTests {
  @Test func aBurstYieldsItsLastElementOnceTheInputIsQuiet() async throws {
    try await expectMarbles(["abcd----e---f-g----|"], "------d----e-----g-|") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  @Test func anElementArrivingAtTheDeadlineComesAfterTheTimer() async throws {
    try await expectMarbles(["a--b---|"], "---a--b|") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  @Test func thePendingElementIsEmittedAtOnceWhenTheBaseFinishes() async throws {
    try await expectMarbles(["ab-|"], "---[b|]") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  /// The pull half of the comparison in "Migrating from Combine"; the push half (Combine drops
  /// the pending element: "---|") is PushReferenceTests' `finishDropsThePendingValue`.
  @Test func theFinishComparedWithCombineEmitsThePendingElement() async throws {
    try await expectMarbles(["a-b|"], "---[b|]") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  @Test func aFailureDropsThePendingElementAndIsDeliveredAtOnce() async throws {
    try await expectMarbles(["ab-^"], "---^") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  @Test func aZeroIntervalPassesEveryElementThrough() async throws {
    try await expectMarbles(["ab-c[de]|"], "ab-c[de]|") { inputs, clock in
      inputs[0].debounce(for: .zero, clock: clock)
    }
  }

  @Test func theSampleSearchesOnceThreeHundredMillisecondsAfterTheLastKeystroke() async throws {
    let searched = ExampleLog<String>()
    try await withVirtualTime { time in
      let searchText = AsyncCurrentValue("")
      let queries = Task {
        await runQueries(typed: searchText, clock: time.clock) { searched.append($0) }
      }
      searchText.value = "b"
      await time.advance(by: .milliseconds(5))
      searchText.value = "br"
      await time.advance(by: .milliseconds(299))
      #expect(searched.all.isEmpty)
      await time.advance(by: .milliseconds(1))
      #expect(searched.all == ["br"])
      searchText.finish()
      await queries.value
    }
  }
}
