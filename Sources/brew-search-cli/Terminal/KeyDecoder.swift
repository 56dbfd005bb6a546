/// A key the terminal sent, decoded from its bytes.
enum Key: Hashable, Sendable {
  /// Shift, Alt and Ctrl held with a key, from the xterm modifier parameter (`ESC [ 1 ; 5 C`).
  struct Modifiers: OptionSet, Hashable, Sendable {
    let rawValue: Int
    static let shift = Modifiers(rawValue: 1)
    static let alt = Modifiers(rawValue: 2)
    static let control = Modifiers(rawValue: 4)
  }

  /// The keys that have a name rather than a character.
  enum Named: Hashable, Sendable {
    case up, down, left, right, home, end, pageUp, pageDown, insert, delete
    case function(Int)
  }

  /// Printable text: one Unicode scalar (a key press, or part of a paste).
  case text(Unicode.Scalar)
  case named(Named, Modifiers)
  case tab
  case shiftTab
  case enter
  case backspace
  /// A lone Esc: no byte followed it within the decoder's wait.
  case escape
  case controlC
  /// Ctrl-U: clears the query, as in a shell.
  case controlU
}

/// Turns the bytes of a terminal in raw mode into keys: UTF-8 text, control keys, and the CSI
/// (`ESC [ … final`) and SS3 (`ESC O final`) sequences of xterm, VT220 and the Linux console.
///
/// Bytes may arrive split across reads, so the decoder keeps what it cannot decode yet.
/// ``flush()`` is called when no byte followed for a while: a pending lone `ESC` is then the Esc
/// key, and an incomplete sequence is dropped. Unknown sequences are consumed whole and ignored:
/// they never turn into text.
struct KeyDecoder {
  private var pending: [UInt8] = []

  /// Whether bytes are waiting for the rest of their sequence (the caller then waits a little
  /// for more before calling ``flush()``).
  var isWaiting: Bool { !pending.isEmpty }

  /// Decodes what `bytes` complete, keeping an incomplete tail for the next call.
  mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      guard let (key, length) = Self.key(in: pending[index...]) else { break }
      if let key { keys.append(key) }
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// Ends a wait: a pending lone `ESC` is the Esc key; anything else pending is dropped.
  mutating func flush() -> [Key] {
    defer { pending.removeAll() }
    return pending == [0x1B] ? [.escape] : []
  }

  /// The key at the start of `bytes` and how many bytes it took (`nil` key: consumed, ignored),
  /// or `nil` when more bytes are needed.
  private static func key(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let first = bytes[bytes.startIndex]
    switch first {
    case 0x1B: return escapeSequence(in: bytes)
    case 0x03: return (.controlC, 1)
    case 0x15: return (.controlU, 1)
    case 0x09: return (.tab, 1)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x00...0x1F: return (nil, 1)
    case 0x20...0x7E: return (.text(Unicode.Scalar(first)), 1)
    default: return utf8Scalar(in: bytes)
    }
  }

  /// A UTF-8 encoded scalar; an invalid byte is consumed and ignored.
  private static func utf8Scalar(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let first = bytes[bytes.startIndex]
    let length: Int
    switch first {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (nil, 1)
    }
    for offset in 1..<length {
      let position = bytes.startIndex + offset
      guard position < bytes.endIndex else { return nil }
      guard bytes[position] & 0xC0 == 0x80 else { return (nil, offset) }
    }
    let encoded = bytes[bytes.startIndex..<(bytes.startIndex + length)]
    guard let text = String(validating: encoded, as: UTF8.self),
      let scalar = text.unicodeScalars.first,
      scalar.properties.generalCategory != .control
    else { return (nil, length) }
    return (.text(scalar), length)
  }

