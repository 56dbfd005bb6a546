import BrewSearch
import Foundation
import Testing

/// Events and scripts are read on Unicode scalars: `text <value>` splits at the first U+0020,
/// and LF and CRLF both end a line.
@Suite struct UnicodeEventParsingTests {
  @Test(arguments: ["\u{301}", "\u{FE0F}", "\u{200D}", "\u{1F3FD}", "\u{301}bc"])
  func aPipedTextMayStartWithAnyScalar(value: String) throws {
    let result = try BrewSearchProcess.run(
      ["search", "--debounce", "0", "--json"], input: Data("text \(value)\n".utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.contains(#""kind":"recent","terms":["\#(value)"]"#), "\(result.stdout)")
  }

  @Test func aScriptTextMayStartWithACombiningMark() throws {
    let script = try SearchScript(parsing: "at 0 text \u{301}x\n", name: "s")
    #expect(script.lines.map(\.command) == [.text("\u{301}x")])
  }

  @Test func pipedEventsWithCRLFEndingsAreSeparateEvents() throws {
    let lf = try BrewSearchProcess.run(
      ["search", "--debounce", "0", "--json"], input: Data("text kenya\nmethod espresso\n".utf8))
    let crlf = try BrewSearchProcess.run(
      ["search", "--debounce", "0", "--json"],
      input: Data("text kenya\r\nmethod espresso\r\n".utf8))
    #expect(crlf.status == 0, "\(crlf.stderr)")
    #expect(lastIDs(lf.stdout) == [], "no Kenya espresso in the sample")
    #expect(lastIDs(crlf.stdout) == [], "the method event was applied: \(crlf.stdout)")
    #expect(crlf.stdout.contains(#""terms":["kenya"]"#), "the text has no CR")
  }

  @Test func aReplayScriptWithCRLFEndingsHasOneEventPerLine() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    let path = folder.appendingPathComponent("crlf.txt").path
    try "at 0 text kenya\r\nat 400 method espresso\r\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = try BrewSearchProcess.run(["replay", path, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""kind":"recent","terms":["kenya"]"#), "\(result.stdout)")
    #expect(result.stdout.contains(#""filterPasses":2"#), "\(result.stdout)")
  }

  @Test func aMultiLineNoteIsEscapedInPipedTextMode() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    let file = folder.appendingPathComponent("notes.json")
    try Data(
      #"[{"id":"m1","date":"2024-03-01T07:30:00Z","method":"espresso","rating":3,"notes":"one\ntwo\\three"}]"#
        .utf8
    ).write(to: file)
    let result = try BrewSearchProcess.run(
      ["search", "--data", file.path, "--debounce", "0"], input: Data("text one\n".utf8))
    #expect(result.status == 0, "\(result.stderr)")
    let brewLines = result.stdout.split(separator: "\n").filter { $0.contains("m1") }
    // One line per published pass: the pass for "one" always, the initial full list only when
    // it completes before "one" arrives (a real-time race: a stale pass is never published).
    #expect((1...2).contains(brewLines.count), "one line per pass: \(result.stdout)")
    #expect(brewLines.allSatisfy { $0.hasSuffix(#"one\ntwo\\three"#) }, "\(result.stdout)")
  }

  /// The ids of the last results line.
  private func lastIDs(_ output: String) -> [String]? {
    guard let line = output.split(separator: "\n").last(where: { $0.contains(#""ids":["#) }),
      let start = line.range(of: #""ids":["#),
      let end = line.range(of: "]", range: start.upperBound..<line.endIndex)
    else { return nil }
    return line[start.upperBound..<end.lowerBound].split(separator: ",").map(String.init)
  }
}
