import Foundation

extension BrewDataFile {
  /// The raw fields of one brew object, with where each value starts.
  private struct Fields {
    /// The known fields, in `names` order: stored inline, not in a dictionary or an array, so a
    /// brew costs no hashing and no allocation for its fields.
    static let names = ["id", "date", "method", "rating", "notes"]
    static let (id, date, method, rating, notes) = (0, 1, 2, 3, 4)
    var values:
      (
        JSONReader.Value?, JSONReader.Value?, JSONReader.Value?, JSONReader.Value?,
        JSONReader.Value?
      ) = (nil, nil, nil, nil, nil)
    let objectOffset: Int
    let index: Int

    subscript(field: Int) -> JSONReader.Value? {
      get {
        switch field {
        case 0: values.0
        case 1: values.1
        case 2: values.2
        case 3: values.3
        default: values.4
        }
      }
      set {
        switch field {
        case 0: values.0 = newValue
        case 1: values.1 = newValue
        case 2: values.2 = newValue
        case 3: values.3 = newValue
        default: values.4 = newValue
        }
      }
    }

    /// The field a key names, if it is a known one; compares the key's bytes, makes no string.
    static func field(named key: ArraySlice<UInt8>) -> Int? {
      switch key.count {
      case 2: key.elementsEqual("id".utf8) ? 0 : nil
      case 4: key.elementsEqual("date".utf8) ? 1 : nil
      case 6:
        key.elementsEqual("method".utf8) ? 2 : key.elementsEqual("rating".utf8) ? 3 : nil
      case 5: key.elementsEqual("notes".utf8) ? 4 : nil
      default: nil
      }
    }

    func required(_ field: Int, id: String?) throws -> JSONReader.Value {
      let name = Fields.names[field]
      guard let value = self[field] else {
        throw InvalidBrew(offset: objectOffset, problem: .missingField(name, index: index, id: id))
      }
      return value
    }

    func string(_ field: Int, id: String?, in bytes: [UInt8]) throws -> (String, Int) {
      let (value, text) = try stringValue(field, id: id)
      switch text {
      case .left(let text): return (text, value.offset)
      case .right(let range): return (Self.text(bytes[range]), value.offset)
      }
    }

    /// A string field: decoded already (it had escapes), or still the bytes of ASCII text.
    func stringValue(_ field: Int, id: String?) throws -> (
      JSONReader.Value, Either<String, Range<Int>>
    ) {
      let value = try required(field, id: id)
      switch value.kind {
      case .string(let text): return (value, .left(text))
      case .asciiString(let range): return (value, .right(range))
      default:
        throw InvalidBrew(
          offset: value.offset,
          problem: .wrongType(
            field: Fields.names[field], expected: "a string", index: index, id: id))
      }
    }

    /// The id, when it has been read and is a string (for messages).
    func knownID(in bytes: [UInt8]) -> String? {
      switch self[Fields.id]?.kind {
      case .string(let text): text
      case .asciiString(let range): Self.text(bytes[range])
      default: nil
      }
    }

    static func text(_ bytes: ArraySlice<UInt8>) -> String {
      bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }
  }

  enum Either<Left, Right> {
    case left(Left)
    case right(Right)
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
    // The keys other than the five, made into strings only when there are some.
    var otherKeys: Set<String> = []
    if !reader.consume(UInt8(ascii: "}")) {
      repeat {
        reader.skipWhitespace()
        let keyOffset = reader.position
        let field: Int?
        var otherKey: String?
        if let key = try reader.readPlainKey() {
          field = Fields.field(named: reader.bytes[key])
          if field == nil { otherKey = Fields.text(reader.bytes[key]) }
        } else {
          let key = try reader.readString()
          field = Fields.names.firstIndex(of: key)
          if field == nil { otherKey = key }
        }
        let repeated = field.map { fields[$0] != nil } ?? !otherKeys.insert(otherKey ?? "").inserted
        if repeated {
          throw InvalidBrew(
            offset: keyOffset,
            problem: .duplicateKey(
              field.map { Fields.names[$0] } ?? otherKey ?? "", index: index,
              id: fields.knownID(in: reader.bytes)))
        }
        try reader.expect(UInt8(ascii: ":"), "':'")
        if let field {
          fields[field] = try reader.readScalar()
        } else {
          try reader.skipValue()
        }
      } while reader.consume(UInt8(ascii: ","))
      try reader.expect(UInt8(ascii: "}"), "',' or '}'")
    }
    return try validate(fields, bytes: reader.bytes)
  }

