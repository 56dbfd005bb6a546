/// One screen row: text in runs, each with an optional SGR style, fitted to a width in terminal
/// columns. Styles are applied after fitting, so escape sequences never count as columns.
///
/// ```swift
/// var line = StyledLine()
/// line.append("Espresso", style: "36")
/// line.append("  bright and 咖啡")
/// line.rendered(columns: 12, color: true)   // "\u{1B}[36mEspresso\u{1B}[0m  b…"
/// ```
struct StyledLine: Hashable, Sendable {
  private struct Run: Hashable, Sendable {
    var text: String
    var style: String?
  }

  private var runs: [Run] = []

  init(_ text: String = "", style: String? = nil) {
    if !text.isEmpty { runs.append(Run(text: text, style: style)) }
  }

  mutating func append(_ text: String, style: String? = nil) {
    if !text.isEmpty { runs.append(Run(text: text, style: style)) }
  }

  /// The plain text, without styles.
  var plainText: String { runs.map(\.text).joined() }

  /// The row as written to the terminal: at most `columns` wide; a line that does not fit ends
  /// in `…` within the width. Never wraps.
  func rendered(columns: Int, color: Bool) -> String {
    guard columns > 0 else { return "" }
    let fits = TerminalColumns.width(of: plainText) <= columns
    var room = fits ? columns : columns - 1  // leave a column for the ellipsis
    var output = ""
    for run in runs {
      let (part, width) = TerminalColumns.prefix(of: run.text, fitting: room)
      output += styled(String(part), run.style, color: color)
      room -= width
      if part.endIndex != run.text.endIndex { break }
    }
    return fits ? output : output + "…"
  }

  private func styled(_ text: String, _ style: String?, color: Bool) -> String {
    guard color, let style, !text.isEmpty else { return text }
    return "\u{1B}[\(style)m\(text)\u{1B}[0m"
  }
}

/// Text from data (notes, queries) made safe for one terminal row.
enum DisplayText {
  /// Line breaks become a visible `↵`, other control characters their Control Pictures
  /// (U+2400…), so a note stays on its row and cannot move the cursor.
  static func singleLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = String.UnicodeScalarView()
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      switch scalar.value {
      case 0x0A where previous == "\r": continue  // CRLF is one line break
      case 0x0A, 0x0D: result.append("↵")
      case 0x00...0x1F: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
      case 0x7F: result.append("␡")
      case 0x80...0x9F: result.append("�")
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  /// Backslash escapes for piped text mode: one brew stays one line (`\n`, `\r`, `\t`, `\\`,
  /// other controls as `\u{1B}`).
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { isControl($0) || $0 == "\\" }) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\\": result += "\\\\"
      case _ where isControl(scalar):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
