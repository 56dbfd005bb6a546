/// Writing SVG by hand: escaping, and how wide text will be drawn.
enum SVGText {
  /// `text` safe inside an XML attribute value or element: `&`, `<`, `>`, `"` and `'` become
  /// entities, and the characters XML 1.0 cannot contain at all (control characters other than
  /// tab, line feed and carriage return; U+FFFE and U+FFFF) become U+FFFD, so any marble value
  /// gives a well-formed document.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result.unicodeScalars.append("\u{FFFD}")
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// An estimate of how many pixels `text` takes at `characterWidth` pixels per character,
  /// counting East Asian wide characters and emoji twice: layout cannot measure fonts, and an
  /// estimate that errs wide keeps labels from overlapping.
  static func width(of text: String, characterWidth: Int) -> Int {
    text.reduce(0) { total, character in
      let wide = character.unicodeScalars.first.map(isWide) ?? false
      return total + (wide ? 2 : 1) * characterWidth
    }
  }

  /// Whether a scalar is drawn two columns wide (CJK, Hangul, full-width forms, emoji).
  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
      true
    default: false
    }
  }

  /// A colour for an element's value, the same for the same value in every lane and every run:
  /// FNV-1a of its UTF-8 bytes (not `Hasher`, which is seeded per process) picks from a palette
  /// light enough for dark text.
  static func fill(for value: String) -> String {
    var hash: UInt32 = 2_166_136_261
    for byte in value.utf8 {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    return palette[Int(hash % UInt32(palette.count))]
  }

  private static let palette = [
    "#8ecae6", "#ffb703", "#90be6d", "#f4a6c6", "#b8a1e3", "#f9c74f", "#80d0c7", "#f8a17a",
  ]
}
