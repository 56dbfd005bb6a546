import Foundation

extension BrewDataFile {
  /// The raw fields of one brew object, with where each value starts.
  private struct Fields {
    var values: [String: JSONReader.Value] = [:]
    let objectOffset: Int
    let index: Int

    func required(_ name: String, id: String?) throws -> JSONReader.Value {
      guard let value = values[name] else {
        throw InvalidBrew(offset: objectOffset, problem: .missingField(name, index: index, id: id))
      }
      return value
    }

    func string(_ name: String, id: String?) throws -> (String, Int) {
      let value = try required(name, id: id)
      guard case .string(let text) = value.kind else {
        throw InvalidBrew(
          offset: value.offset,
          problem: .wrongType(field: name, expected: "a string", index: index, id: id))
      }
      return (text, value.offset)
    }
  }

  /// Reads one brew object and validates it (fields are checked in a fixed order, id first, so
  /// later messages can name the brew's id).
  static func decodeBrew(
    _ reader: inout JSONReader, index: Int
  ) throws -> (value: Brew, idOffset: Int) {
    let start = try reader.readValueStart()
    guard case .object = start.kind else {
      throw InvalidBrew(offset: start.offset, problem: .notAnObject(index: index))
    }
    var fields = Fields(objectOffset: start.offset, index: index)
    let known: Set = ["id", "date", "method", "rating", "notes"]
    if !reader.consume(UInt8(ascii: "}")) {
      repeat {
        reader.skipWhitespace()
        let key = try reader.readString()
        try reader.expect(UInt8(ascii: ":"), "':'")
        if known.contains(key) {
          fields.values[key] = try reader.readScalar()
        } else {
          try reader.skipValue()
        }
      } while reader.consume(UInt8(ascii: ","))
      try reader.expect(UInt8(ascii: "}"), "',' or '}'")
    }
    return try validate(fields)
  }

  private static func validate(_ fields: Fields) throws -> (value: Brew, idOffset: Int) {
    let index = fields.index
    let (id, idOffset) = try fields.string("id", id: nil)
    let (dateText, dateOffset) = try fields.string("date", id: id)
    guard let date = ISO8601Date.parse(dateText) else {
      throw InvalidBrew(offset: dateOffset, problem: .badDate(dateText, index: index, id: id))
    }
    let (methodName, methodOffset) = try fields.string("method", id: id)
    guard let method = BrewMethod(rawValue: methodName) else {
      throw InvalidBrew(
        offset: methodOffset, problem: .unknownMethod(methodName, index: index, id: id))
    }
    let ratingValue = try fields.required("rating", id: id)
    guard case .number(let ratingText) = ratingValue.kind, let rating = Int(ratingText) else {
      throw InvalidBrew(
        offset: ratingValue.offset,
        problem: .wrongType(field: "rating", expected: "an integer", index: index, id: id))
    }
    guard Brew.ratings.contains(rating) else {
      throw InvalidBrew(
        offset: ratingValue.offset, problem: .ratingOutOfRange(rating, index: index, id: id))
    }
    let (notes, _) = try fields.string("notes", id: id)
    return (Brew(id: id, date: date, method: method, rating: rating, notes: notes), idOffset)
  }
}

extension JSONReader {
  /// Reads a value for a known field: scalars are returned; arrays and objects are skipped and
  /// reported by their kind (the validator then names the wrong type).
  mutating func readScalar() throws(SyntaxError) -> Value {
    skipWhitespace()
    let offset = position
    guard position < bytes.count,
      bytes[position] == UInt8(ascii: "[") || bytes[position] == UInt8(ascii: "{")
    else { return try readValueStart() }
    let kind: Value.Kind = bytes[position] == UInt8(ascii: "[") ? .array : .object
    try skipValue()
    return Value(kind: kind, offset: offset)
  }
}
