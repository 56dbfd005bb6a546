import AsyncOps
import AsyncOpsTesting
import BrewSearch
import BrewSearchReplay
import Testing

/// What the structured-concurrency design does that the push design cannot: a slow pass is
/// cancelled when newer inputs arrive, and cancelling `run()` leaves nothing behind.
@Suite struct StructuredConcurrencyTests {
  /// A filter that takes 100 ms of virtual time per pass (a huge history, say).
  private static func slowFilter(_ clock: TestClock) -> BrewFilter {
    BrewFilter { query, source in
      try await clock.sleep(for: .milliseconds(100))
      return query.filter(source.brews)
    }
  }

  private static let typing = timed([(0, .text("c")), (50, .text("ch"))])

  @Test func theStructuredModelCancelsAStalePassAndPublishesOnlyTheLatest() async throws {
    let timeline = try await ScriptedSession.runPull(
      Self.typing, source: Brew.sampleHistory, debounce: .milliseconds(20),
      filter: Self.slowFilter)
    // "c" settles at 20 ms and its pass starts; "ch" settles at 70 ms, cancelling it; the
    // pass for "ch" runs 70–170 ms. Only that pass is published.
    let latest = BrewQuery(text: "ch").filter(Brew.sampleHistory).map(\.id)
    #expect(
      timeline.results == [SearchEmission(time: .milliseconds(170), kind: .results(ids: latest))])
  }

  @Test func thePushModelPublishesEveryPassIncludingTheStaleOne() {
    // The push pipeline's map is synchronous: a pass cannot be interrupted, so the pass for "c"
    // is published although "ch" follows; the list flickers through a stale state.
    let timeline = ScriptedSession.runPush(
      Self.typing, source: Brew.sampleHistory, debounce: .milliseconds(20))
    let stale = BrewQuery(text: "c").filter(Brew.sampleHistory).map(\.id)
    let latest = BrewQuery(text: "ch").filter(Brew.sampleHistory).map(\.id)
    #expect(
      timeline.results == [
        SearchEmission(time: .milliseconds(20), kind: .results(ids: stale)),
        SearchEmission(time: .milliseconds(70), kind: .results(ids: latest)),
      ])
  }

  @Test func cancellingRunStopsEverythingAndLeavesNothingBehind() async throws {
    try await withVirtualTime { time in
      var model: BrewHistorySearchModel? = BrewHistorySearchModel(
        debounce: .milliseconds(20), clock: time.clock, filter: Self.slowFilter(time.clock))
      weak let weakModel = model
      model?.updateSource(Brew.sampleHistory)
      let running = Task { [model] in await model?.run() }
      await time.advance(by: .milliseconds(30))  // a pass is in flight now
      model?.searchText = "guji"  // and a debounce timer pending
      await time.settle()
      #expect(time.clock.sleeperCount == 2)
      running.cancel()
      await running.value
      #expect(time.clock.sleeperCount == 0, "the pass and the debounce timer were cancelled")
      #expect(time.now == .zero.advanced(by: .milliseconds(30)), "cancelling needs no time")
      model = nil
      await time.settle()
      #expect(weakModel == nil, "no task of the model is left holding it")
    }
  }

  @Test func finishingTheInputsSearchesThePendingTextAndEndsRun() async throws {
    try await withVirtualTime { time in
      let model = BrewHistorySearchModel(debounce: .seconds(5), clock: time.clock)
      model.updateSource(Brew.sampleHistory)
      let running = Task { await model.run() }
      await time.settle()
      model.searchText = "jasmine"
      model.finishInputs()
      await running.value
      #expect(time.now == .zero, "the pull debounce flushes on finish: no waiting")
      #expect(model.filteredBrews == BrewQuery(text: "jasmine").filter(Brew.sampleHistory))
      #expect(model.recentSearchTerms == ["jasmine"])
    }
  }

  @Test func aSecondConcurrentRunReturnsAtOnce() async throws {
    try await withVirtualTime { time in
      let model = BrewHistorySearchModel(debounce: .milliseconds(20), clock: time.clock)
      model.updateSource(Brew.sampleHistory)
      let first = Task { await model.run() }
      await time.settle()
      await model.run()  // returns at once: the model already runs
      #expect(time.now == .zero, "returned without waiting")
      // The first run still serves the model.
      model.searchText = "jasmine"
      await time.advance(by: .milliseconds(20))
      #expect(model.filteredBrews == BrewQuery(text: "jasmine").filter(Brew.sampleHistory))
      first.cancel()
      await first.value
    }
  }
}