  /// `ESC` alone (needs more bytes to tell), `ESC [` CSI, `ESC O` SS3, or Alt with a key.
  private static func escapeSequence(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    switch bytes[start + 1] {
    case UInt8(ascii: "["): return controlSequence(in: bytes)
    case UInt8(ascii: "O"): return singleShift(in: bytes)
    case 0x1B: return (.escape, 1)  // Esc pressed twice: the first one is a lone Esc
    default:
      // Alt with a key (ESC x): not text, not an exit. A multi-byte key is consumed whole.
      guard let (_, length) = key(in: bytes.dropFirst()) else { return nil }
      return (nil, 1 + length)
    }
  }

  /// `ESC O final`, optionally with a modifier digit (`ESC O 5 P` from some terminals).
  private static func singleShift(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    var position = bytes.startIndex + 2
    var modifier = 1
    while position < bytes.endIndex, (0x30...0x39).contains(bytes[position]) {
      modifier = Int(bytes[position] - 0x30)
      position += 1
    }
    guard position < bytes.endIndex else { return nil }
    let final = bytes[position]
    let length = position - bytes.startIndex + 1
    guard (0x40...0x7E).contains(final) else { return (nil, length) }
    let modifiers = Key.Modifiers(rawValue: max(0, modifier - 1))
    let key: Key? =
      switch final {
      case UInt8(ascii: "M"): .enter
      default: named(final: final).map { .named($0, modifiers) }
      }
    return (key, length)
  }

  /// `ESC [ parameters intermediates final` (ECMA-48); also the Linux console's `ESC [ [ A`–`E`.
  private static func controlSequence(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    var position = bytes.startIndex + 2
    if position < bytes.endIndex, bytes[position] == UInt8(ascii: "[") {
      // Linux console F1–F5: ESC [ [ A … ESC [ [ E.
      guard position + 1 < bytes.endIndex else { return nil }
      let final = bytes[position + 1]
      let length = position + 2 - bytes.startIndex
      guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final) else { return (nil, length) }
      return (.named(.function(Int(final - UInt8(ascii: "A")) + 1), []), length)
    }
    let parametersStart = position
    while position < bytes.endIndex, (0x30...0x3F).contains(bytes[position]) { position += 1 }
    let parametersEnd = position
    while position < bytes.endIndex, (0x20...0x2F).contains(bytes[position]) { position += 1 }
    guard position < bytes.endIndex else { return nil }
    let final = bytes[position]
    let length = position - bytes.startIndex + 1
    // A byte that cannot end a sequence: the sequence is broken; drop what was read of it.
    guard (0x40...0x7E).contains(final) else { return (nil, length) }
    let parameters = bytes[parametersStart..<parametersEnd]
      .split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      .map { Int(String(decoding: $0, as: UTF8.self)) }
    let modifierParameter = parameters.count > 1 ? (parameters[1] ?? 1) : 1
    let modifiers = Key.Modifiers(rawValue: max(0, modifierParameter - 1))
    if final == UInt8(ascii: "~") {
      return (tilde(parameters.first ?? nil).map { .named($0, modifiers) }, length)
    }
    if final == UInt8(ascii: "Z") { return (.shiftTab, length) }
    return (named(final: final).map { .named($0, modifiers) }, length)
  }

  /// The keys of `ESC [ final` and `ESC O final`.
  private static func named(final: UInt8) -> Key.Named? {
    switch final {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "P"): .function(1)
    case UInt8(ascii: "Q"): .function(2)
    case UInt8(ascii: "R"): .function(3)
    case UInt8(ascii: "S"): .function(4)
    default: nil
    }
  }

  /// The VT220 keys `ESC [ n ~`.
  private static func tilde(_ number: Int?) -> Key.Named? {
    switch number {
    case 1, 7: .home
    case 2: .insert
    case 3: .delete
    case 4, 8: .end
    case 5: .pageUp
    case 6: .pageDown
    case let number? where (11...15).contains(number): .function(number - 10)
    case let number? where (17...21).contains(number): .function(number - 11)
    case let number? where (23...24).contains(number): .function(number - 12)
    default: nil
    }
  }
}
