import Foundation
import Testing

/// One Swift code block of a DocC article, with the test file the article says compiles it.
struct DocumentationSample: Sendable, CustomTestStringConvertible {
  var article: String
  var line: Int
  var code: [String]
  var testFile: String

  var testDescription: String { "\(article):\(line) in \(testFile)" }
}

/// Keeps the articles and their compiled samples in step: every ```swift block of every article
/// must be followed by a `<!-- compiled in <file> -->` comment naming a file of
/// DocumentationExamples that holds the same lines, in the same order.
@Suite struct DocumentationSamplesTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let catalogs = [
    "Sources/AsyncOps/AsyncOps.docc", "Sources/AsyncOpsTesting/AsyncOpsTesting.docc",
  ]
  static let examples = "Tests/AsyncOpsTests/DocumentationExamples"

  /// Every Swift block of every article, except the package manifest fragment.
  static func samples() throws -> [DocumentationSample] {
    var samples: [DocumentationSample] = []
    for catalog in catalogs {
      let directory = repository.appendingPathComponent(catalog)
      let articles = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(".md") }.sorted()
      for article in articles {
        let text = try String(
          contentsOf: directory.appendingPathComponent(article), encoding: .utf8)
        samples += parse(text, article: "\(catalog)/\(article)")
      }
    }
    return samples
  }

  static func parse(_ text: String, article: String) -> [DocumentationSample] {
    let lines = text.components(separatedBy: "\n")
    var samples: [DocumentationSample] = []
    var index = 0
    while index < lines.count {
      guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else {
        index += 1
        continue
      }
      let start = index
      var code: [String] = []
      index += 1
      while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
        code.append(lines[index])
        index += 1
      }
      index += 1
      let comment = index < lines.count ? lines[index] : ""
      let testFile =
        comment.firstMatch(of: /compiled in (?:AsyncOpsTests\/)?([^ ;]+\.swift)/)
        .map { String($0.1) } ?? ""
      if code.contains(where: { $0.contains(".package(") }) { continue }  // the manifest
      samples.append(
        DocumentationSample(article: article, line: start + 1, code: code, testFile: testFile))
    }
    return samples
  }

  /// The lines that carry code: trimmed, without blank lines.
  static func significant(_ lines: [String]) -> [String] {
    lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// The marbles of every diagram (a code block without a language) of every article: the first
  /// word after the label of each line, as in `base:      ab-|`.
  static func diagramMarbles() throws -> [String] {
    var marbles: [String] = []
    for catalog in catalogs {
      let directory = repository.appendingPathComponent(catalog)
      for article in try FileManager.default.contentsOfDirectory(atPath: directory.path)
      where article.hasSuffix(".md") {
        let text = try String(
          contentsOf: directory.appendingPathComponent(article), encoding: .utf8)
        var block: String?  // the language of the open code block, "" for a diagram
        for line in text.components(separatedBy: "\n") {
          let trimmed = line.trimmingCharacters(in: .whitespaces)
          if trimmed.hasPrefix("```") {
            block = block == nil ? String(trimmed.dropFirst(3)) : nil
          } else if block == "", let colon = trimmed.firstIndex(of: ":") {
            let rest = trimmed[trimmed.index(after: colon)...]
            if let marble = rest.split(separator: " ").first { marbles.append(String(marble)) }
          }
        }
      }
    }
    return marbles
  }

  @Test func everyMarbleDiagramIsPinnedByATest() throws {
    let directory = Self.repository.appendingPathComponent(Self.examples)
    let tests = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .map { try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }
      .joined()
    let marbles = try Self.diagramMarbles()
    #expect(marbles.count >= 30)
    for marble in marbles {
      #expect(tests.contains("\"\(marble)\""), "no test pins the marble \(marble)")
    }
  }

  @Test func everyArticleHasSwiftSamples() throws {
    #expect(try Self.samples().count >= 15)
  }

  @Test(arguments: try DocumentationSamplesTests.samples())
  func theSampleIsCompiledVerbatimByTheTestItNames(_ sample: DocumentationSample) throws {
    let path = sample.testFile.replacingOccurrences(of: "DocumentationExamples/", with: "")
    try #require(!path.isEmpty, "no <!-- compiled in … --> comment after the sample")
    let file = Self.repository.appendingPathComponent(Self.examples)
      .appendingPathComponent(path)
    let test = Self.significant(
      try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n"))
    let code = Self.significant(sample.code)
    let found = test.indices.contains { start in
      test[start...].starts(with: code)
    }
    #expect(found, "the sample's lines do not appear, in order, in \(path)")
  }
}
