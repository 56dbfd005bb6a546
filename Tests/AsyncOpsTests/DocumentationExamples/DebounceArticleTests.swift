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

// The options sample of "Debouncing", verbatim.
func runQueriesWhileTyping(
  typed searchText: AsyncCurrentValue<String>,
  clock: some Clock<Duration>,
  search: @Sendable (String) async -> Void
) async {
  let queries = searchText.debounce(
    for: .milliseconds(300), clock: clock, leading: true, maxWait: .seconds(1))
  for await query in queries {
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

  @Test func leadingEmitsTheElementThatStartsABurstAtOnce() async throws {
    try await expectMarbles(["abc-----|"], "a----c--|") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock, leading: true)
    }
  }

  @Test func maxWaitCutsABurstOfContinuousTyping() async throws {
    try await expectMarbles(["abcdefghijk----|"], "-----e----j--k-|") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock, maxWait: .milliseconds(5))
    }
  }

  @Test func theOptionsSampleSearchesAtOnceAndAtLeastEverySecondWhileTyping() async throws {
    let searched = ExampleLog<String>()
    try await withVirtualTime { time in
      let searchText = AsyncCurrentValue("")
      let queries = Task {
        await runQueriesWhileTyping(typed: searchText, clock: time.clock) {
          searched.append("\($0)@\(time.clock.now.offset)")
        }
      }
      await time.settle()  // "" starts a burst: searched at once
      for text in ["l", "la", "lat", "latt", "latte", "latte ", "latte m"] {
        searchText.value = text
        await time.advance(by: .milliseconds(200))
      }
      searchText.finish()
      await queries.value
    }
    // The first burst ("" at 0, then typing every 200 ms) is cut at 1 s with "latte"; "latte "
    // starts a new burst at 1 s, emitted at once; "latte m" is flushed by the finish.
    #expect(
      searched.all == [
        "@0.0 seconds", "latte@1.0 seconds", "latte @1.0 seconds", "latte m@1.4 seconds",
      ])
  }
}
