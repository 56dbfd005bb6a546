import Foundation
import Testing

@testable import BrewSearch

@Suite("BrewDataFile")
struct BrewDataFileTests {
  func decode(_ text: String) throws(BrewDataError) -> [Brew] {
    try BrewDataFile.decode(Data(text.utf8), file: "brews.json")
  }

  /// The error for `text`, or a failed expectation.
  func error(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> BrewDataError? {
    do {
      _ = try decode(text)
      Issue.record("expected an error", sourceLocation: sourceLocation)
      return nil
    } catch {
      return error
    }
  }

  let valid = """
    [
      {"id": "a", "date": "2025-01-03T07:12:00Z", "method": "pourOver", "rating": 4, "notes": "Guji"},
      {"id": "b", "date": "2025-01-04T08:40:00Z", "method": "espresso", "rating": 3, "notes": "Cerrado"}
    ]
    """

  @Test func decodesAValidFile() throws {
    let brews = try decode(valid)
    #expect(brews.map(\.id) == ["a", "b"])
    #expect(brews[0].method == .pourOver && brews[0].rating == 4 && brews[0].notes == "Guji")
    #expect(brews[1].date == ISO8601Date.parse("2025-01-04T08:40:00Z"))
  }

  @Test func encodeThenDecodeGivesTheSameBrews() throws {
    let brews =
      Brew.sampleHistory + BrewGenerator(seed: 5, nonASCIIOneIn: 3).brews(count: 200) + [
        Brew(
          id: "odd \"id\"\n", date: Date(timeIntervalSinceReferenceDate: 0.1), method: .filter,
          rating: 2, notes: "\u{0}\u{1F}\\/ \r\n 😀 e\u{301}")
      ]
    let data = try BrewDataFile.encode(brews)
    #expect(try BrewDataFile.decode(data) == brews)
    #expect(try JSONDecoder().decode([Brew].self, from: data) == brews)
  }

  @Test func encodeWritesOneBrewPerLine() throws {
    let text = String(
      decoding: try BrewDataFile.encode(Array(Brew.sampleHistory.prefix(2))), as: UTF8.self)
    #expect(
      text == """
        [
          {"id": "sample-01", "date": "2025-01-03T07:12:00Z", "method": "pourOver", "rating": 4, "notes": "Guji, Ethiopia. Jasmine and peach, 1:16, 94°C, medium-fine."},
          {"id": "sample-02", "date": "2025-01-04T08:40:00Z", "method": "espresso", "rating": 3, "notes": "Brazil Cerrado, 18 g in, 36 g out, 28 s. Nutty but a bit flat."}
        ]

        """)
  }

  @Test func emptyArrayAndUnknownFieldsAreAccepted() throws {
    #expect(try decode(" [ ] ").isEmpty)
    let extra =
      #"[{"id":"a","x":{"y":[1,2,{"z":null}]},"date":"2025-01-03T07:12:00Z","#
      + #""method":"filter","rating":1,"notes":"","tags":["a"]}]"#
    #expect(try decode(extra).count == 1)
  }

  @Test func malformedJSONNamesFileLineAndColumn() {
    let text =
      "[\n  {\"id\": \"a\", \"date\": \"2025-01-03T07:12:00Z\",\n   \"method\" \"filter\"}\n]"
    let failure = error(text)
    #expect(failure?.line == 3 && failure?.column == 13)
    #expect(failure?.description == "brews.json:3:13: malformed JSON: expected ':', found '\"'")
  }

