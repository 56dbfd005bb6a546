import BrewSearch
import Synchronization

/// The live screen's state and what is on the terminal, behind one lock, so that the input
/// thread (echoing keys) and the task redrawing after each pass never interleave their output.
///
/// A draw computes the whole frame (cheap: only the rows that fit are built) and writes only the
/// rows that differ from what the terminal shows.
final class LiveScreen<Model: BrewSearchModel>: Sendable {
  private struct State: Sendable {
    var controls = SearchControls()
    var shown: [String] = []
    var shownColumns = -1
    var published = false
  }

  private let model: Model
  private let screen: SearchScreen
  private let state = Mutex(State())
  private let size: @Sendable () -> (rows: Int, columns: Int)
  private let write: @Sendable (String) -> Void
  private let queryChanged: @Sendable (BrewQuery) -> Void

  /// - Parameter queryChanged: called on the key thread with the new query after each key that
  ///   changed it (the live session starts searching ahead of the debounce).
  init(
    model: Model, screen: SearchScreen,
    size: @escaping @Sendable () -> (rows: Int, columns: Int) = { RawTerminal.size },
    write: @escaping @Sendable (String) -> Void = { Terminal.write($0) },
    queryChanged: @escaping @Sendable (BrewQuery) -> Void = { _ in }
  ) {
    self.model = model
    self.screen = screen
    self.size = size
    self.write = write
    self.queryChanged = queryChanged
  }

  /// Applies keys to the controls and redraws what they changed; returns the model's inputs.
  func handle(_ keys: [Key]) -> SearchControls.Outcome {
    let (outcome, query) = state.withLock { state in
      let page = SearchScreen.resultRows(forScreenRows: size().rows)
      let outcome = state.controls.apply(
        keys, pageSize: page, resultCount: model.filteredBrews.count)
      if !outcome.exit { draw(&state, full: false) }
      let controls = state.controls
      return (
        outcome,
        BrewQuery(text: controls.text, method: controls.method, minimumRating: controls.rating)
      )
    }
    if !outcome.inputs.isEmpty, !outcome.exit { queryChanged(query) }
    return outcome
  }

  /// Marks that a pass was published, and redraws.
  func passPublished() {
    state.withLock { state in
      state.published = true
      draw(&state, full: false)
    }
  }

  /// Redraws the rows that changed; `full` repaints everything (after a resize).
  func draw(full: Bool = false) {
    state.withLock { draw(&$0, full: full) }
  }

  private func draw(_ state: inout State, full: Bool) {
    let (rows, columns) = size()
    let lines = screen.frame(
      model: model, controls: state.controls, rows: rows, columns: columns,
      published: state.published
    ).map { $0.rendered(columns: columns, color: screen.useColor) }
    var output = ""
    if full || columns != state.shownColumns || lines.count != state.shown.count {
      output += ANSI.clearScreen
      state.shown = Array(repeating: "", count: lines.count)
      state.shownColumns = columns
    }
    for (row, line) in lines.enumerated() where line != state.shown[row] {
      // Cleared first, then written: erasing after a line that fills the last column would
      // erase that column too.
      output += ANSI.moveTo(row: row + 1, column: 1) + ANSI.clearLine + line
      state.shown[row] = line
    }
    if !output.isEmpty { write(output) }
  }
}
