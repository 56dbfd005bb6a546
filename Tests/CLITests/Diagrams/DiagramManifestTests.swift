import Foundation
import MarbleEngines
import MarbleNotation
import Testing

/// The documentation's pictures against their one source, `docs/marble-diagrams.txt`: each is
/// what the operators draw for its entry, byte for byte, and is shown beside its text marble.
@Suite struct DiagramManifestTests {
  /// Diagrams of the operator articles that no marble operator can draw, and why.
  static let textOnlyDiagrams: [String: String] = [:]

  @Test func theManifestListsThePicturesOfEveryArticleAndDocument() throws {
    let entries = try DiagramManifest.entries()
    #expect(entries.count >= 25)
    #expect(Set(entries.map(\.path)).count == entries.count, "a picture is listed twice")
    let shown = Set(
      try DiagramManifest.documents().flatMap { document in
        document.lines.flatMap(DiagramManifest.pictures)
      })
    for entry in entries {
      #expect(shown.contains(entry.file), "\(entry.path) is drawn but no document shows it")
    }
  }

  @Test(arguments: DiagramManifest.entriesForArguments())
  func theCheckedInPictureIsWhatTheOperatorsDraw(_ entry: DiagramManifest.Entry) async throws {
    let drawn = try await DiagramManifest.diagram(of: entry).svg
    let file = DiagramManifest.repository.appendingPathComponent(entry.path)
    let checkedIn = try String(contentsOf: file, encoding: .utf8)
    // Compared without printing both documents: the message says what to do.
    if checkedIn != drawn {
      Issue.record(
        "\(entry.path) is stale: run scripts/render-diagrams (docs/marble-diagrams.txt:\(entry.line))"
      )
    }
  }

  @Test(arguments: DiagramManifest.entriesForArguments())
  func thePictureIsShownBesideItsTextMarble(_ entry: DiagramManifest.Entry) async throws {
    let diagram = try await DiagramManifest.diagram(of: entry)
    let inCatalog = entry.folder.hasSuffix(".docc/Resources")
    var found = 0
    for document in try DiagramManifest.documents()
    where inCatalog == document.path.contains(".docc/") {
      for (number, line) in document.lines.enumerated()
      where DiagramManifest.pictures(in: line).contains(entry.file) {
        found += 1
        let place = "\(document.path):\(number + 1)"
        if let block = Self.diagramBlock(endingAbove: number, in: document.lines) {
          // A text diagram right above: the same lanes, names and timelines, in order.
          #expect(block.map(\.label) == diagram.lanes.map(\.label), "\(place)")
          let timelines = try block.map { try MarbleTimeline(parsing: $0.marble) }
          #expect(timelines == diagram.lanes.map(\.timeline), "\(place): \(block)")
        } else {
          // A table or sentence above: every marble of the picture within the lines before it.
          #expect(!inCatalog, "\(place): an article shows a picture under its text diagram")
          let nearby = document.lines[max(0, number - 30)..<number].joined(separator: "\n")
            .replacingOccurrences(of: "\\|", with: "|")
          let marbles =
            entry.inputs
            + diagram.lanes.filter { $0.kind == .output }
            .map(\.timeline.description)
          for marble in marbles {
            #expect(nearby.contains("`\(marble)`"), "\(place): no text marble `\(marble)` above")
          }
        }
      }
    }
    #expect(found >= 1, "no document shows \(entry.file)")
  }

  @Test func everyDiagramOfTheOperatorArticlesHasItsPicture() throws {
    for document in try DiagramManifest.documents() where document.path.contains("AsyncOps.docc/") {
      let article = String(document.path.split(separator: "/").last ?? "")
      let lines = document.lines.map { $0.trimmingCharacters(in: .whitespaces) }
      var index = 0
      while index < lines.count {
        guard lines[index].hasPrefix("```") else {
          index += 1
          continue
        }
        var close = index + 1
        while close < lines.count, !lines[close].hasPrefix("```") { close += 1 }
        let isDiagram = lines[index] == "```"
        let opening = index
        index = close + 1
        guard isDiagram else { continue }
        let firstMarble =
          Self.diagramBlock(endingAbove: close + 1, in: document.lines)?.first?.marble ?? ""
        if Self.textOnlyDiagrams[article] != nil
          || Self.textOnlyDiagrams["\(article) \(firstMarble)"] != nil
        {
          continue
        }
        var next = close + 1
        while next < lines.count, lines[next].isEmpty || lines[next].hasPrefix("<!--") {
          next += 1
        }
        #expect(
          next < lines.count && !DiagramManifest.pictures(in: lines[next]).isEmpty,
          "\(document.path):\(opening + 1): the diagram \(firstMarble) has no picture under it")
      }
    }
  }

  @Test func everyPictureTheDocumentationShowsIsGeneratedAndPresent() throws {
    let entries = try DiagramManifest.entries()
    let manager = FileManager.default
    for document in try DiagramManifest.documents() {
      for (number, line) in document.lines.enumerated() {
        for picture in DiagramManifest.pictures(in: line) {
          let folder =
            document.path.contains(".docc/")
            ? document.path.split(separator: "/").dropLast().joined(separator: "/") + "/Resources"
            : "docs/images"
          let path = "\(folder)/\(picture)"
          #expect(
            picture == "bench.svg" || entries.contains { $0.path == path },
            "\(document.path):\(number + 1): \(path) is not drawn from the manifest")
          #expect(
            manager.fileExists(
              atPath: DiagramManifest.repository.appendingPathComponent(path).path),
            "\(document.path):\(number + 1): \(path) does not exist")
        }
      }
    }
  }

  /// The `label: marble` lines of the plain code block whose closing fence is the last line
  /// above `line` that is neither blank nor an HTML comment; `nil` when there is none.
  static func diagramBlock(
    endingAbove line: Int, in lines: [String]
  ) -> [(label: String, marble: String)]? {
    var close = line - 1
    while close >= 0,
      lines[close].trimmingCharacters(in: .whitespaces).isEmpty || lines[close].hasPrefix("<!--")
    {
      close -= 1
    }
    guard close >= 0, lines[close].trimmingCharacters(in: .whitespaces) == "```" else {
      return nil
    }
    var open = close - 1
    while open >= 0, !lines[open].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
      open -= 1
    }
    guard open >= 0, lines[open].trimmingCharacters(in: .whitespaces) == "```" else { return nil }
    return lines[(open + 1)..<close].compactMap { text in
      guard let colon = text.firstIndex(of: ":") else { return nil }
      let label = text[..<colon].trimmingCharacters(in: .whitespaces)
      let marble = text[text.index(after: colon)...].split(separator: " ").first ?? ""
      return (label, String(marble))
    }
  }
}
