// The complete example of the article "Testing a @MainActor view model"
// (Sources/AsyncOpsTesting/AsyncOpsTesting.docc/TestingAMainActorViewModel.md), compiled and run.
import AsyncOps
import AsyncOpsTesting
import Observation
import Testing

@MainActor @Observable
final class PlayerSearchViewModel {
  private(set) var shown: [String] = []
  private let players: [String]
  private let query = AsyncCurrentValue("")
  private let clock: any Clock<Duration>

  init(players: [String], clock: any Clock<Duration>) {
    self.players = players
    self.clock = clock
  }

  func type(_ text: String) { query.send(text) }

  /// The screen's task: `.task { await model.run() }`.
  func run() async { await search(on: clock) }

  private func search(on clock: some Clock<Duration>) async {
    for await text in query.debounce(for: .milliseconds(300), clock: clock) {
      shown = players.filter { text.isEmpty || $0.lowercased().contains(text.lowercased()) }
    }
  }
}

@MainActor @Test func typingSettlesIntoOneSearch() async throws {
  try await withVirtualTime { @MainActor time in
    let model = PlayerSearchViewModel(players: ["Saka", "Salah", "Haaland"], clock: time.clock)
    let screen = Task { await model.run() }
    model.type("s")
    await time.advance(by: .milliseconds(100))
    model.type("sa")
    await time.advance(by: .milliseconds(299))
    #expect(model.shown == [])  // still debouncing
    await time.advance(by: .milliseconds(1))
    #expect(model.shown == ["Saka", "Salah"])  // exactly 300 ms after the last keystroke
    screen.cancel()
  }
}
