import AsyncOpsTesting
import BrewSearch
import Testing

/// An app's `@MainActor` view models on virtual time, through the public API only.
@Suite struct MainActorModelTests {
  @MainActor @Test func theObservationModelSearchesOnVirtualTime() async throws {
    guard #available(macOS 26, iOS 26, *) else { return }
    let (published, recent) = try await withVirtualTime { @MainActor time in
      let model = ObservationBrewHistorySearchModel(debounce: .milliseconds(300), clock: time.clock)
      model.updateSource(Brew.sampleHistory)
      var published: [String] = []
      model.onFilterApplied = {
        published.append("\(time.now.offset): \(model.filteredBrews.count)")
      }
      let searching = Task { await model.run() }
      await time.advance(by: .milliseconds(300))
      model.searchText = "jas"
      await time.advance(by: .milliseconds(100))
      model.searchText = "jasmine"
      model.methodFilter = .pourOver  // searched at once with the debounced "" text
      await time.advance(by: .milliseconds(300))
      searching.cancel()
      await searching.value
      return (published, model.recentSearchTerms)
    }
    let pourOver = BrewQuery(method: .pourOver).filter(Brew.sampleHistory).count
    let jasmine = BrewQuery(text: "jasmine", method: .pourOver).filter(Brew.sampleHistory).count
    #expect(
      published == [
        "0.3 seconds: \(Brew.sampleHistory.count)", "0.4 seconds: \(pourOver)",
        "0.7 seconds: \(jasmine)",
      ])
    #expect(recent == ["jasmine"])
  }

  @MainActor @Test func theMainActorModelPublishesOnTheMainActor() async throws {
    let results = try await withVirtualTime { @MainActor time in
      let model = MainActorBrewHistorySearchModel(debounce: .milliseconds(20), clock: time.clock)
      model.updateSource(Brew.sampleHistory)
      let searching = Task { await model.run() }
      model.searchText = "kenya"
      await time.advance(by: .milliseconds(20))
      let results = Array(model.filteredBrews)
      searching.cancel()
      await searching.value
      return results
    }
    #expect(results == BrewQuery(text: "kenya").filter(Brew.sampleHistory))
    #expect(!results.isEmpty)
  }

  @Test func aRealClockSleepInTheBodyIsReportedByName() async {
    await #expect {
      try await withVirtualTime { _ in try await Task.sleep(for: .seconds(3600)) }
    } throws: { error in
      guard case VirtualTimeError.unsupportedWork(let report) = error else { return false }
      return report.contains("on ContinuousClock")
    }
  }
}
