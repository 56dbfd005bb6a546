import AsyncOpsTesting
import PushReference
import Testing

@testable import BrewSearch

/// A published pass is a collection over positions in the searched brews: no brew is copied, and
/// it still reads like the array it replaced.
@Suite struct FilteredBrewsTests {
  static let brews = BrewGenerator(seed: 5).brews(count: 20_000)

  /// Runs a model with `filter` over ``brews`` until `text` is published; returns the model.
  private static func published(
    _ text: String, filter: BrewFilter, in time: VirtualTime
  ) async -> BrewHistorySearchModel {
    let model = BrewHistorySearchModel(
      debounce: .milliseconds(10), clock: time.clock, filter: filter)
    model.updateSource(brews)
    let running = Task { await model.run() }
    await time.settle()
    model.searchText = text
    model.finishInputs()
    await running.value
    return model
  }

  @Test(arguments: ["indexed", "prefetched"])
  func aPublishedPassIsAViewOfTheSourceNotACopy(filter name: String) async throws {
    let prefetcher = BrewSearchPrefetcher()
    prefetcher.prepare(Self.brews)
    let filter = name == "indexed" ? BrewFilter.indexed() : prefetcher.filter
    try await withVirtualTime { time in
      let model = await Self.published("jasmine", filter: filter, in: time)
      let expected = BrewQuery(text: "jasmine").filter(Self.brews)
      #expect(expected.count > 100, "enough matches to tell a copy from a view")
      #expect(model.filteredBrews == expected)
      #expect(model.filteredBrews.isView(of: Self.brews), "positions over the source's storage")
      #expect(!model.filteredBrews.holdsEverySourceBrew)
    }
  }

  @Test func theEmptyQueryPublishesTheSourceItselfWithoutPositions() async throws {
    try await withVirtualTime { time in
      let model = await Self.published("", filter: .indexed(), in: time)
      #expect(model.filteredBrews.count == Self.brews.count)
      #expect(model.filteredBrews.isView(of: Self.brews))
      #expect(model.filteredBrews.holdsEverySourceBrew, "no list of a position per brew")
    }
  }

  @Test func itReadsLikeAnArray() {
    let brews = Array(Brew.sampleHistory.prefix(6))
    let some = FilteredBrews(source: brews, positions: [1, 3, 4])
    #expect(some.count == 3)
    #expect(some[0] == brews[1] && some[2] == brews[4])
    #expect(some.first == brews[1] && some.last == brews[4])
    #expect(Array(some) == [brews[1], brews[3], brews[4]])
    #expect(some == [brews[1], brews[3], brews[4]] && [brews[1], brews[3], brews[4]] == some)
    #expect(some.map(\.id) == [brews[1].id, brews[3].id, brews[4].id])
    #expect(Array(some.dropFirst().prefix(1)) == [brews[3]])
    #expect(some.indices == 0..<3)
    #expect(some.reversed().map(\.id) == [brews[4].id, brews[3].id, brews[1].id])
    #expect(some != FilteredBrews(brews) && FilteredBrews() == [])
    #expect(FilteredBrews(brews) == FilteredBrews(source: brews, positions: [0, 1, 2, 3, 4, 5]))
    #expect("\(FilteredBrews(source: brews, positions: [2]))" == "\([brews[2]])")
  }

  /// `!=` with an array compiles on either side, as `==` does.
  @Test func itComparesUnequalWithAnArrayEitherWayRound() {
    let brews = Array(Brew.sampleHistory.prefix(3))
    let some = FilteredBrews(source: brews, positions: [0, 2])
    #expect(some != brews)
    #expect(brews != some)
    #expect(!(some != [brews[0], brews[2]]))
    #expect(!([brews[0], brews[2]] != some))
  }

  @Test func thePushModelPublishesItsFilteredArrayWithoutACopy() {
    let scheduler = VirtualTimeScheduler()
    let kenya = BrewQuery(text: "kenya").filter(Brew.sampleHistory)
    let model = PushBrewHistorySearchModel(
      debounce: .milliseconds(10), scheduler: scheduler, filter: { _, _ in kenya })
    model.updateSource(Brew.sampleHistory)
    model.searchText = "kenya"
    scheduler.advance(by: .milliseconds(10))
    #expect(model.filteredBrews == kenya)
    #expect(model.filteredBrews.isView(of: kenya))
  }
}
