import Foundation

/// Reading and writing brew data files: a JSON array of brews, each
/// `{"id": …, "date": "2024-03-01T07:30:00Z", "method": "pourOver", "rating": 4, "notes": …}`.
///
/// ```swift
/// let brews = try BrewDataFile.load(contentsOf: URL(filePath: "brews.json"))
/// try BrewDataFile.encode(brews).write(to: URL(filePath: "copy.json"))
/// ```
///
/// Every problem is a `BrewDataError` naming the file, line and column: malformed JSON, a
/// missing or mistyped field, an unknown method, a rating outside 1...5, a bad date, a duplicate
/// id. Unknown extra fields are ignored.
public enum BrewDataFile {
  /// Reads and validates the file at `url`. Throws the file system's error if it cannot be read,
  /// or a `BrewDataError` (named by the URL's last path component) if its content is invalid.
  public static func load(contentsOf url: URL) throws -> [Brew] {
    let data = try Data(contentsOf: url)
    return try decode(data, file: url.lastPathComponent)
  }

  /// Parses and validates brew data; `file` names the source in errors. `progress`, when given,
  /// is called now and then with the brews read so far and the fraction of the bytes read.
  public static func decode(
    _ data: Data, file: String = "<data>",
    progress: ((_ brews: Int, _ fraction: Double) -> Void)? = nil
  ) throws(BrewDataError) -> [Brew] {
    var reader = JSONReader(bytes: [UInt8](data))
    do {
      return try decodeArray(&reader, file: file, progress: progress)
    } catch let syntax as JSONReader.SyntaxError {
      throw locate(syntax.offset, .malformedJSON(syntax.detail), reader, file)
    } catch let invalid as InvalidBrew {
      throw locate(invalid.offset, invalid.problem, reader, file)
    } catch {
      preconditionFailure("unexpected error \(error)")
    }
  }

  /// Writes brews as a JSON array, one brew per line, keys in a fixed order, dates in UTC ISO
  /// 8601. The output reads back (`decode`) to equal brews, dates to the identical `Date`.
  ///
  /// - Throws: `BrewEncodingError` naming the first brew the format cannot hold: a date that is
  ///   not finite or whose year is outside 0000...9999. Nothing is written then.
  public static func encode(_ brews: [Brew]) throws(BrewEncodingError) -> Data {
    var text = "[\n"
    text.reserveCapacity(brews.count * 160)
    for (index, brew) in brews.enumerated() {
      guard let date = ISO8601Date.format(brew.date) else {
        throw BrewEncodingError(index: index, id: brew.id, problem: .dateNotWritable(brew.date))
      }
      text += "  {\"id\": " + quoted(brew.id) + ", \"date\": \"" + date
      text += "\", \"method\": \"" + brew.method.rawValue + "\", \"rating\": " + String(brew.rating)
      text += ", \"notes\": " + quoted(brew.notes) + (index == brews.count - 1 ? "}\n" : "},\n")
    }
    text += "]\n"
    return Data(text.utf8)
  }

  /// A JSON string literal for `text`, escaped by RFC 8259's rules.
  ///
  /// ```swift
  /// BrewDataFile.quoted("say \"hi\"")   // "\"say \\\"hi\\\"\""
  /// ```
  public static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{0}"..."\u{1F}": result += String(format: "\\u%04X", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  private static func locate(
    _ offset: Int, _ problem: BrewDataError.Problem, _ reader: JSONReader, _ file: String
  ) -> BrewDataError {
    let (line, column) = reader.location(of: offset)
    return BrewDataError(file: file, line: line, column: column, problem: problem)
  }

  /// A semantic problem at a byte offset, located once parsing stops.
  struct InvalidBrew: Error {
    let offset: Int
    let problem: BrewDataError.Problem
  }

  /// How many brews between two `progress` calls.
  static let progressInterval = 32_768

  private static func decodeArray(
    _ reader: inout JSONReader, file: String, progress: ((Int, Double) -> Void)?
  ) throws -> [Brew] {
    let top = try reader.readValueStart()
    guard case .array = top.kind else {
      throw InvalidBrew(offset: top.offset, problem: .notAnArray)
    }
    // Sized from the file (a brew takes ~100–170 bytes): growing a million-entry dictionary
    // rehashes every id several times.
    let estimate = reader.bytes.count / 160
    var brews: [Brew] = []
    brews.reserveCapacity(estimate)
    var firstIndexByID: [String: Int] = [:]
    firstIndexByID.reserveCapacity(estimate)
    if !reader.consume(UInt8(ascii: "]")) {
      repeat {
        let brew = try decodeBrew(&reader, index: brews.count)
        if let firstIndex = firstIndexByID.updateValue(brews.count, forKey: brew.value.id) {
          firstIndexByID[brew.value.id] = firstIndex
          throw InvalidBrew(
            offset: brew.idOffset,
            problem: .duplicateID(brew.value.id, index: brews.count, firstIndex: firstIndex))
        }
        brews.append(brew.value)
        if let progress, brews.count % progressInterval == 0 {
          progress(brews.count, Double(reader.position) / Double(max(1, reader.bytes.count)))
        }
      } while reader.consume(UInt8(ascii: ","))
      try reader.expect(UInt8(ascii: "]"), "',' or ']'")
    }
    try reader.expectEnd()
    progress?(brews.count, 1)  // the last count, whatever the interval
    return brews
  }
}
