import BrewSearch
import Foundation
import Testing

/// A search text ending in U+0000 is searched like any other and does not kill `brew-search`
/// (Foundation's `localizedCaseInsensitiveContains` traps on such a text: SIGILL, status 132).
@Suite struct ControlCharacterInputTests {
  @Test func aPipedSearchTextEndingInNULIsSearchedNotACrash() throws {
    let result = try BrewSearchProcess.run(
      ["--debounce", "0", "--json"], input: Data("text jam.\u{0}\n".utf8), limit: 20)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.contains(#""ids":[]"#), "no sample brew holds a NUL")
  }

  @Test func aPipedSearchOverNotesEndingInNULFindsThem() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var brews = Array(Brew.sampleHistory.prefix(3))
    brews[1].notes = "Café jam.\u{0}"
    try BrewDataFile.encode(brews).write(to: folder.appendingPathComponent("b.json"))
    let result = try BrewSearchProcess.run(
      ["--data", "b.json", "--debounce", "0", "--json"], input: Data("text JAM.\u{0}\n".utf8),
      directory: folder, limit: 20)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.contains(#""ids":["\#(brews[1].id)"]"#))
  }

  @Test func aReplayLineWithATextEndingInNULRunsWithBothEngines() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("at 0 text jam.\u{0}\nat 400 text é\u{0}\n".utf8).write(
      to: folder.appendingPathComponent("s.txt"))
    let result = try BrewSearchProcess.run(
      ["replay", "s.txt", "--engine", "both"], directory: folder, limit: 20)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.hasSuffix("pull and push timelines agree\n"))
  }
}
