import Foundation
import Testing

/// The live screen's scrolling and long queries through a pseudo-terminal:
/// PgDn stops at the last page, a new query starts at the top, a query wider than the window
/// scrolls so the cursor and the typed end stay visible, the footer lists every key.
@Suite struct LiveScreenScrollAndQueryTests {
  static let pageDown = "\u{1B}[6~"
  static let pageUp = "\u{1B}[5~"

  @Test func pageDownStopsAtTheLastPageSoPageUpMovesAtOnce() throws {
    // 30 rows: 24 results a page, so the 42 sample brews have two pages: 1–24 and 19–42.
    let live = try LiveScreenTests.LiveSearch()
    #expect(live.terminal.read(until: "42 brews (1–24, PgUp/PgDn)"), "\(live.terminal.transcript)")
    for _ in 0..<4 { live.terminal.type(Self.pageDown) }
    #expect(live.terminal.read(until: "42 brews (19–42, PgUp/PgDn)"))
    // Three pages back from the last page is the top: the view changes.
    for _ in 0..<3 { live.terminal.type(Self.pageUp) }
    #expect(
      live.terminal.read(until: "42 brews (1–24, PgUp/PgDn)"),
      "PgUp after PgDn past the end moved nothing: \(live.terminal.transcript.suffix(400))")
    #expect(live.quit())
  }

  @Test func aNewQueryStartsAtTheTopOfItsResults() throws {
    let live = try LiveScreenTests.LiveSearch()
    #expect(live.terminal.read(until: "42 brews (1–24, PgUp/PgDn)"), "\(live.terminal.transcript)")
    live.terminal.type(Self.pageDown)
    #expect(live.terminal.read(until: "42 brews (19–42, PgUp/PgDn)"))
    // "e" matches more than a page of the sample.
    live.terminal.type("e")
    #expect(live.terminal.read(until: "Search: e▏"))
    #expect(
      live.terminal.read(until: " brews (1–24, PgUp/PgDn)"),
      "the new results did not start at the top: \(live.terminal.transcript.suffix(400))")
    #expect(live.quit())
  }

  @Test func aQueryWiderThanTheWindowKeepsTheCursorAndTheTypedEndInView() throws {
    let live = try LiveScreenTests.LiveSearch(columns: 60)
    #expect(live.terminal.read(until: "42 brews"), "\(live.terminal.transcript)")
    let query = (0..<10).map { "word\($0) " }.joined() + "theEnd"  // 76 characters
    live.terminal.type(query)
    #expect(
      live.terminal.read(until: "word9 theEnd▏"),
      "the typed end is cut: \(live.terminal.transcript.suffix(300))")
    live.terminal.type("\u{1B}[H")  // Home
    #expect(live.terminal.read(until: "Search: ▏word0 word1"), "the start, with the cursor")
    #expect(live.quit())
  }

  @Test func theFooterListsEveryKeyAtAnyWidth() throws {
    for columns: UInt16 in [100, 60] {
      let live = try LiveScreenTests.LiveSearch(columns: columns)
      // The footer is drawn once, with the first screen.
      #expect(live.terminal.read(until: "Esc quit"), "\(columns): \(live.terminal.transcript)")
      let footer =
        live.terminal.transcript.components(separatedBy: "\u{1B}[")
        .last { $0.contains("Esc quit") } ?? ""
      for key in ["←", "→", "Home", "End", "Del", "U", "Tab", "↑", "↓", "PgUp", "Dn", "Esc"] {
        #expect(footer.contains(key), "\(columns) columns: \(key) is missing from '\(footer)'")
      }
      #expect(live.quit())
    }
  }
}

/// `--max-wait` with a push engine: the hint names only engines the command accepts.
@Suite struct MaxWaitHintTests {
  @Test func searchSuggestsOnlyTheEngineSearchAccepts() throws {
    let result = try BrewSearchProcess.run(["search", "--engine", "push", "--max-wait", "500"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("use --engine pull"), "\(result.stderr)")
    #expect(!result.stderr.contains("observation"), "search has no observation engine")
  }

  @Test func replaySuggestsPullAndObservation() throws {
    let result = try BrewSearchProcess.run([
      "replay", "none.txt", "--engine", "push", "--max-wait", "500",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("use --engine pull or observation"), "\(result.stderr)")
  }
}