  private static func validate(_ fields: Fields, bytes: [UInt8]) throws -> (
    value: Brew, idOffset: Int
  ) {
    let index = fields.index
    let (id, idOffset) = try fields.string(Fields.id, id: nil, in: bytes)
    let (dateValue, dateText) = try fields.stringValue(Fields.date, id: id)
    let date: Date?
    switch dateText {
    case .left(let text): date = ISO8601Date.parse(text)
    case .right(let range): date = ISO8601Date.parse(utf8: bytes[range])
    }
    guard let date else {
      let text = try fields.string(Fields.date, id: id, in: bytes).0
      throw InvalidBrew(offset: dateValue.offset, problem: .badDate(text, index: index, id: id))
    }
    let (methodValue, methodText) = try fields.stringValue(Fields.method, id: id)
    let method: BrewMethod?
    switch methodText {
    case .left(let text): method = BrewMethod(rawValue: text)
    case .right(let range): method = Self.method(named: bytes[range])
    }
    guard let method else {
      let name = try fields.string(Fields.method, id: id, in: bytes).0
      throw InvalidBrew(
        offset: methodValue.offset, problem: .unknownMethod(name, index: index, id: id))
    }
    let ratingValue = try fields.required(Fields.rating, id: id)
    guard case .number(let ratingText) = ratingValue.kind, let rating = Int(ratingText) else {
      throw InvalidBrew(
        offset: ratingValue.offset,
        problem: .wrongType(field: "rating", expected: "an integer", index: index, id: id))
    }
    guard Brew.ratings.contains(rating) else {
      throw InvalidBrew(
        offset: ratingValue.offset, problem: .ratingOutOfRange(rating, index: index, id: id))
    }
    let (notes, _) = try fields.string(Fields.notes, id: id, in: bytes)
    return (Brew(id: id, date: date, method: method, rating: rating, notes: notes), idOffset)
  }

  /// The method whose case name these bytes spell (no `String` made).
  private static let methodNames = BrewMethod.allCases.map { ($0, Array($0.rawValue.utf8)) }

  private static func method(named bytes: ArraySlice<UInt8>) -> BrewMethod? {
    methodNames.first { $0.1.elementsEqual(bytes) }?.0
  }
}

extension JSONReader {
  /// Reads a value for a known field: scalars are returned; arrays and objects are skipped and
  /// reported by their kind (the validator then names the wrong type).
  mutating func readScalar() throws(SyntaxError) -> Value {
    skipWhitespace()
    let offset = position
    guard position < bytes.count else { return try readValueStart() }
    if bytes[position] == UInt8(ascii: "\""), let range = asciiStringContent() {
      position = range.upperBound + 1
      return Value(kind: .asciiString(range), offset: offset)
    }
    guard bytes[position] == UInt8(ascii: "[") || bytes[position] == UInt8(ascii: "{") else {
      return try readValueStart()
    }
    let kind: Value.Kind = bytes[position] == UInt8(ascii: "[") ? .array : .object
    try skipValue()
    return Value(kind: kind, offset: offset)
  }
}

extension JSONReader {
  /// The content of the string starting at `position` when it is printable ASCII without
  /// escapes (then it needs no decoding and no validation); `nil` otherwise. Consumes nothing.
  func asciiStringContent() -> Range<Int>? {
    bytes.withUnsafeBufferPointer { buffer in
      var index = position + 1
      while index < buffer.count {
        let byte = buffer[index]
        if byte == UInt8(ascii: "\"") { return (position + 1)..<index }
        if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
        index += 1
      }
      return nil
    }
  }
}
