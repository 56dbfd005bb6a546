import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The live screen through a pseudo-terminal: keys, widths in terminal columns, narrow windows,
/// multi-line notes.
@Suite struct LiveScreenTests {
  /// A live `brew-search search` on a pseudo-terminal of `rows` × `columns`.
  final class LiveSearch {
    let terminal: PseudoTerminal
    let process = Process()

    init(
      _ arguments: [String] = [], rows: UInt16 = 30, columns: UInt16 = 100, color: Bool = false
    ) throws {
      terminal = try PseudoTerminal(rows: rows, columns: columns)
      process.executableURL = BrewSearchProcess.executable
      process.arguments = ["search", "--debounce", "0"] + arguments
      var environment = ProcessInfo.processInfo.environment
      environment["NO_COLOR"] = color ? nil : "1"
      environment["TERM"] = "xterm"
      process.environment = environment
      process.standardInput = terminal.follower
      process.standardOutput = terminal.follower
      process.standardError = terminal.follower
      try process.run()
    }

    deinit { if process.isRunning { process.terminate() } }

    func resize(rows: UInt16, columns: UInt16) {
      terminal.resize(rows: rows, columns: columns)
      kill(process.processIdentifier, SIGWINCH)
    }

    /// Leaves with Esc; whether the process ended cleanly.
    func quit() -> Bool {
      terminal.type("\u{1B}")
      process.waitUntilExit()
      return process.terminationStatus == 0
    }
  }

  /// A data file of brews with these notes (all Espresso, rated 1).
  static func dataFile(notes: [String]) throws -> String {
    let brews = notes.enumerated().map { offset, note in
      #"{"id":"b\#(offset)","date":"2024-03-01T07:30:00Z","method":"espresso","rating":1,"notes":"#
        + String(decoding: try! JSONEncoder().encode(note), as: UTF8.self) + "}"
    }
    let file = try BrewSearchProcess.temporaryFolder().appendingPathComponent("brews.json")
    try Data(("[" + brews.joined(separator: ",\n") + "]").utf8).write(to: file)
    return file.path
  }

  @Test func teaLikeWithAHyphenIsTypedAndFound() throws {
    let live = try LiveSearch()
    #expect(live.terminal.read(until: "42 brews"), "\(live.terminal.transcript)")
    live.terminal.type("tea-like")
    #expect(live.terminal.read(until: "Search: tea-like▏"), "\(live.terminal.transcript)")
    #expect(live.terminal.read(until: "1 brew\u{1B}"), "found: \(live.terminal.transcript)")
    #expect(live.terminal.read(until: "Jasmine, tea-like."))
    live.terminal.type("+")
    #expect(live.terminal.read(until: "Search: tea-like+▏"), "+ is text")
    #expect(live.quit())
  }

  @Test func aCJKQueryIsTypedAndShownWhole() throws {
    let live = try LiveSearch(["--data", try Self.dataFile(notes: ["咖啡豆", "tea"])])
    #expect(live.terminal.read(until: "2 brews"))
    live.terminal.type("咖啡")
    #expect(live.terminal.read(until: "Search: 咖啡▏"), "\(live.terminal.transcript)")
    #expect(live.terminal.read(until: "1 brew\u{1B}"), "found")
    #expect(!live.terminal.transcript.contains("\u{FFFD}"), "no broken character")
    #expect(live.quit())
  }

