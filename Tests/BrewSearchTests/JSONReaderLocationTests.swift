import Foundation
import Testing

@testable import BrewSearch

/// Where the JSON reader reports an invalid UTF-8 byte, and a repeated key in a brew object.
@Suite("JSON reader locations")
struct JSONReaderLocationTests {
  func decodingError(_ bytes: [UInt8]) -> BrewDataError? {
    do {
      _ = try BrewDataFile.decode(Data(bytes), file: "b.json")
      Issue.record("expected an error")
      return nil
    } catch {
      return error
    }
  }

  func brewBytes(notes: [UInt8]) -> [UInt8] {
    Array(
      "[\n  {\"id\": \"a\", \"date\": \"2025-01-03T07:12:00Z\", \"method\": \"filter\", \"rating\": 4, \"notes\": \""
        .utf8)
      + notes + Array("\"}\n]\n".utf8)
  }

  /// The column of the notes' first content byte on line 2.
  var notesColumn: Int {
    "  {\"id\": \"a\", \"date\": \"2025-01-03T07:12:00Z\", \"method\": \"filter\", \"rating\": 4, \"notes\": \""
      .count + 1
  }

  @Test func anInvalidByteInAPlainStringIsReportedAtTheByte() throws {
    let error = try #require(
      decodingError(brewBytes(notes: Array("caf".utf8) + [0xFF] + Array("é!".utf8))))
    #expect(error.line == 2 && error.column == notesColumn + 3, "\(error)")
    #expect(error.message.contains("invalid UTF-8"), "\(error)")
  }

  @Test func anInvalidByteAfterAnEscapeIsReportedAtTheByte() throws {
    // `\n` then "ab" then a lone continuation byte: reported at that byte, not at the escape.
    let notes = Array("x\\nab".utf8) + [0x80] + Array("cd".utf8)
    let error = try #require(decodingError(brewBytes(notes: notes)))
    #expect(error.line == 2 && error.column == notesColumn + 5, "\(error)")
  }

  @Test func aTruncatedSequenceIsReportedAtItsLeadByte() throws {
    // "é" is C3 A9; C3 followed by 'x' is ill-formed: reported at the C3.
    let notes = Array("ok é ".utf8) + [0xC3] + Array("x".utf8)
    let error = try #require(decodingError(brewBytes(notes: notes)))
    #expect(error.line == 2 && error.column == notesColumn + 5, "\(error)")
  }

  @Test func anInvalidByteInAnUnknownFieldIsReportedAtTheByte() throws {
    let bytes =
      Array("[{\"id\": \"a\", \"extra\": [\"\\t".utf8) + [0xE2, 0x28, 0xA1]
      + Array("\"], \"date\": \"2025-01-03T07:12:00Z\"}]".utf8)
    let error = try #require(decodingError(bytes))
    #expect(error.line == 1 && error.column == 27, "\(error)")
  }

  @Test(arguments: ["id", "date", "method", "rating", "notes", "unknown"])
  func aRepeatedKeyIsAnErrorNamingTheKeyAtItsSecondUse(key: String) throws {
    let value = key == "rating" ? "4" : key == "date" ? "\"2025-01-03T07:12:00Z\"" : "\"x\""
    let text = """
      [
        {"id": "a", "date": "2025-01-03T07:12:00Z", "method": "filter", "rating": 4, "notes": "n", "unknown": 1,
         "\(key)": \(value)}
      ]
      """
    let error = try #require(decodingError(Array(text.utf8)))
    #expect(error.line == 3 && error.column == 4, "\(error)")
    #expect(error.message.contains("repeated key \"\(key)\""), "\(error)")
    #expect(error.message.contains("index 0"), "\(error)")
  }

  @Test func aRepeatedKeyWrittenWithAnEscapeIsStillRepeated() throws {
    let text = #"[{"id": "a", "\u0069d": "b", "date": "2025-01-03T07:12:00Z"}]"#
    let error = try #require(decodingError(Array(text.utf8)))
    #expect(error.column == 14 && error.message.contains("repeated key \"id\""), "\(error)")
  }
}
