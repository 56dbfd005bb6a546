import Foundation
import Testing

/// `--max-wait MS` of `replay` and `search`: the pull model's `maxWait`; push has none, so asking
/// for it with a push engine is an error naming the option.
@Suite struct MaxWaitOptionTests {
  /// A keystroke every 100 ms from 0 to 700 ms.
  private static let continuousTyping = (0..<8).map {
    "at \($0 * 100) text \(String(repeating: "c", count: $0 + 1))"
  }
  .joined(separator: "\n")

  private func script() throws -> String {
    let path = try BrewSearchProcess.temporaryFolder().appendingPathComponent("typing.txt").path
    try Self.continuousTyping.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  private func resultTimes(_ stdout: String) -> [String] {
    stdout.split(separator: "\n").filter { $0.contains(#""kind":"results""#) }.map {
      String($0.prefix { $0 != "," })
    }
  }

  @Test func replayWithMaxWaitSearchesContinuousTypingAtLeastThatOften() throws {
    let path = try script()
    let plain = try BrewSearchProcess.run(["replay", path, "--debounce", "300", "--json"])
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(resultTimes(plain.stdout) == [#"{"t":1000"#])
    let capped = try BrewSearchProcess.run([
      "replay", path, "--debounce", "300", "--max-wait", "500", "--json",
    ])
    #expect(capped.status == 0, "\(capped.stderr)")
    #expect(resultTimes(capped.stdout) == [#"{"t":500"#, #"{"t":1000"#])
  }

  @Test(arguments: [
    ["replay", "--engine", "push"], ["replay", "--engine", "both"], ["search", "--engine", "push"],
  ])
  func maxWaitWithAPushEngineIsAnErrorNamingIt(command: [String]) throws {
    var arguments = [command[0]]
    if command[0] == "replay" { arguments.append(try script()) }
    arguments += Array(command.dropFirst()) + ["--max-wait", "500"]
    let result = try BrewSearchProcess.run(arguments)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("--max-wait is pull only"), "\(result.stderr)")
  }

  @Test func aMaxWaitShorterThanTheDebounceIsAnError() throws {
    let result = try BrewSearchProcess.run([
      "replay", try script(), "--debounce", "300", "--max-wait", "200",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--max-wait"), "\(result.stderr)")
  }
}
