import Foundation

/// A small strict JSON reader (RFC 8259) over UTF-8 bytes that remembers where every value
/// starts, so that the brew loader can point at the exact line and column of a problem.
struct JSONReader {
  /// A syntax error at a byte offset.
  struct SyntaxError: Error {
    let offset: Int
    let detail: String
  }

  /// A parsed value and the byte offset where it starts.
  struct Value {
    enum Kind {
      case null
      case bool(Bool)
      /// The number's text, as written (validated against the JSON grammar).
      case number(String)
      case string(String)
      /// A string of printable ASCII without escapes, as the byte range of its content: made
      /// into a `String` (or read as a date or a method) only when used.
      case asciiString(Range<Int>)
      case array
      case object
    }
    let kind: Kind
    let offset: Int

    var typeName: String {
      switch kind {
      case .null: "null"
      case .bool: "a boolean"
      case .number: "a number"
      case .string, .asciiString: "a string"
      case .array: "an array"
      case .object: "an object"
      }
    }
  }

  let bytes: [UInt8]
  var position = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }  // a UTF-8 byte-order mark
  }

  func error(_ detail: String, at offset: Int? = nil) -> SyntaxError {
    SyntaxError(offset: offset ?? position, detail: detail)
  }

  var found: String {
    guard position < bytes.count else { return "end of input" }
    let byte = bytes[position]
    return (0x21...0x7E).contains(byte)
      ? "'\(Character(UnicodeScalar(byte)))'" : String(format: "byte 0x%02X", byte)
  }

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// Consumes `byte` (after whitespace) if it is next.
  mutating func consume(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  mutating func expect(_ byte: UInt8, _ what: String) throws(SyntaxError) {
    guard consume(byte) else { throw error("expected \(what), found \(found)") }
  }

  /// After the value, only whitespace may remain.
  mutating func expectEnd() throws(SyntaxError) {
    skipWhitespace()
    guard position == bytes.count else { throw error("unexpected \(found) after the JSON value") }
  }

  /// Reads a scalar value, or the opening bracket of an array or object (the caller reads the
  /// members with `consume`/`readString`/`skipValue`).
  mutating func readValueStart() throws(SyntaxError) -> Value {
    skipWhitespace()
    let start = position
    guard position < bytes.count else { throw error("expected a value, found end of input") }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      position += 1
      return Value(kind: .object, offset: start)
    case UInt8(ascii: "["):
      position += 1
      return Value(kind: .array, offset: start)
    case UInt8(ascii: "\""): return Value(kind: .string(try readString()), offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return Value(kind: .number(try readNumber()), offset: start)
    default:
      for (word, kind) in [
        ("true", Value.Kind.bool(true)), ("false", .bool(false)), ("null", .null),
      ]
      where bytes[position...].starts(with: word.utf8) {
        position += word.utf8.count
        return Value(kind: kind, offset: start)
      }
      throw error("expected a value, found \(found)")
    }
  }

  /// How deeply arrays and objects may nest inside a skipped value. Deeper nesting is an error
  /// (at the bracket that goes too deep) rather than unbounded memory for hostile input.
  static let maximumDepth = 512

  /// Skips a whole value (for fields the loader does not know). Iterative, not recursive, so
  /// that deep nesting cannot overflow the stack.
  mutating func skipValue() throws(SyntaxError) {
    // The closing bracket of each array or object still open, innermost last.
    var closers: [UInt8] = []
    values: while true {
      let value = try readValueStart()
      if let closer = value.closer {
        guard closers.count < Self.maximumDepth else {
          throw error(
            "arrays and objects nested more than \(Self.maximumDepth) levels deep",
            at: value.offset)
        }
        if !consume(closer) {
          closers.append(closer)
          if closer == UInt8(ascii: "}") { try skipKey() }
          continue values
        }
      }
      // A value is complete: go on to the next member, or close what it completes.
      while let closer = closers.last {
        if consume(UInt8(ascii: ",")) {
          if closer == UInt8(ascii: "}") { try skipKey() }
          continue values
        }
        try expect(closer, closer == UInt8(ascii: "]") ? "',' or ']'" : "',' or '}'")
        closers.removeLast()
      }
      return
    }
  }

  /// Skips an object member's key and the colon after it.
  private mutating func skipKey() throws(SyntaxError) {
    skipWhitespace()
    _ = try readString()
    try expect(UInt8(ascii: ":"), "':'")
  }
}

extension JSONReader.Value {
  /// The byte that closes an array or object started by this value; `nil` for a scalar.
  fileprivate var closer: UInt8? {
    switch kind {
    case .array: UInt8(ascii: "]")
    case .object: UInt8(ascii: "}")
    default: nil
    }
  }
}
