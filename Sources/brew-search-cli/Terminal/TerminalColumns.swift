/// How many terminal columns text takes, as a terminal draws it (the `wcwidth` rules).
///
/// East Asian Wide and Fullwidth characters take 2 columns, combining marks and format
/// characters (ZWJ, variation selectors) 0, emoji with emoji presentation 2, everything else 1.
/// A grapheme cluster takes the width of its first scalar, or 2 when it is turned into an emoji
/// (by U+FE0F or a ZWJ sequence of emoji; regional indicators have emoji presentation).
///
/// ```swift
/// TerminalColumns.width(of: "咖啡")    // 4
/// TerminalColumns.width(of: "e\u{301}") // 1
/// ```
enum TerminalColumns {
  /// The columns of a whole string.
  static func width(of text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  /// The columns of one grapheme cluster.
  static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let base = width(of: first)
    guard scalars.count > 1 else { return base }
    let properties = first.properties
    if properties.isEmoji,
      scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D })
    {
      return 2
    }
    return base
  }

  /// The columns of one scalar on its own.
  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? 0 : 1 }
    if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }  // ZWSP, Hangul vowels
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation || isWide(value) { return 2 }
    return 1
  }

  /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode 15's EastAsianWidth.txt, merged
  /// where adjacent; emoji are covered by `isEmojiPresentation`. Sorted, for a binary search.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x16FF0...0x16FF1, 0x17000...0x18CFF, 0x18D00...0x18D08, 0x1AFF0...0x1B2FF,
    0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
    0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// The longest prefix of `text` that fits in `columns`, and its width.
  static func prefix(of text: String, fitting columns: Int) -> (text: Substring, width: Int) {
    var width = 0
    var end = text.startIndex
    for index in text.indices {
      let next = width + self.width(of: text[index])
      if next > columns { break }
      width = next
      end = text.index(after: index)
    }
    return (text[..<end], width)
  }
}
