import Foundation
import Testing

/// Every bad input: one clear message on stderr naming what and where, exit status 2, and no
/// partial output presented as a result.
@Suite struct BadInputTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    /// Files to create in the case's folder (name → contents); arguments may refer to them.
    var files: [String: String] = [:]
    var stdin = ""
    var message: String
    var testDescription: String { name }
  }

  private static let brew =
    #"{"id":"a","date":"2024-05-01T08:00:00Z","method":"espresso","rating":4,"notes":"x"}"#

  static let cases: [Case] = [
    Case(
      name: "missing data file", arguments: ["--data", "nope.json"],
      message: "data file 'nope.json' does not exist"),
    Case(
      name: "malformed JSON", arguments: ["--data", "bad.json"],
      files: ["bad.json": "[\n  {\"id\": \"a\",,}\n]"], message: "bad.json:2:14: malformed JSON"),
    Case(
      name: "unknown method in data", arguments: ["--data", "m.json"],
      files: [
        "m.json":
          #"[{"id":"a","date":"2024-05-01T08:00:00Z","method":"siphon","rating":4,"notes":"x"}]"#
      ],
      message: #"m.json:1:51: unknown brew method "siphon""#),
    Case(
      name: "rating outside 1-5 in data", arguments: ["--data", "r.json"],
      files: [
        "r.json":
          #"[{"id":"a","date":"2024-05-01T08:00:00Z","method":"espresso","rating":9,"notes":"x"}]"#
      ],
      message: "r.json:1:"),
    Case(
      name: "duplicate id", arguments: ["--data", "d.json"],
      files: ["d.json": "[\(brew),\n\(brew)]"],
      message: "d.json:2:"),
    Case(
      name: "minimum rating outside 0-5 in a script", arguments: ["replay", "s.txt"],
      files: ["s.txt": "at 0 rating 7\n"], message: "s.txt:1: minimum rating '7' is outside 0–5"),
    Case(
      name: "malformed script line", arguments: ["replay", "s.txt"],
      files: ["s.txt": "at 0 text a\nwhen 5 text b\n"], message: "s.txt:2: expected 'at MS EVENT'"),
    Case(
      name: "times that go backwards", arguments: ["replay", "s.txt"],
      files: ["s.txt": "at 50 text a\nat 10 text b\n"], message: "s.txt:2: time goes backwards"),
    Case(
      name: "missing script", arguments: ["replay", "none.txt"],
      message: "script 'none.txt' does not exist"),
    Case(
      name: "a device as data file", arguments: ["--data", "/dev/zero"],
      message: "data file '/dev/zero' is not a regular file"),
    Case(name: "unknown command", arguments: ["brew"], message: "unknown command 'brew'"),
    Case(
      name: "unknown flag", arguments: ["replay", "s.txt", "--fast"],
      message: "unknown option '--fast'"),
    Case(
      name: "unknown engine", arguments: ["--engine", "both"],
      message: "invalid value 'both' for --engine"),
    Case(
      name: "debounce not a number", arguments: ["--debounce", "soon"],
      message: "invalid value 'soon' for --debounce"),
    Case(
      name: "unbalanced bracket in a marble", arguments: ["marbles", "debounce:2", "a-[b"],
      message: "invalid marble 'a-[b' at position 2: unbalanced '['"),
    Case(
      name: "unbalanced quote in a marble", arguments: ["marbles", "debounce:2", "a-'bc"],
      message: "invalid marble 'a-'bc' at position 2: unbalanced \"'\""),
    Case(
      name: "unknown operator", arguments: ["marbles", "window", "a|", "b|"],
      message: "unknown operator 'window'"),
    Case(
      name: "malformed operator argument", arguments: ["marbles", "debounce:x", "a|"],
      message: "malformed operator 'debounce:x'"),
    Case(
      name: "wrong number of inputs", arguments: ["marbles", "combineLatest", "a|"],
      message: "combineLatest takes 2 to 8 input marbles, got 1"),
    Case(
      name: "bad event on piped input", arguments: ["--json"], stdin: "text a\nmethod siphon\n",
      message: "standard input, line 2: unknown method 'siphon'"),
  ]

  @Test(arguments: cases)
  func badInputIsRejectedWithAClearMessage(_ badCase: Case) throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    for (name, contents) in badCase.files {
      try contents.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let result = try BrewSearchProcess.run(
      badCase.arguments, input: Data(badCase.stdin.utf8), directory: folder)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("brew-search: "))
    #expect(result.stderr.contains(badCase.message), "stderr: \(result.stderr)")
    #expect(result.stderr.split(separator: "\n").count <= 3, "one message, not a stack trace")
    #expect(result.stdout.isEmpty, "no partial output presented as a result")
  }
}
