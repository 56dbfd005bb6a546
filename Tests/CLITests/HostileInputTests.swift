import Foundation
import Testing

/// Hostile input to the real `brew-search` executable.
@Suite struct HostileInputTests {
  private static let brewFields =
    #""id":"a","date":"2024-05-01T08:00:00Z","method":"espresso","rating":4,"notes":"x""#

  /// A data file whose unknown field nests `depth` arrays, on its second line.
  private func nestedDataFile(depth: Int) -> String {
    "[{\(Self.brewFields),\n  \"extra\": " + String(repeating: "[", count: depth)
      + String(repeating: "]", count: depth) + "}]"
  }

  @Test func deepNestingInADataFileIsAnErrorAtItsLineAndColumnNotAStackOverflow() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    try nestedDataFile(depth: 100_000).write(
      to: folder.appendingPathComponent("deep.json"), atomically: true, encoding: .utf8)
    let result = try BrewSearchProcess.run(["--data", "deep.json"], directory: folder, limit: 10)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "brew-search: deep.json:2:524: malformed JSON: arrays and objects nested more than "
        + "512 levels deep\n")
  }

  @Test func nestingUpToTheLimitInAnUnknownFieldIsSkipped() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    try nestedDataFile(depth: 512).write(
      to: folder.appendingPathComponent("nested.json"), atomically: true, encoding: .utf8)
    let result = try BrewSearchProcess.run(
      ["--data", "nested.json", "--json", "--debounce", "0"], input: Data("text x\n".utf8),
      directory: folder, limit: 10)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.contains(#""ids":["a"]"#))
  }

  @Test func aReplayTimeOverflowingMillisecondsIsRejectedBeforeAnyEngineRuns() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    try "at 0 text a\nat 9223372036854775807 text b\n".write(
      to: folder.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
    // It used to crash the push engine (arithmetic overflow) and fail the pull engine with a
    // virtual-time diagnostic.
    for engine in ["push", "pull"] {
      let result = try BrewSearchProcess.run(
        ["replay", "s.txt", "--engine", engine], directory: folder, limit: 10)
      #expect(result.status == 2)
      #expect(
        result.stderr
          == "brew-search: s.txt:2: time 9223372036854775807 ms is too late: a replay lasts at "
          + "most one hour, so with the 300 ms debounce times go up to 3599700 ms\n")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test func aReplayEndingExactlyAtOneHourRunsWithBothEngines() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    try "at 0 text a\nat 3599700 text brazil\n".write(
      to: folder.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
    let result = try BrewSearchProcess.run(
      ["replay", "s.txt", "--engine", "both"], directory: folder, limit: 10)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.hasSuffix("pull and push timelines agree\n"))
  }

  @Test func aShareConsumerTickPastTheLimitIsRejectedInsteadOfRunningForever() throws {
    let result = try BrewSearchProcess.run(
      ["marbles", "share:0,9223372036854775807", "a|"], limit: 10)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "brew-search: malformed operator 'share:0,9223372036854775807': consumer tick "
        + "9223372036854775807 is past the limit of 100000 ticks\n")
  }
}