  @Test func malformedJSONColumnCountsCharactersNotBytes() {
    let failure = error("[{\"notes\": \"café ☕️\" x")
    #expect(
      failure?.description == "brews.json:1:22: malformed JSON: expected ',' or '}', found 'x'")
  }

  @Test func malformedJSONCases() {
    let cases: [(String, String)] = [
      ("", "brews.json:1:1: malformed JSON: expected a value, found end of input"),
      ("[{\"x\": [1,]}]", "brews.json:1:11: malformed JSON: expected a value, found ']'"),
      ("[\n\"abc", "brews.json:2:5: malformed JSON: unterminated string"),
      ("[{\"id\": \"a\\q\"}]", "brews.json:1:11: malformed JSON: invalid escape \\q"),
      ("[01]", "brews.json:1:3: malformed JSON: leading zero in a number"),
      ("[] x", "brews.json:1:4: malformed JSON: unexpected 'x' after the JSON value"),
      ("[{\"a\": tru}]", "brews.json:1:8: malformed JSON: expected a value, found 't'"),
    ]
    for (text, message) in cases {
      #expect(error(text)?.description == message, "\(text.debugDescription)")
    }
  }

  @Test func topLevelMustBeAnArrayOfObjects() {
    #expect(error(" {}")?.description == "brews.json:1:2: expected a JSON array of brews")
    #expect(error("[\n 42]")?.description == "brews.json:2:2: brew at index 0 is not a JSON object")
  }

  @Test func unknownMethodNamesTheValueTheBrewAndTheLine() {
    let text = valid.replacingOccurrences(of: "\"espresso\"", with: "\"siphon\"")
    #expect(
      error(text)?.description
        == "brews.json:3:57: unknown brew method \"siphon\" in brew at index 1 (id \"b\"); "
        + "expected one of espresso, pourOver, frenchPress, aeroPress, mokaPot, coldBrew, filter")
  }

  @Test func ratingOutsideOneToFiveIsRejected() {
    let text = valid.replacingOccurrences(of: "\"rating\": 4", with: "\"rating\": 0")
    #expect(
      error(text)?.description
        == "brews.json:2:79: rating 0 is outside 1...5 in brew at index 0 (id \"a\")")
    let fractional = valid.replacingOccurrences(of: "\"rating\": 3", with: "\"rating\": 3.5")
    #expect(
      error(fractional)?.description
        == "brews.json:3:79: field \"rating\" must be an integer in brew at index 1 (id \"b\")")
  }

  @Test func duplicateIDPointsAtTheSecondUse() {
    let text = valid.replacingOccurrences(of: "\"id\": \"b\"", with: "\"id\": \"a\"")
    #expect(
      error(text)?.description
        == "brews.json:3:10: duplicate id \"a\" in brew at index 1; first used by brew at index 0")
  }

  @Test func missingFieldPointsAtTheBrewsOpeningBrace() {
    let text = valid.replacingOccurrences(of: "\"notes\": \"Cerrado\"", with: "\"note\": \"C\"")
    #expect(
      error(text)?.description
        == "brews.json:3:3: missing field \"notes\" in brew at index 1 (id \"b\")")
    #expect(
      error("[{}]")?.description == "brews.json:1:2: missing field \"id\" in brew at index 0")
  }

  @Test func wrongTypePointsAtTheValue() {
    let text = valid.replacingOccurrences(of: "\"id\": \"a\"", with: "\"id\": [1]")
    #expect(
      error(text)?.description
        == "brews.json:2:10: field \"id\" must be a string in brew at index 0")
  }

  @Test func badDateNamesTheValue() {
    let text = valid.replacingOccurrences(of: "2025-01-04T08:40:00Z", with: "2025-02-30T08:40:00Z")
    #expect(
      error(text)?.description
        == "brews.json:3:23: date \"2025-02-30T08:40:00Z\" is not ISO 8601 (e.g. "
        + "2024-03-01T07:30:00Z) in brew at index 1 (id \"b\")")
  }

  @Test func loadReadsAFileAndNamesItInErrors() throws {
    let directory = FileManager.default.temporaryDirectory
    let url = directory.appendingPathComponent("brew-data-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try BrewDataFile.encode(Brew.sampleHistory).write(to: url)
    #expect(try BrewDataFile.load(contentsOf: url) == Brew.sampleHistory)
    try Data("[{]".utf8).write(to: url)
    #expect(throws: BrewDataError.self) { try BrewDataFile.load(contentsOf: url) }
    do {
      _ = try BrewDataFile.load(contentsOf: url)
    } catch let failure as BrewDataError {
      #expect(failure.file == url.lastPathComponent && failure.line == 1 && failure.column == 3)
    }
  }
}
