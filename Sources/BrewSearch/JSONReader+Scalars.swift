import Foundation

extension JSONReader {
  /// Reads a string starting at its opening quote, decoding escapes and validating UTF-8.
  mutating func readString() throws(SyntaxError) -> String {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
      throw error("expected a string, found \(found)")
    }
    position += 1
    if let plain = try readPlainString() { return plain }
    var decoded: [UInt8] = []
    var runStart = position
    while true {
      guard position < bytes.count else { throw error("unterminated string") }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") { break }
      if byte < 0x20 { throw error(String(format: "control character 0x%02X in a string", byte)) }
      if byte == UInt8(ascii: "\\") {
        try validateUTF8(runStart..<position)
        decoded += bytes[runStart..<position]
        try readEscape(into: &decoded)
        runStart = position
      } else {
        position += 1
      }
    }
    try validateUTF8(runStart..<position)
    decoded += bytes[runStart..<position]
    position += 1
    // Every run of raw bytes was valid and every escape makes valid UTF-8.
    return String(decoding: decoded, as: UTF8.self)
  }

  /// Throws at the first byte of `range` that does not start a well-formed UTF-8 sequence (the
  /// lead byte of a truncated or overlong sequence, a stray continuation byte, a surrogate).
  func validateUTF8(_ range: Range<Int>) throws(SyntaxError) {
    if let offset = firstInvalidUTF8(in: range) {
      throw error(
        String(format: "invalid UTF-8 in a string (byte 0x%02X)", bytes[offset]), at: offset)
    }
  }

  /// The offset of the first byte in `range` that does not start a well-formed UTF-8 sequence
  /// (Unicode's table of well-formed byte sequences, D92); `nil` when all of it is well formed.
  func firstInvalidUTF8(in range: Range<Int>) -> Int? {
    var index = range.lowerBound
    while index < range.upperBound {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let (count, second): (Int, ClosedRange<UInt8>)
      switch lead {
      case 0xC2...0xDF: (count, second) = (1, 0x80...0xBF)
      case 0xE0: (count, second) = (2, 0xA0...0xBF)
      case 0xE1...0xEC, 0xEE...0xEF: (count, second) = (2, 0x80...0xBF)
      case 0xED: (count, second) = (2, 0x80...0x9F)
      case 0xF0: (count, second) = (3, 0x90...0xBF)
      case 0xF1...0xF3: (count, second) = (3, 0x80...0xBF)
      case 0xF4: (count, second) = (3, 0x80...0x8F)
      default: return index
      }
      guard index + count < range.upperBound, second.contains(bytes[index + 1]),
        bytes[(index + 2)..<(index + 1 + count)].allSatisfy({ (0x80...0xBF).contains($0) })
      else { return index }
      index += 1 + count
    }
    return nil
  }

  /// The common case, fast: a string without escapes becomes a `String` straight from the
  /// input bytes (no intermediate buffer). `nil`, with nothing consumed, when there is an escape.
  private mutating func readPlainString() throws(SyntaxError) -> String? {
    let start = position
    var isASCII = true
    let end = bytes.withUnsafeBufferPointer { buffer -> Int? in
      var index = start
      while index < buffer.count {
        let byte = buffer[index]
        if byte == UInt8(ascii: "\"") { return index }
        if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
        if byte >= 0x80 { isASCII = false }
        index += 1
      }
      return nil
    }
    guard let end else { return nil }
    let text = bytes.withUnsafeBufferPointer { buffer in
      let content = UnsafeBufferPointer(rebasing: buffer[start..<end])
      // ASCII needs no validation, and this initializer is the specialized fast one.
      return isASCII
        ? String(decoding: content, as: UTF8.self) : String(validating: content, as: UTF8.self)
    }
    guard let text else {
      try validateUTF8(start..<end)
      throw error("invalid UTF-8 in a string", at: start - 1)  // not reached: validation throws
    }
    position = end + 1
    return text
  }

  /// Reads an object key that has no escapes and returns its byte range (no `String` made), or
  /// `nil` with nothing consumed when the key has escapes (read it with `readString`).
  mutating func readPlainKey() throws(SyntaxError) -> Range<Int>? {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
      throw error("expected a string, found \(found)")
    }
    var index = position + 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        defer { position = index + 1 }
        return (position + 1)..<index
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
      index += 1
    }
    return nil
  }

  private mutating func readEscape(into decoded: inout [UInt8]) throws(SyntaxError) {
    let escapeStart = position
    position += 1
    guard position < bytes.count else { throw error("unterminated string") }
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
      UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
      UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]
    if let replacement = simple[bytes[position]] {
      decoded.append(replacement)
      position += 1
      return
    }
    guard bytes[position] == UInt8(ascii: "u") else {
      throw error("invalid escape \\\(found.trimmingQuotes)", at: escapeStart)
    }
    position += 1
    var scalar = try readHex4(escapeStart)
    if (0xD800..<0xDC00).contains(scalar) {
      guard bytes[position...].starts(with: "\\u".utf8) else {
        throw error("unpaired surrogate \\u\(String(scalar, radix: 16))", at: escapeStart)
      }
      position += 2
      let low = try readHex4(escapeStart)
      guard (0xDC00..<0xE000).contains(low) else {
        throw error("unpaired surrogate \\u\(String(scalar, radix: 16))", at: escapeStart)
      }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let unicode = Unicode.Scalar(scalar) else {
      throw error("unpaired surrogate \\u\(String(scalar, radix: 16))", at: escapeStart)
    }
    decoded += Array(String(unicode).utf8)
  }

  private mutating func readHex4(_ escapeStart: Int) throws(SyntaxError) -> UInt32 {
    guard position + 4 <= bytes.count,
      let value = UInt32(
        String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16),
      bytes[position..<position + 4].allSatisfy({
        $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-")
      })
    else { throw error("invalid \\u escape: expected 4 hex digits", at: escapeStart) }
    position += 4
    return value
  }

  /// Reads a number per the JSON grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  mutating func readNumber() throws(SyntaxError) -> String {
    let start = position
    _ = take(UInt8(ascii: "-"))
    if take(UInt8(ascii: "0")) {
      if isDigit { throw error("leading zero in a number") }
    } else if !digits() {
      throw error("expected a digit, found \(found)")
    }
    if take(UInt8(ascii: ".")), !digits() {
      throw error("expected a digit after '.', found \(found)")
    }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
      if !digits() { throw error("expected an exponent digit, found \(found)") }
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private var isDigit: Bool {
    position < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  /// Consumes one or more digits; `false` if there were none.
  private mutating func digits() -> Bool {
    let start = position
    while isDigit { position += 1 }
    return position > start
  }

  /// The 1-based line and column (in Unicode scalars) of a byte offset.
  func location(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    let end = min(offset, bytes.count)
    for index in 0..<end where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    if lineStart == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { lineStart = min(3, end) }
    // Count characters, not bytes: skip UTF-8 continuation bytes.
    let column = bytes[lineStart..<end].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    return (line, column)
  }
}

extension String {
  fileprivate var trimmingQuotes: String {
    hasPrefix("'") && hasSuffix("'") && count >= 2 ? String(dropFirst().dropLast()) : self
  }
}
