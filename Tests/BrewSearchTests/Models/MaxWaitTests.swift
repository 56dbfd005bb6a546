import BrewSearch
import BrewSearchReplay
import Testing

/// `BrewHistorySearchModel(debounce:maxWait:)`: continuous typing is still searched at least every
/// `maxWait` (Debounce rule 9), on virtual time.
@Suite struct MaxWaitTests {
  /// A keystroke every 100 ms from 0 to 700 ms, then nothing: never quiet for 300 ms until 1000.
  private static let typing = timed(
    ["c", "ch", "chi", "chim", "chime", "chimes", "chimes ", "chimes o"].enumerated().map {
      (index, text) in (index * 100, .text(text))
    })

  private static func resultTimes(maxWait: Duration?) async throws -> [Int] {
    let timeline = try await ScriptedSession.runPull(
      typing, source: Brew.sampleHistory, debounce: .milliseconds(300), maxWait: maxWait)
    return timeline.results.map(\.milliseconds)
  }

  @Test func withoutMaxWaitContinuousTypingIsSearchedOnlyOnceItPauses() async throws {
    #expect(try await Self.resultTimes(maxWait: nil) == [1000])
  }

  @Test func maxWaitSearchesContinuousTypingAtLeastThatOften() async throws {
    // The burst starting at 0 is cut at 500 (the text typed at 400); the next one starts with
    // the keystroke at 500 and ends 300 ms after the last one, at 1000.
    #expect(try await Self.resultTimes(maxWait: .milliseconds(500)) == [500, 1000])
  }

  @Test func theDefaultInitKeepsCompilingWithoutMaxWait() {
    let models = [
      BrewHistorySearchModel(debounce: .milliseconds(300)),
      BrewHistorySearchModel(debounce: .milliseconds(300), maxWait: .seconds(1)),
    ]
    for model in models {
      #expect(model.searchText.isEmpty && model.filteredBrews.isEmpty)
    }
  }
}
