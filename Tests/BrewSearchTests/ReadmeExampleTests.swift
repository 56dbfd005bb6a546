import AsyncOps
import BrewSearch
import Testing

/// The README's "search model in 20 lines", verbatim, so that the example cannot rot.
@Suite struct ReadmeExampleTests {
  private static func searchModelInTwentyLines() async -> BrewHistorySearchModel {
    let model = BrewHistorySearchModel(debounce: .milliseconds(300))  // ContinuousClock by default
    model.updateSource(Brew.sampleHistory)
    model.onFilterApplied = { [weak model] in
      print(model?.filteredBrews.map(\.notes) ?? [])
    }
    let search = Task { await model.run() }  // the model's one task: filter loop + recent searches

    model.searchText = "jas"  // typing: debounced, de-duplicated
    model.searchText = "jasmine"
    model.methodFilter = .pourOver  // any input change re-runs the filter
    model.minimumRating = 4

    // later, when the screen goes away (SwiftUI's .task does this for you):
    search.cancel()
    await search.value  // nothing of the model is left running
    return model
  }

  /// The README's example runs and stops: asserted, and under a time limit.
  @Test(.timeLimit(.minutes(1))) func theReadmeExampleRunsAndStops() async {
    // Cancelled long before its 300 ms debounce: it must return without waiting for it (the time
    // limit fails a run that hangs), with the inputs it was given.
    let model = await Self.searchModelInTwentyLines()
    #expect(model.searchText == "jasmine")
    #expect(model.methodFilter == .pourOver)
    #expect(model.minimumRating == 4)
  }
}
