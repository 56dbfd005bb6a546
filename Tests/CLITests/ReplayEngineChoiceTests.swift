import BrewSearch
import Foundation
import Testing

/// `replay --engine observation` and `--engine all`: the third input design beside pull and push.
@Suite struct ReplayEngineChoiceTests {
  private func writeScript(_ text: String) throws -> String {
    let path = try BrewSearchProcess.temporaryFolder().appendingPathComponent("script.txt").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// One input per instant: the three designs agree, and `all` says so for each.
  @Test func allEnginesAgreeOnTyping() throws {
    let script = try writeScript("at 0 text b\nat 5 text br\nat 400 method filter\n")
    let result = try BrewSearchProcess.run([
      "replay", script, "--engine", "all", "--debounce", "20",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("observation summary: 2 filter passes"))
    #expect(
      result.stdout.hasSuffix(
        "pull and push timelines agree\npull and observation timelines agree\n"))
  }

  /// Two filter changes at one instant: one transaction for `Observations`, two passes for the
  /// channels. The verdict names the difference and the exit status is 1.
  @Test func observationFoldsTheFilterChangesOfOneInstant() throws {
    let script = try writeScript("at 50 method filter\nat 50 rating 4\n")
    let result = try BrewSearchProcess.run([
      "replay", script, "--engine", "all", "--debounce", "20", "--json",
    ])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains(#"{"engine":"pull","kind":"summary","filterPasses":3}"#))
    #expect(lines.contains(#"{"engine":"observation","kind":"summary","filterPasses":2}"#))
    #expect(lines.contains(#"{"kind":"verdict","agree":true}"#), "pull and push agree")
    let verdict = try #require(lines.last)
    #expect(
      verdict.hasPrefix(#"{"kind":"verdict","agree":false,"engines":["pull","observation"],"#),
      "\(verdict)")
  }

  @Test func observationAloneTakesMaxWaitAndPrintsItsOwnLines() throws {
    let script = try writeScript("at 0 text b\nat 15 text br\nat 30 text bri\n")
    let result = try BrewSearchProcess.run([
      "replay", script, "--engine", "observation", "--debounce", "20", "--max-wait", "25", "--json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.hasPrefix(#"{"t":25,"engine":"observation","kind":"results""#),
      "\(result.stdout)")
    #expect(!result.stdout.contains("pull"))
  }

  @Test func maxWaitWithAllEnginesIsAnErrorNamingThePushModel() throws {
    let script = try writeScript("at 0 text b\n")
    let result = try BrewSearchProcess.run([
      "replay", script, "--engine", "all", "--max-wait", "400",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--max-wait is pull only"), "\(result.stderr)")
  }
}
