import BrewSearch
import BrewSearchReplay
import Foundation
import Testing

/// The article's three tests, on virtual time and for both designs: no real sleeping, each in
/// milliseconds of wall time.
@Suite struct ArticleTests {
  private static let brightBrew = Brew(
    id: "bright", date: Date(timeIntervalSince1970: 0), method: .filter, rating: 5,
    notes: "bright, fruity, the good batch")

  @Test(arguments: SearchEngineKind.allCases)
  func rapidKeystrokesSettleIntoASingleFilterPass(engine: SearchEngineKind) async throws {
    let typing = timed([
      (0, .text("b")), (5, .text("br")), (10, .text("bri")), (15, .text("brig")),
      (20, .text("bright")),
    ])
    let timeline = try await engine.replay(
      typing, source: [Self.brightBrew], debounce: .milliseconds(20))
    #expect(timeline.filterPasses == 1)
    #expect(timeline.results.first?.time == .milliseconds(40))
    #expect(timeline.lastResults == ["bright"])
  }

  @Test(arguments: SearchEngineKind.allCases)
  func recentSearchesAreIndependentOfFilterResults(engine: SearchEngineKind) async throws {
    let timeline = try await engine.replay(
      timed([(0, .text("zzz-no-such-brew"))]), source: Brew.sampleHistory,
      debounce: .milliseconds(20))
    #expect(timeline.lastResults == [])
    #expect(timeline.recent.map(\.kind) == [.recent(terms: ["zzz-no-such-brew"])])
  }

  @Test(arguments: SearchEngineKind.allCases)
  func combineLatestMergesAllFourDimensions(engine: SearchEngineKind) async throws {
    let timeline = try await engine.replay(
      timed([(0, .method(.pourOver)), (0, .rating(4))]), source: Brew.sampleHistory,
      debounce: .milliseconds(20))
    let expected = BrewQuery(method: .pourOver, minimumRating: 4).filter(Brew.sampleHistory)
    #expect(!expected.isEmpty)
    #expect(timeline.lastResults == expected.map(\.id))
    #expect(timeline.recent.isEmpty, "no search text, so no recent search")
  }
}
