import Foundation
import MarbleEngines
import Testing

/// `docs/marble-diagrams.txt`, read as `scripts/render-diagrams` reads it: `[FOLDER]` lines, then
/// `FILE ENGINE OPERATOR LABELS INPUT...` per picture.
struct DiagramManifest {
  /// One picture of the manifest.
  struct Entry: Sendable, CustomTestStringConvertible {
    var folder: String
    var file: String
    var engines: [MarbleEngine]
    var operation: String
    var labels: [String]
    var inputs: [String]
    var line: Int

    /// The picture's path from the repository root.
    var path: String { "\(folder)/\(file)" }
    var testDescription: String { path }
  }

  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let path = "docs/marble-diagrams.txt"

  /// A line the manifest cannot hold.
  struct Malformed: Error, CustomStringConvertible {
    var description: String
  }

  /// Every entry, in file order.
  static func entries() throws -> [Entry] {
    let text = try String(
      contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    var entries: [Entry] = []
    var folder: String?
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      if trimmed.hasPrefix("[") && trimmed.hasSuffix("]") {
        folder = String(trimmed.dropFirst().dropLast())
        continue
      }
      let fields = trimmed.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
      guard let folder, fields.count >= 5, fields[0].hasSuffix(".svg") else {
        throw Malformed(description: "\(path):\(index + 1): cannot read '\(line)'")
      }
      let engines: [MarbleEngine] =
        switch fields[1] {
        case "pull": [.pull]
        case "push": [.push]
        case "both": [.pull, .push]
        default: throw Malformed(description: "\(path):\(index + 1): engine '\(fields[1])'")
        }
      entries.append(
        Entry(
          folder: folder, file: fields[0], engines: engines, operation: fields[2],
          labels: fields[3] == "-" ? [] : fields[3].components(separatedBy: ","),
          inputs: Array(fields[4...]), line: index + 1))
    }
    return entries
  }

  /// The entries, or none when the manifest cannot be read (the test that reads it reports why).
  static func entriesForArguments() -> [Entry] {
    (try? entries()) ?? []
  }

  /// The diagram an entry draws, as `brew-search marbles --svg` draws it.
  static func diagram(of entry: Entry) async throws -> MarbleDiagram {
    try await MarbleDiagram.evaluating(
      entry.operation, inputs: entry.inputs, engines: entry.engines, labels: entry.labels)
  }

  /// The documents that may show pictures: the DocC articles, `docs/*.md` and the README.
  static func documents() throws -> [(path: String, lines: [String])] {
    let manager = FileManager.default
    var paths = ["README.md"]
    for folder in [
      "Sources/AsyncOps/AsyncOps.docc", "Sources/AsyncOpsTesting/AsyncOpsTesting.docc", "docs",
    ] {
      let names = try manager.contentsOfDirectory(
        atPath: repository.appendingPathComponent(folder).path)
      paths += names.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
    }
    return try paths.map { path in
      let text = try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
      return (path, text.components(separatedBy: "\n"))
    }
  }

  /// The file names of the pictures a line shows (`![...](name.svg)`, `images/name.svg`, ...).
  static func pictures(in line: String) -> [String] {
    line.matches(of: /!\[[^\]]*\]\(([^)\s]+\.svg)\)/).map { match in
      String(match.1.split(separator: "/").last ?? match.1)
    }
  }
}
