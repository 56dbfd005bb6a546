import AsyncOps
import AsyncOpsTesting
import BrewSearch
import BrewSearchReplay
import Foundation
import Synchronization
import Testing

/// A player of seed 003's fantasy-league list.
private struct Player: Sendable, Equatable {
  var name: String
  var points: Int
}

/// Seed 003's `FantasyPremierLeagueViewModel`, ported: a `@MainActor` class whose `for try await`
/// over `combineLatest(players, debouncedQuery)` filters with `localizedCaseInsensitiveContains`
/// and writes main-actor state. The repository's stream and `$query` are `AsyncCurrentValue`s; the
/// debounce waits on the injected clock instead of `DispatchQueue.main`.
@MainActor private final class FantasyPremierLeagueViewModel {
  private(set) var playerList: [Player] = []
  let players = AsyncCurrentValue<[Player]>([])
  let query = AsyncCurrentValue("")
  private let clock: TestClock
  /// Each list written, with the instant (the test's view of the screen).
  private(set) var timeline: [String] = []

  init(clock: TestClock) {
    self.clock = clock
  }

  func getPlayers() async {
    let playerStream = players.map { $0.sorted { $0.points > $1.points } }
    let queryStream = query.debounce(for: .milliseconds(500), clock: clock)
    for await (players, query) in combineLatest(playerStream, queryStream) {
      MainActor.preconditionIsolated()
      playerList = players.filter {
        query.isEmpty || $0.name.localizedCaseInsensitiveContains(query)
      }
      timeline.append("\(clock.now): \(playerList.map(\.name).joined(separator: ","))")
    }
  }
}

@Suite struct MainActorSearchModelTests {
  private static let squad = [
    Player(name: "Saka", points: 180), Player(name: "Salah", points: 210),
    Player(name: "Haaland", points: 200), Player(name: "Ødegaard", points: 150),
  ]

  /// The seed's screen: the list loads, the user types "sa", pauses, refines to "SAL", and a
  /// new player list arrives.
  private static func seed003Run() async throws -> [String] {
    try await withVirtualTime { @MainActor time in
      let model = FantasyPremierLeagueViewModel(clock: time.clock)
      let loading = Task { await model.getPlayers() }
      model.players.send(squad)
      await time.advance(by: .milliseconds(600))  // the empty query, debounced
      model.query.send("s")
      await time.advance(by: .milliseconds(100))
      model.query.send("sa")
      await time.advance(by: .milliseconds(600))
      model.query.send("SAL")
      await time.advance(by: .milliseconds(600))
      model.players.send(squad + [Player(name: "Salisu", points: 90)])
      await time.settle()
      model.players.finish()
      model.query.finish()
      await loading.value
      return model.timeline
    }
  }

  @Test func seed003ViewModelListsPlayersInstantByInstant() async throws {
    let timeline = try await Self.seed003Run()
    #expect(
      timeline == [
        "0.5 seconds: Salah,Haaland,Saka,Ødegaard",
        "1.2 seconds: Salah,Saka",
        "1.8 seconds: Salah",
        "1.9 seconds: Salah,Salisu",
      ])
  }

  @Test func mainActorModelPublishesOnTheMainActor() async throws {
    let published = Atomic(0)
    let timeline = try await withVirtualTime { @MainActor time in
      let model = MainActorBrewHistorySearchModel(debounce: .milliseconds(20), clock: time.clock)
      model.updateSource(Brew.sampleHistory)
      // The runtime's isolation check: a pass published off the main actor traps here.
      model.base.onFilterApplied = {
        MainActor.preconditionIsolated()
        published.add(1, ordering: .relaxed)
      }
      let running = Task { await model.run() }
      model.searchText = "citrus"
      await time.advance(by: .milliseconds(20))
      let seen = model.filteredBrews.map(\.id)
      running.cancel()
      await running.value
      return seen
    }
    #expect(!timeline.isEmpty)
    #expect(published.load(ordering: .relaxed) == 1, "\"citrus\" at 20 ms")
  }

  @Test func mainActorScenariosRepeat200TimesWithIdenticalTimelines() async throws {
    let typing = timed([
      (0, .text("b")), (5, .text("br")), (30, .text("bri")), (60, .method(.pourOver)),
    ])
    let first = try await SearchEngineKind.mainActor.replay(
      typing, source: Brew.sampleHistory, debounce: .milliseconds(20))
    let firstSeed = try await Self.seed003Run()
    var mismatches = 0
    for _ in 0..<200 {
      let again = try await SearchEngineKind.mainActor.replay(
        typing, source: Brew.sampleHistory, debounce: .milliseconds(20))
      let seed = try await Self.seed003Run()
      if again != first || seed != firstSeed { mismatches += 1 }
    }
    #expect(mismatches == 0)
    // Wall time per run is a speed figure: `asyncops-bench virtual-time-replay` measures it
    // (the target: under 50 ms), not a timed assertion here.
  }
}
