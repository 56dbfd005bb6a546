import BrewSearch

/// What the user has typed and chosen on the live screen, and what each key does to it.
///
/// Every printable character is text (`-` and `+` included). The other keys: ← → Home End move
/// the cursor (Ctrl or Alt with ← → by word); Backspace and Delete erase; Ctrl-U clears; Tab and
/// Shift-Tab cycle the method; ↑ and ↓ change the minimum rating; PgUp and PgDn scroll the
/// results; Esc and Ctrl-C exit. Other keys (F-keys, Insert, Enter, unknown sequences) do nothing.
struct SearchControls: Sendable {
  /// The query, as grapheme clusters, so the cursor never splits one.
  private(set) var query: [Character] = []
  /// Where the next character goes: 0…query.count.
  private(set) var cursor = 0
  private(set) var method: BrewMethod?
  private(set) var rating = 0
  /// The first result shown (PgUp/PgDn): PgDn stops at the last page; a new query, method or
  /// rating starts again at the top. Clamped again when drawn (the results may have shrunk).
  var scroll = 0

  var text: String { String(query) }

  /// The footer: every key, in the longest form that fits the width (the last one is cut if
  /// even it does not fit).
  static let keyHelps = [
    "←/→ Home/End move  Backspace/Del/Ctrl-U erase  Tab/Shift-Tab method  ↑/↓ rating  "
      + "PgUp/PgDn scroll  Esc quit",
    "←/→ Home/End move  ⌫/Del/^U erase  Tab/⇧Tab method  ↑/↓ rating  PgUp/PgDn scroll  Esc quit",
    "←→ Home End ⌫ Del ^U edit  Tab ⇧Tab method  ↑↓ rating  PgUp/Dn scroll  Esc quit",
    "←→HomeEnd⌫Del^U edit Tab method ↑↓ rating PgUp/Dn Esc quit",
    "←→HomeEnd⌫Del^U Tab ↑↓ PgUp/Dn Esc quit",
  ]

  /// The footer for a window `columns` wide.
  static func keyHelp(columns: Int) -> String {
    keyHelps.first { TerminalColumns.width(of: $0) <= columns } ?? keyHelps[keyHelps.count - 1]
  }

  /// The widest footer, for the help and for windows wide enough.
  static var keyHelp: String { keyHelps[0] }

  /// What the keys changed: the inputs for the model, and whether the user asked to leave.
  struct Outcome: Equatable {
    var inputs: [SearchInput] = []
    var exit = false
  }

  /// Applies `keys` in order; `pageSize` is how many results one page holds, `resultCount` how
  /// many results there are (PgDn stops where the last page is full).
  mutating func apply(_ keys: [Key], pageSize: Int, resultCount: Int = .max) -> Outcome {
    var outcome = Outcome()
    let textBefore = query
    let page = max(1, pageSize)
    for key in keys {
      switch key {
      case .controlC, .escape:
        outcome.exit = true
        return finish(outcome, textBefore: textBefore)
      case .text(let scalar): insert(scalar)
      case .backspace:
        if cursor > 0 {
          cursor -= 1
          query.remove(at: cursor)
        }
      case .controlU:
        query.removeAll()
        cursor = 0
      case .tab, .shiftTab:
        method = Self.cycle(method, forward: key == .tab)
        outcome.inputs.append(.method(method))
        scroll = 0
      case .named(.pageDown, _):
        scroll = max(0, min(scroll + page, resultCount - page))
      case .named(let named, let modifiers):
        apply(named, modifiers: modifiers, pageSize: page, outcome: &outcome)
      case .enter: break
      }
    }
    return finish(outcome, textBefore: textBefore)
  }

  private mutating func finish(_ outcome: Outcome, textBefore: [Character]) -> Outcome {
    guard query != textBefore else { return outcome }
    var outcome = outcome
    outcome.inputs.append(.text(text))
    scroll = 0  // new results start at the top
    return outcome
  }

  private mutating func apply(
    _ key: Key.Named, modifiers: Key.Modifiers, pageSize: Int, outcome: inout Outcome
  ) {
    let byWord = !modifiers.isDisjoint(with: [.control, .alt])
    switch key {
    case .left: cursor = byWord ? wordStart(before: cursor) : max(0, cursor - 1)
    case .right: cursor = byWord ? wordEnd(after: cursor) : min(query.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = query.count
    case .delete:
      if cursor < query.count { query.remove(at: cursor) }
    case .up, .down:
      let newRating = min(5, max(0, rating + (key == .up ? 1 : -1)))
      guard newRating != rating else { return }
      rating = newRating
      scroll = 0
      outcome.inputs.append(.rating(rating))
    case .pageUp: scroll = max(0, scroll - pageSize)
    case .pageDown, .insert, .function: break  // PgDn: in `apply`, which knows the results
    }
  }

  /// Inserts a scalar at the cursor; a combining scalar joins the character before it.
  private mutating func insert(_ scalar: Unicode.Scalar) {
    if cursor > 0 {
      var joined = String(query[cursor - 1])
      joined.unicodeScalars.append(scalar)
      if joined.count == 1 {
        query[cursor - 1] = Character(joined)
        return
      }
    }
    query.insert(Character(scalar), at: cursor)
    cursor += 1
  }

  private func wordStart(before position: Int) -> Int {
    var index = position
    while index > 0, query[index - 1].isWhitespace { index -= 1 }
    while index > 0, !query[index - 1].isWhitespace { index -= 1 }
    return index
  }

  private func wordEnd(after position: Int) -> Int {
    var index = position
    while index < query.count, query[index].isWhitespace { index += 1 }
    while index < query.count, !query[index].isWhitespace { index += 1 }
    return index
  }

  /// The next method filter: any → espresso → … → filter → any (or backwards).
  static func cycle(_ method: BrewMethod?, forward: Bool) -> BrewMethod? {
    let order: [BrewMethod?] = [nil] + BrewMethod.allCases.map { $0 }
    let index = order.firstIndex(of: method) ?? 0
    let next = (index + (forward ? 1 : order.count - 1)) % order.count
    return order[next]
  }
}
