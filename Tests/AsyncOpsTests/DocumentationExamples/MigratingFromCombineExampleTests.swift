import AsyncOps
import AsyncOpsTesting
import Testing

/// Runs the sample of "Migrating from Combine" (`BrewHistorySearch`) through the source article's
/// other two tests, on virtual time.
@Suite struct MigratingFromCombineExampleTests {
  static let brews = [
    Brew(method: .filter, rating: 5, notes: "Bright, fruity, the good batch"),
    Brew(method: .espresso, rating: 2, notes: "bitter"),
    Brew(method: .aeropress, rating: 4, notes: "bright but thin"),
  ]

  @Test func recentSearchesAreIndependentOfFilterResults() async throws {
    try await withVirtualTime { time in
      let model = BrewHistorySearch()
      model.allBrews.send(Self.brews)
      let search = Task { await model.run(debounce: .milliseconds(300), clock: time.clock) }
      model.searchText.value = "citrusy"
      await time.advance(by: .milliseconds(300))

      #expect(model.filteredBrews.value.isEmpty)
      #expect(model.recentSearchTerms.value == ["citrusy"])
      search.cancel()
      await search.value
    }
  }

  @Test func combineLatestMergesAllFourDimensions() async throws {
    try await withVirtualTime { time in
      let model = BrewHistorySearch()
      let search = Task { await model.run(debounce: .milliseconds(300), clock: time.clock) }
      model.methodFilter.value = .aeropress
      model.minimumRating.value = 3
      model.allBrews.send(Self.brews)
      await time.advance(by: .milliseconds(300))
      #expect(model.filteredBrews.value == [Self.brews[2]])

      model.methodFilter.value = nil  // no debounce on the other three inputs
      await time.settle()
      #expect(model.filteredBrews.value == [Self.brews[0], Self.brews[2]])
      #expect(model.recentSearchTerms.value.isEmpty)
      search.cancel()
      await search.value
    }
  }

  @Test func cancellingTheRunTaskEndsEveryLoop() async throws {
    try await withVirtualTime { time in
      let model = BrewHistorySearch()
      let search = Task { await model.run(debounce: .milliseconds(300), clock: time.clock) }
      await time.advance(by: .milliseconds(300))
      search.cancel()
      await search.value  // returns: nothing is left running
      model.searchText.value = "late"
      await time.advance(by: .seconds(1))
      #expect(model.recentSearchTerms.value.isEmpty)
      #expect(time.clock.sleeperCount == 0)
    }
  }
}
