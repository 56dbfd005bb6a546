import Foundation
import Testing

/// Every `brew-search` command README.md shows still prints what README shows.
///
/// The README convention this test reads:
/// - Examples are the lines starting with `$ ` inside ```` ```console ```` blocks; the lines after
///   one, up to the next `$ ` line or the end of the block, are what it prints: its standard
///   error first, then its standard output (a note or an error, then the results).
/// - `$ cat FILE` shows a file: its shown lines are written to `FILE`, in a fresh folder the
///   block's later commands run in (so `typing.txt` is the file `replay` reads).
/// - Every other example that runs `brew-search` is run with `/bin/sh -c` (pipes work), with the
///   `brew-search` just built first on `PATH` and `NO_COLOR=1`. Its exit status must be 2 when
///   what it shows starts with an error (`brew-search: ` that is not `brew-search: note:`), 0
///   otherwise; an example that shows nothing must exit 0.
/// - Input piped into `brew-search` (`printf … | brew-search`) is searched on the real clock, so
///   in such an example a count of milliseconds (`12 ms`) matches any count, and the lines may
///   come in another order; every other example is compared exactly.
@Suite struct ReadmeCommandExamplesTests {
  struct Example: CustomTestStringConvertible {
    var command: String
    var shown: [String]
    /// The files the block showed before this command.
    var files: [String: String]
    var line: Int

    var testDescription: String { "README.md:\(line): $ \(command)" }

    /// Whether the command reads piped input in real time.
    var isRealClock: Bool { command.contains("| brew-search") }
  }

  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

  /// The examples of README.md, in order.
  static func examples() throws -> [Example] {
    let lines = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
    var examples: [Example] = []
    var inConsole = false
    var files: [String: String] = [:]
    var current: (command: String, line: Int, shown: [String])?
    func finish() {
      guard let done = current else { return }
      current = nil
      if done.command.hasPrefix("cat ") {
        let name = String(done.command.dropFirst("cat ".count))
        files[name] = done.shown.joined(separator: "\n") + "\n"
      } else if done.command.contains("brew-search") {
        examples.append(
          Example(command: done.command, shown: done.shown, files: files, line: done.line))
      }
    }
    for (index, line) in lines.enumerated() {
      if !inConsole {
        if line.hasPrefix("```console") {
          inConsole = true
          files = [:]
        }
        continue
      }
      if line.hasPrefix("```") {
        finish()
        inConsole = false
      } else if line.hasPrefix("$ ") {
        finish()
        current = (String(line.dropFirst(2)), index + 1, [])
      } else {
        current?.shown.append(line)
      }
    }
    return examples
  }

  @Test func readmeHasCommandExamples() throws {
    let examples = try Self.examples()
    #expect(examples.count >= 10)
    #expect(examples.contains { $0.command.hasPrefix("brew-search marbles share:0,2:replay=1") })
    #expect(examples.contains { $0.isRealClock })
  }

  @Test(.timeLimit(.minutes(2)), arguments: try examples())
  func theExamplePrintsWhatReadmeShows(example: Example) throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, content) in example.files {
      try content.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let result = try BrewSearchProcess.runShell(example.command, directory: folder)
    let first = example.shown.first ?? ""
    let showsAnError = first.hasPrefix("brew-search: ") && !first.hasPrefix("brew-search: note:")
    #expect(result.status == (showsAnError ? 2 : 0), "stderr: \(result.stderr)")
    guard !example.shown.isEmpty else { return }
    var printed = (result.stderr + result.stdout).components(separatedBy: "\n")
    if printed.last == "" { printed.removeLast() }
    var shown = example.shown
    if example.isRealClock {
      printed = printed.map(Self.anyMilliseconds).sorted()
      shown = shown.map(Self.anyMilliseconds).sorted()
    }
    #expect(printed == shown)
  }

  /// `pull     12 ms  results` as `pull N ms  results`: a real-clock time matches any time.
  static func anyMilliseconds(_ line: String) -> String {
    line.replacing(#/ +[0-9]+ ms/#, with: " N ms")
  }
}
