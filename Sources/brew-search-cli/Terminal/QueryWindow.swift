/// The part of a query that fits a row, scrolled so that the cursor is always in view: a query
/// wider than the row shows the text just before the cursor (so the typed end, with the cursor
/// at the end), a `…` marking each cut side.
///
/// ```swift
/// let window = QueryWindow(before: Array("a long query"), after: [], columns: 6)
/// window.before   // "…query"
/// ```
struct QueryWindow: Equatable {
  /// The text shown before the cursor and after it.
  var before: String
  var after: String

  /// Fits `before` + `after` (the cursor between) in `columns` terminal columns.
  init(before: some Collection<Character>, after: some Collection<Character>, columns: Int) {
    let beforeText = String(before)
    let afterText = String(after)
    let room = max(0, columns)
    let beforeWidth = TerminalColumns.width(of: beforeText)
    let afterWidth = TerminalColumns.width(of: afterText)
    guard beforeWidth + afterWidth > room else {
      self.before = beforeText
      self.after = afterText
      return
    }
    // The text after the cursor gets at most a third of the row; the rest shows what was typed
    // before it, nearest the cursor first.
    let afterRoom = min(afterWidth, room / 3)
    let beforeRoom = room - afterRoom
    var shownBefore = beforeText
    if beforeWidth > beforeRoom {
      shownBefore = "…" + Self.suffix(of: beforeText, fitting: max(0, beforeRoom - 1))
    }
    let left = room - TerminalColumns.width(of: shownBefore)
    var shownAfter = afterText
    if afterWidth > left {
      shownAfter =
        left > 0
        ? String(TerminalColumns.prefix(of: afterText, fitting: left - 1).text) + "…" : ""
    }
    self.before = shownBefore
    self.after = shownAfter
  }

  /// The longest suffix of `text` that fits in `columns`.
  static func suffix(of text: String, fitting columns: Int) -> Substring {
    var width = 0
    var start = text.endIndex
    while start > text.startIndex {
      let previous = text.index(before: start)
      let next = width + TerminalColumns.width(of: text[previous])
      if next > columns { break }
      width = next
      start = previous
    }
    return text[start...]
  }
}
