import BrewSearch

/// The live search screen: draws the model's state and turns key presses into inputs.
///
/// Keys: printable characters and Backspace edit the search text; Tab / Shift-Tab cycle the
/// method filter (any, then each method); `+` / `-` change the minimum rating; Esc or Ctrl-C exit.
struct SearchScreen {
  /// What a key press does.
  enum Action: Equatable {
    case input(SearchInput)
    case exit
    case none
  }

  var useColor: Bool
  var engineName: String

  /// Decodes the bytes of one read from the terminal into actions, given the current state.
  static func actions(
    for bytes: [UInt8], text: inout String, method: inout BrewMethod?, rating: inout Int
  ) -> [Action] {
    var actions: [Action] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 0x03:  // Ctrl-C
        actions.append(.exit)
      case 0x1B:
        // ESC [ Z is Shift-Tab; a lone ESC exits; other sequences (arrows) are ignored.
        if index < bytes.count, bytes[index] == UInt8(ascii: "[") {
          let final = index + 1 < bytes.count ? bytes[index + 1] : 0
          index = min(bytes.count, index + 2)
          if final == UInt8(ascii: "Z") {
            method = cycle(method, forward: false)
            actions.append(.input(.method(method)))
          }
        } else {
          actions.append(.exit)
        }
      case 0x09:
        method = cycle(method, forward: true)
        actions.append(.input(.method(method)))
      case 0x7F, 0x08:
        if !text.isEmpty {
          text.removeLast()
          actions.append(.input(.text(text)))
        }
      case UInt8(ascii: "+"):
        if rating < 5 {
          rating += 1
          actions.append(.input(.rating(rating)))
        }
      case UInt8(ascii: "-"):
        if rating > 0 {
          rating -= 1
          actions.append(.input(.rating(rating)))
        }
      case 0x20...0x7E:
        text.append(Character(Unicode.Scalar(byte)))
        actions.append(.input(.text(text)))
      default:
        // UTF-8 continuation and lead bytes: gather a whole scalar.
        if byte >= 0xC0 {
          let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
          let end = min(bytes.count, index - 1 + length)
          if let scalarText = String(validating: bytes[(index - 1)..<end], as: UTF8.self) {
            text += scalarText
            actions.append(.input(.text(text)))
          }
          index = end
        }
      }
    }
    return actions
  }

  /// The next method filter: any → espresso → … → filter → any (or backwards).
  static func cycle(_ method: BrewMethod?, forward: Bool) -> BrewMethod? {
    let order: [BrewMethod?] = [nil] + BrewMethod.allCases.map { $0 }
    let index = order.firstIndex(of: method) ?? 0
    let next = (index + (forward ? 1 : order.count - 1)) % order.count
    return order[next]
  }

  /// The whole screen for the model's current state.
  func render(
    model: some BrewSearchModel, text: String, method: BrewMethod?, rating: Int,
    size: (rows: Int, columns: Int)
  ) -> String {
    let width = max(20, size.columns)
    func fit(_ line: String) -> String {
      line.count > width ? String(line.prefix(width - 1)) + "…" : line
    }
    func style(_ code: String, _ text: String) -> String {
      useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
    let results = model.filteredBrews
    var lines: [String] = []
    lines.append(style("1", fit("BrewLog — brew history search (\(engineName) engine)")))
    lines.append(fit("Search: \(text)▏"))
    let stars = String(repeating: "★", count: rating) + String(repeating: "☆", count: 5 - rating)
    lines.append(
      fit("Method: \(method?.label ?? "Any")  [Tab/Shift-Tab]    Minimum rating: \(stars)  [+/-]"))
    let recent = model.recentSearchTerms
    lines.append(
      style("2", fit("Recent: " + (recent.isEmpty ? "—" : recent.joined(separator: " · ")))))
    lines.append(style("1", fit("\(results.count) brew\(results.count == 1 ? "" : "s")")))
    let room = max(0, size.rows - lines.count - 1)
    for brew in results.prefix(room) {
      let rating = String(repeating: "★", count: brew.rating)
      lines.append(fit("  \(style("36", brew.method.label)) \(rating)  \(brew.notes)"))
    }
    if results.count > room, room > 0 {
      lines[lines.count - 1] = fit("  … and \(results.count - room + 1) more")
    }
    let footer = style("2", fit("Esc or Ctrl-C to exit"))
    var screen = ANSI.clearScreen
    for (row, line) in lines.enumerated() {
      screen += ANSI.moveTo(row: row + 1, column: 1) + line + ANSI.clearLine
    }
    screen += ANSI.moveTo(row: size.rows, column: 1) + footer + ANSI.clearLine
    return screen
  }
}