  @Test func arrowsHomeEndAndDeleteEditTheQueryWithoutInsertingAnything() throws {
    let live = try LiveSearch()
    #expect(live.terminal.read(until: "42 brews"))
    live.terminal.type("abcd")
    #expect(live.terminal.read(until: "Search: abcd▏"))
    live.terminal.type("\u{1B}[D\u{1B}[D")  // ← ←
    #expect(live.terminal.read(until: "Search: ab▏cd"))
    live.terminal.type("\u{1B}[3~")  // Delete
    #expect(live.terminal.read(until: "Search: ab▏d"))
    live.terminal.type("\u{1B}[H")  // Home (xterm)
    #expect(live.terminal.read(until: "Search: ▏abd"))
    live.terminal.type("\u{1B}[4~")  // End (VT220)
    #expect(live.terminal.read(until: "Search: abd▏"))
    live.terminal.type("\u{1B}[1~")  // Home (VT220)
    #expect(live.terminal.read(until: "Search: ▏abd"))
    live.terminal.type("\u{1B}OF")  // End (SS3): not a lone Esc
    #expect(live.terminal.read(until: "Search: abd▏"))
    live.terminal.type("\u{1B}[1;5D")  // Ctrl-← : a word back
    #expect(live.terminal.read(until: "Search: ▏abd"))
    live.terminal.type("\u{1B}[1;5C")  // Ctrl-→ : a word on
    #expect(live.terminal.read(until: "Search: abd▏"))
    live.terminal.type("\u{7F}")  // Backspace
    #expect(live.terminal.read(until: "Search: ab▏"))
    #expect(!live.terminal.transcript.contains("~"), "no key inserted a tilde")
    #expect(!live.terminal.transcript.contains(";5"), "no modifier parameter was inserted")
    #expect(live.quit())
  }

