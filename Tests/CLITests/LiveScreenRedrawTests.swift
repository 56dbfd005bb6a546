import BrewSearch
import Synchronization
import Testing

@testable import brew_search_cli

/// The live screen in-process: a key rewrites only the rows it changed, and a frame never has
/// more rows than the window.
@Suite struct LiveScreenRedrawTests {
  /// Everything the screen wrote, in order.
  final class Output: Sendable {
    private let written = Mutex<[String]>([])
    func write(_ text: String) { written.withLock { $0.append(text) } }
    func take() -> [String] {
      written.withLock { written in
        defer { written = [] }
        return written
      }
    }
  }

  private static func screen(rows: Int, output: Output) -> LiveScreen<BrewHistorySearchModel> {
    let model = BrewHistorySearchModel(debounce: .zero)
    return LiveScreen(
      model: model, screen: SearchScreen(useColor: false, engineName: "pull"),
      size: { (rows: rows, columns: 60) }, write: { output.write($0) })
  }

  @Test func aKeyRewritesOnlyTheQueryRow() {
    let output = Output()
    let screen = Self.screen(rows: 12, output: output)
    screen.draw(full: true)
    #expect(output.take().joined().contains("BrewLog"), "the first frame is whole")
    _ = screen.handle([.text("k")])
    let written = output.take().joined()
    #expect(written == ANSI.moveTo(row: 2, column: 1) + ANSI.clearLine + "Search: k▏")
  }

  @Test func aKeyThatChangesNothingWritesNothing() {
    let output = Output()
    let screen = Self.screen(rows: 12, output: output)
    screen.draw(full: true)
    _ = output.take()
    _ = screen.handle([.named(.function(1), []), .named(.left, []), .named(.insert, [])])
    #expect(output.take().isEmpty)
  }

  @Test(arguments: [1, 2, 6, 7, 40])
  func aFrameHasExactlyTheWindowsRows(rows: Int) {
    let model = BrewHistorySearchModel(debounce: .zero)
    let frame = SearchScreen(useColor: false, engineName: "pull")
      .frame(model: model, controls: SearchControls(), rows: rows)
    #expect(frame.count == rows)
    #expect(frame.last?.plainText == SearchControls.keyHelp, "the footer is the last row")
  }
}
