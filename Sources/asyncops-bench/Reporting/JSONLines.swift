/// A reader for the benchmark's `--json` output: one flat JSON object per line, whose values are
/// numbers, strings, `true`/`false`/`null`, or arrays of those. Enough for `--compare`; it
/// rejects anything else with the line and column where it stopped.
enum JSONLines {
  /// A value of a flat object.
  enum Value: Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([Value])

    /// The number, if this is one.
    var number: Double? {
      if case .number(let value) = self { return value }
      return nil
    }
  }

  /// One object: its keys and values, in the file's order.
  typealias Object = [(key: String, value: Value)]

  /// Text that is not one flat object per line.
  struct SyntaxError: Error {
    /// 1-based line and column where reading stopped.
    let line: Int
    /// See ``line``.
    let column: Int
    /// What was expected there.
    let message: String
  }

  /// The objects of `text`, one per non-blank line.
  static func parse(_ text: String) throws(SyntaxError) -> [Object] {
    var objects: [Object] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      var reader = Reader(scalars: Array(line.unicodeScalars), line: index + 1)
      reader.skipSpace()
      guard !reader.atEnd else { continue }
      objects.append(try reader.object())
      reader.skipSpace()
      guard reader.atEnd else { throw reader.error("end of line after the object") }
    }
    return objects
  }

  private struct Reader {
    let scalars: [Unicode.Scalar]
    let line: Int
    var position = 0

    var atEnd: Bool { position >= scalars.count }

    func error(_ expected: String) -> SyntaxError {
      SyntaxError(line: line, column: position + 1, message: "expected \(expected)")
    }

    mutating func skipSpace() {
      while !atEnd, [" ", "\t", "\r"].contains(scalars[position]) { position += 1 }
    }

    mutating func expect(_ scalar: Unicode.Scalar) throws(SyntaxError) {
      skipSpace()
      guard !atEnd, scalars[position] == scalar else { throw error("'\(scalar)'") }
      position += 1
    }

    mutating func next(is scalar: Unicode.Scalar) -> Bool {
      skipSpace()
      guard !atEnd, scalars[position] == scalar else { return false }
      position += 1
      return true
    }

    mutating func object() throws(SyntaxError) -> Object {
      try expect("{")
      var fields: Object = []
      if next(is: "}") { return fields }
      repeat {
        skipSpace()
        let key = try string()
        try expect(":")
        fields.append((key, try value(nested: false)))
      } while next(is: ",")
      try expect("}")
      return fields
    }

    mutating func value(nested: Bool) throws(SyntaxError) -> Value {
      skipSpace()
      guard !atEnd else { throw error("a value") }
      switch scalars[position] {
      case "\"": return .string(try string())
      case "[" where !nested:
        position += 1
        var elements: [Value] = []
        if next(is: "]") { return .array(elements) }
        repeat { elements.append(try value(nested: true)) } while next(is: ",")
        try expect("]")
        return .array(elements)
      case "t", "f", "n":
        for (word, value) in [("true", Value.bool(true)), ("false", .bool(false)), ("null", .null)]
        where scalars[position...].starts(with: word.unicodeScalars) {
          position += word.unicodeScalars.count
          return value
        }
        throw error("true, false or null")
      default:
        return .number(try number())
      }
    }

    mutating func number() throws(SyntaxError) -> Double {
      let start = position
      while !atEnd, "+-.0123456789eE".unicodeScalars.contains(scalars[position]) { position += 1 }
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars[start..<position])
      guard let value = Double(text), value.isFinite else {
        position = start
        throw error("a number, string, true, false, null or a flat array")
      }
      return value
    }

    mutating func string() throws(SyntaxError) -> String {
      guard !atEnd, scalars[position] == "\"" else { throw error("a string") }
      position += 1
      var text = ""
      while !atEnd {
        let scalar = scalars[position]
        position += 1
        switch scalar {
        case "\"": return text
        case "\\":
          guard !atEnd else { break }
          let escaped = scalars[position]
          position += 1
          switch escaped {
          case "n": text.unicodeScalars.append("\n")
          case "t": text.unicodeScalars.append("\t")
          case "u":
            guard position + 4 <= scalars.count,
              let code = UInt32(
                String(String.UnicodeScalarView(scalars[position..<position + 4])), radix: 16),
              let decoded = Unicode.Scalar(code)
            else { throw error("four hex digits after \\u") }
            position += 4
            text.unicodeScalars.append(decoded)
          default: text.unicodeScalars.append(escaped)
          }
        default: text.unicodeScalars.append(scalar)
        }
      }
      throw error("the closing quote of a string")
    }
  }
}
