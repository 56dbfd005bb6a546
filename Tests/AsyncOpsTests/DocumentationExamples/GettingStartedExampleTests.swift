import AsyncOps
import AsyncOpsTesting
import Testing

/// The sample of "Getting started" (AsyncOps.docc/GettingStarted.md), run on virtual time.
@Suite struct GettingStartedExampleTests {
  @Test func thePipelineFiltersOnceAndRemembersOnceAfterTheTypingPauses() async throws {
    let bright = Brew(method: .filter, rating: 5, notes: "bright, fruity")
    let muddy = Brew(method: .espresso, rating: 2, notes: "muddy")
    let shown = ExampleLog<[Brew]>()
    let remembered = ExampleLog<String>()

    try await withVirtualTime { time in
      let clock = time.clock
      let sampleBrews = [bright, muddy]
      let show: @Sendable ([Brew]) -> Void = { shown.append($0) }
      let remember: @Sendable (String) -> Void = { remembered.append($0) }

      // The sample, verbatim:
      let searchText = AsyncCurrentValue("")  // fed by a text field's setter
      let minimumRating = AsyncCurrentValue(0)
      let brews = AsyncCurrentValue(sampleBrews)

      let query =
        searchText
        .debounce(for: .milliseconds(300), clock: clock)
        .removeDuplicates()
        .share(replay: 1)

      let search = Task {
        await withDiscardingTaskGroup { group in
          group.addTask {  // the filtered list
            for await (text, rating, all) in combineLatest(query, minimumRating, brews) {
              show(all.filter { $0.rating >= rating && (text.isEmpty || $0.notes.contains(text)) })
            }
          }
          group.addTask {  // recent searches: the same query, independent of the list
            for await term in query where !term.isEmpty { remember(term) }
          }
        }
      }

      searchText.value = "b"  // synchronous, like a property setter
      searchText.value = "bright"  // within 300 ms: replaces "b"
      // End of the sample.

      await time.advance(by: .milliseconds(299))
      #expect(shown.all.isEmpty)
      await time.advance(by: .milliseconds(1))
      #expect(shown.all == [[bright]])
      #expect(remembered.all == ["bright"])

      search.cancel()  // stops both loops and every task the operators started
      await search.value
      #expect(clock.sleeperCount == 0)
    }
  }
}
