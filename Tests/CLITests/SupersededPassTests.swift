import BrewSearch
import Foundation
import Synchronization
import Testing

/// Piped mode with a slow pass: newer input supersedes it at once, its results never print, and
/// the recent-searches line of the newer input does not wait for it.
@Suite struct SupersededPassTests {
  /// A `brew-search` process whose standard input stays open, read line by line as it prints.
  final class RunningSearch: Sendable {
    private let process = Process()
    private let input = Pipe()
    private let lines = Mutex<[String]>([])
    private let arrived = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(_ arguments: [String]) throws {
      process.executableURL = BrewSearchProcess.executable
      process.arguments = arguments
      var environment = ProcessInfo.processInfo.environment
      environment["NO_COLOR"] = "1"
      process.environment = environment
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      let handle = output.fileHandleForReading
      DispatchQueue.global().async { [self] in
        var pending = Data()
        while true {
          let chunk = handle.availableData
          if chunk.isEmpty { break }
          pending.append(chunk)
          while let newline = pending.firstIndex(of: 0x0A) {
            let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
            pending.removeSubrange(pending.startIndex...newline)
            lines.withLock { $0.append(line) }
            arrived.signal()
          }
        }
        finished.signal()
      }
    }

    /// Blocks until a printed line satisfies `predicate` (or fails after `limit` seconds: a
    /// guard against a hang, not a wait the test relies on).
    func waitForLine(limit: Double = 120, where predicate: (String) -> Bool) -> Bool {
      let deadline = DispatchTime.now() + limit
      while true {
        if lines.withLock({ $0.contains(where: predicate) }) { return true }
        if arrived.wait(timeout: deadline) == .timedOut { return false }
      }
    }

    func send(_ line: String) {
      input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Closes standard input and waits for the process to print everything and exit.
    func finish() -> [String] {
      try? input.fileHandleForWriting.close()
      _ = finished.wait(timeout: .now() + 120)
      process.waitUntilExit()
      return lines.withLock { $0 }
    }
  }

  /// Notes that are all non-ASCII and long, so that "éz" (whose key's reliable part is "e",
  /// found in every brew) makes a pass compare every brew exactly: about a second of work.
  static func slowHistory(count: Int) -> [Brew] {
    let phrase = String(repeating: "Café crème brûlée, naïve Jürgen; ", count: 12)
    return (0..<count).map { number in
      Brew(
        id: "b\(number)", method: .filter, rating: 3,
        notes: phrase + (number % 3 == 0 ? " plmk" : ""))
    }
  }

  @Test func aSupersededSlowNonASCIIPassNeverPrintsAndTheRecentLineDoesNotWaitForIt() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let brews = Self.slowHistory(count: 20_000)
    let file = folder.appendingPathComponent("slow.json")
    try BrewDataFile.encode(brews).write(to: file)
    let search = try RunningSearch([
      "search", "--data", file.path, "--debounce", "0", "--json",
    ])
    // The first pass (every brew) shows that the history is loaded.
    #expect(search.waitForLine { $0.contains(#""kind":"results""#) })
    search.send("text éz")
    // The recent line of "éz" comes when its pass starts: then supersede it.
    #expect(search.waitForLine { $0.contains(#""kind":"recent","terms":["éz""#) })
    search.send("text plmk")
    #expect(search.waitForLine { $0.contains(#""kind":"recent","terms":["plmk""#) })
    let lines = search.finish()

    let plmkIDs = brews.filter { $0.notes.hasSuffix("plmk") }.map { "\"\($0.id)\"" }
    let plmkResults = #""kind":"results","ids":[\#(plmkIDs.joined(separator: ","))]}"#
    let results = lines.filter { $0.contains(#""kind":"results""#) }
    // The older pass ("éz", which finds nothing) was superseded before it could finish: its
    // results never print, neither before nor after the newer ones.
    #expect(!results.contains { $0.hasSuffix(#""ids":[]}"#) })
    #expect(results.last?.hasSuffix(plmkResults) == true)
    // The newer input's recent line came while the older pass would still be running, and
    // before the newer pass published.
    let recentIndex = lines.firstIndex { $0.contains(#""kind":"recent","terms":["plmk""#) }
    let plmkIndex = lines.firstIndex { $0.hasSuffix(plmkResults) }
    #expect(recentIndex != nil && plmkIndex != nil && recentIndex! < plmkIndex!)
  }
}
