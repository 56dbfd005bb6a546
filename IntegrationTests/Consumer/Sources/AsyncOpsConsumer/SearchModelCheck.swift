import AsyncOps
import BrewSearch

/// The search model of the README, on the real clock with a short debounce.
enum SearchModelCheck {
  static func theReadmeSearchModelFiltersAndRemembers() async throws {
    let model = BrewHistorySearchModel(debounce: .milliseconds(20))  // ContinuousClock
    model.updateSource(Brew.sampleHistory)
    let (changes, change) = AsyncStream.makeStream(of: Void.self)
    model.onFilterApplied = { change.yield() }
    model.onRecentSearchesChanged = { change.yield() }
    let search = Task { await model.run() }

    model.searchText = "jas"
    model.searchText = "jasmine"
    model.methodFilter = .pourOver
    model.minimumRating = 4

    let query = BrewQuery(text: "jasmine", method: .pourOver, minimumRating: 4)
    let expected = query.filter(Brew.sampleHistory).map(\.id)
    // Wait for the model to catch up with the last inputs; the runner bounds the wait.
    for await _ in changes {
      let settled =
        model.filteredBrews.map(\.id) == expected
        && model.recentSearchTerms.first == "jasmine"
      if settled { break }
    }
    search.cancel()
    await search.value  // nothing of the model is left running
    try expectEqual(model.filteredBrews.map(\.id), expected, "filtered brews")
    try expectEqual(expected.isEmpty, false, "the sample has a pour-over jasmine brew rated 4+")
    try expectEqual(model.recentSearchTerms.first, "jasmine", "the latest recent search")
  }
}
