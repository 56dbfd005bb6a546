// The complete example of the article "Testing a @MainActor view model"
// (Sources/AsyncOpsTesting/AsyncOpsTesting.docc/TestingAMainActorViewModel.md), compiled and run.
import AsyncOps
import AsyncOpsTesting
import Observation
import Testing

/// The search pipeline, apart from the model: what is shown for what is typed. It cannot fail,
/// and says so in its type.
func playerSearch(
  _ query: some AsyncSequence<String, Never> & Sendable, players: [String],
  clock: some Clock<Duration>
) -> some AsyncSequence<[String], Never> & Sendable {
  query.debounce(for: .milliseconds(300), clock: clock).map { text in
    players.filter { text.isEmpty || $0.lowercased().contains(text.lowercased()) }
  }
}

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
    for await players in playerSearch(query, players: players, clock: clock) {
      shown = players
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

@Test func playerSearchShowsTheResultsOfThePauseOnly() async throws {
  // Marble letters → what was typed; the results → one marble element.
  let typed: @Sendable (String) -> String = { ["s": "s", "a": "sa"][$0]! }
  let shown: @Sendable ([String]) -> String = { $0.joined(separator: ",") }
  try await expectMarbles(
    ["sa------|"], "----'Saka,Salah'---|", values: typed, tick: .milliseconds(100), render: shown
  ) { inputs, clock in
    playerSearch(inputs[0], players: ["Saka", "Salah", "Haaland"], clock: clock)
  }
}
