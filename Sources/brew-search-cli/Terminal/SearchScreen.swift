import BrewSearch

/// The live search screen's rows, computed from the controls and the model's state.
///
/// Row by row: the title, the query with its cursor, the method and minimum rating, the recent
/// terms, the count, as many results as fit, and the key help on the last row. Every row is
/// fitted to the width in terminal columns (``StyledLine``): nothing wraps, whatever the width.
struct SearchScreen: Sendable {
  var useColor: Bool
  var engineName: String

  /// Rows above the results, and the footer below them.
  static let headerRows = 5

  /// How many results fit on a screen of `rows` rows.
  static func resultRows(forScreenRows rows: Int) -> Int {
    max(0, rows - headerRows - 1)
  }

  /// The rows of the whole screen for `rows` rows of `columns` columns; the results start at
  /// `controls.scroll`. Until the first pass is `published`, the count says so rather than
  /// "0 brews".
  func frame(
    model: some BrewSearchModel, controls: SearchControls, rows: Int, columns: Int = .max,
    published: Bool = true
  ) -> [StyledLine] {
    let results = model.filteredBrews
    let room = Self.resultRows(forScreenRows: rows)
    let first = max(0, min(controls.scroll, results.count - room))
    var lines: [StyledLine] = [
      StyledLine("BrewLog — brew history search (\(engineName) engine)", style: "1"),
      queryLine(controls, columns: columns),
      settingsLine(controls),
      recentLine(model.recentSearchTerms),
      published
        ? countLine(total: results.count, first: first, shown: min(room, results.count - first))
        : StyledLine("searching…", style: "1"),
    ]
    for brew in results.dropFirst(first).prefix(room) {
      var line = StyledLine("  ")
      line.append(brew.method.label, style: "36")
      line.append(" " + String(repeating: "★", count: brew.rating) + "  ")
      line.append(DisplayText.singleLine(brew.notes))
      lines.append(line)
    }
    lines = Array(lines.prefix(max(0, rows - 1)))
    while lines.count < rows - 1 { lines.append(StyledLine()) }
    if rows > 0 {
      lines.append(StyledLine(SearchControls.keyHelp(columns: columns), style: "2"))
    }
    return lines
  }

  private func queryLine(_ controls: SearchControls, columns: Int) -> StyledLine {
    let label = "Search: "
    let window = QueryWindow(
      before: controls.query[..<controls.cursor], after: controls.query[controls.cursor...],
      columns: columns - label.count - 1)  // a column for the cursor
    var line = StyledLine(label)
    line.append(window.before)
    line.append("▏", style: "7")
    line.append(window.after)
    return line
  }

  private func settingsLine(_ controls: SearchControls) -> StyledLine {
    let stars =
      String(repeating: "★", count: controls.rating)
      + String(repeating: "☆", count: 5 - controls.rating)
    return StyledLine(
      "Method: \(controls.method?.label ?? "Any") [Tab]  Minimum rating: \(stars) [↑/↓]")
  }

  private func recentLine(_ terms: [String]) -> StyledLine {
    let text = terms.isEmpty ? "—" : terms.map(DisplayText.singleLine).joined(separator: " · ")
    return StyledLine("Recent: " + text, style: "2")
  }

  private func countLine(total: Int, first: Int, shown: Int) -> StyledLine {
    var text = "\(total) brew\(total == 1 ? "" : "s")"
    if shown > 0, shown < total { text += " (\(first + 1)–\(first + shown), PgUp/PgDn)" }
    return StyledLine(text, style: "1")
  }
}