  @Test func functionKeysPageKeysAndUnknownSequencesInsertNothingAndDoNotQuit() throws {
    let live = try LiveSearch(rows: 12)
    #expect(live.terminal.read(until: "42 brews (1–6, PgUp/PgDn)"))
    live.terminal.type("\u{1B}[6~")  // PgDn
    #expect(live.terminal.read(until: "42 brews (7–12, PgUp/PgDn)"))
    live.terminal.type("\u{1B}[5~")  // PgUp
    #expect(live.terminal.read(until: "42 brews (1–6, PgUp/PgDn)"))
    // F1 (SS3 and VT220), F5, F12, Shift-F3, Linux-console F2, Insert, an unknown CSI.
    for sequence in [
      "\u{1B}OP", "\u{1B}[11~", "\u{1B}[15~", "\u{1B}[24~", "\u{1B}[1;2R", "\u{1B}[[B",
      "\u{1B}[2~", "\u{1B}[99;9x",
    ] {
      live.terminal.type(sequence)
    }
    live.terminal.type("z")
    #expect(
      live.terminal.read(until: "Search: z▏"), "only z was typed: \(live.terminal.transcript)")
    #expect(live.process.isRunning, "F1 does not quit")
    #expect(live.quit())
  }

  @Test func upAndDownChangeTheRatingAndTheFooterSaysSo() throws {
    let live = try LiveSearch()
    #expect(live.terminal.read(until: "↑/↓ rating"), "the footer names the rating keys")
    live.terminal.type("\u{1B}[A\u{1B}[A")
    #expect(live.terminal.read(until: "Minimum rating: ★★☆☆☆"))
    live.terminal.type("\u{1B}OB")  // ↓ in application mode (SS3)
    #expect(live.terminal.read(until: "Minimum rating: ★☆☆☆☆"))
    #expect(live.quit())
  }

  @Test func aCJKNoteThatFitsExactlyIsShownWhole() throws {
    // "  Espresso ★  " is 14 columns; 8 wide characters fill the remaining 16 of 30.
    let fits = "咖啡豆咖啡豆咖啡"
    let tooLong = "咖啡豆咖啡豆咖啡豆"
    let live = try LiveSearch(["--data", try Self.dataFile(notes: [fits, tooLong])], columns: 30)
    #expect(live.terminal.read(until: "咖啡豆咖啡豆咖…"), "cut within 30 columns, with a mark")
    #expect(live.quit())
    #expect(live.terminal.read(until: "\u{1B}[?1049l"))
    #expect(
      live.terminal.transcript.contains("  Espresso ★  " + fits + "\u{1B}["),
      "whole: \(live.terminal.transcript)")
  }

  @Test func colourNeverShortensALine() throws {
    let fits = String(repeating: "x", count: 16)
    let live = try LiveSearch(
      ["--data", try Self.dataFile(notes: [fits])], columns: 30, color: true)
    let line = "\u{1B}[36mEspresso\u{1B}[0m ★  " + fits
    #expect(live.terminal.read(until: line), "in colour: \(live.terminal.transcript)")
    #expect(live.quit())
    #expect(live.terminal.read(until: "\u{1B}[?1049l"))
    #expect(!live.terminal.transcript.contains(line + "…"), "the line is whole, not cut")
  }

  @Test func aNarrowWindowTruncatesRowsInsteadOfWrapping() throws {
    let live = try LiveSearch()
    #expect(live.terminal.read(until: "42 brews"))
    live.resize(rows: 12, columns: 10)
    #expect(live.terminal.read(until: "\u{1B}[2J"), "a full redraw after the resize")
    #expect(live.terminal.read(until: "←→HomeEnd…"), "\(live.terminal.transcript)")
    let rows = live.terminal.transcript.components(separatedBy: "\u{1B}[2J").last ?? ""
    for row in rows.components(separatedBy: "\u{1B}[K").dropFirst() {
      let text = row.components(separatedBy: "\u{1B}[").first ?? ""
      #expect(text.count <= 10, "'\(text)' is wider than the window")
    }
    #expect(live.quit())
  }

  @Test func aMultiLineNoteStaysOnOneRowWithAMarker() throws {
    let live = try LiveSearch(["--data", try Self.dataFile(notes: ["first\nsecond\r\nthird"])])
    #expect(live.terminal.read(until: "first↵second↵third"), "\(live.terminal.transcript)")
    #expect(live.quit())
  }

  @Test func generatingAndIndexingShowAProgressBarAndNeverZeroBrews() throws {
    let live = try LiveSearch(["--generate", "200000"])
    #expect(live.terminal.read(until: "Generating"), "\(live.terminal.transcript)")
    #expect(live.terminal.read(until: "/ 200,000 brews"), "a count out of the total")
    #expect(live.terminal.read(until: "Indexing"))
    #expect(live.terminal.read(until: "100%  200,000 / 200,000 brews"))
    #expect(live.terminal.read(until: "200000 brews"), "the screen, with every brew")
    #expect(!live.terminal.transcript.contains("K0 brews"), "never a misleading 0 brews")
    #expect(live.quit())
  }

  @Test func loadingADataFileShowsAProgressBarAndNeverZeroBrews() throws {
    let generated = try BrewSearchProcess.run(["generate", "50000"])
    #expect(generated.status == 0)
    let file = try BrewSearchProcess.temporaryFolder().appendingPathComponent("big.json")
    try Data(generated.stdout.utf8).write(to: file)
    let live = try LiveSearch(["--data", file.path])
    #expect(live.terminal.read(until: "Loading big.json"), "\(live.terminal.transcript)")
    #expect(live.terminal.read(until: "100%  50,000 brews"), "the count read, at 100 %")
    #expect(live.terminal.read(until: "50000 brews"), "the screen, with every brew")
    #expect(!live.terminal.transcript.contains("K0 brews"), "never a misleading 0 brews")
    #expect(live.quit())
  }

  @Test func pipedModeWritesNoProgressToAPipe() throws {
    let result = try BrewSearchProcess.run(
      ["search", "--generate", "100000", "--debounce", "0", "--json"],
      input: Data("text zzzz-none\n".utf8))
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  @Test func pipedModeShowsProgressOnStandardErrorWhenItIsATerminal() throws {
    let terminal = try PseudoTerminal()
    let process = Process()
    process.executableURL = BrewSearchProcess.executable
    process.arguments = ["search", "--generate", "60000", "--debounce", "0", "--json"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = terminal.follower
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    #expect(terminal.read(until: "Generating"), "\(terminal.transcript)")
    #expect(terminal.read(until: "100%  60,000 / 60,000 brews"), "\(terminal.transcript)")
    try input.fileHandleForWriting.close()
    // Not readDataToEndOfFile(): its try! traps on an interrupted read (see ChildProcess).
    let printed = String(
      decoding: ChildProcess.readToEnd(output.fileHandleForReading.fileDescriptor), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(!printed.contains("Generating"), "standard output gets only the results")
  }
}
