import Foundation
import Synchronization
import Testing

@testable import BrewSearch

/// The search model on the real clock and real threads, restarted: a
/// run is cancelled while it works, a new run starts at once, the text changes — and the new
/// run's results must come, every round. The delays between the steps are seeded random amounts
/// of yielding and spinning, not sleeps; there is no timing assertion, only "the results come"
/// (a lost result hangs the round until the time limit fails the test).
@Suite struct SearchModelRestartStressTests {
  /// Busy work of `amount` steps, or as many yields: how long a step waits, without a clock.
  static func pause(_ amount: Int, yielding: Bool) async {
    if yielding {
      for _ in 0..<amount { await Task.yield() }
    } else {
      var spin = SplitMix64(seed: UInt64(amount))
      var sink: UInt64 = 0
      for _ in 0..<amount * 200 { sink &+= spin.next() }
      withExtendedLifetime(sink) {}
    }
  }

  @Test(.timeLimit(.minutes(2)))
  func aRunStartedRightAfterTheOldOneIsCancelledPublishesTheNewText() async throws {
    var random = SplitMix64(seed: 29_012)
    let expected = BrewQuery(text: "kenya").filter(Brew.sampleHistory)
    for round in 0..<300 {
      let model = BrewHistorySearchModel(
        debounce: .milliseconds(10), filter: random.chance(1, in: 2) ? .naive : .indexed())
      model.updateSource(Brew.sampleHistory)
      let (published, publications) = AsyncStream.makeStream(of: Void.self)
      model.onFilterApplied = { publications.yield() }
      let old = Task { await model.run() }
      if random.chance(1, in: 2) {
        // The old run at rest, its first results shown, as 50 ms after it started.
        for await _ in published where !model.filteredBrews.isEmpty { break }
      }
      await Self.pause(random.next(below: 400), yielding: random.chance(1, in: 2))
      if random.chance(1, in: 2) { model.searchText = "jasmine" }
      await Self.pause(random.next(below: 400), yielding: random.chance(1, in: 2))
      old.cancel()
      let new = Task { await model.run() }
      await Self.pause(random.next(below: 400), yielding: random.chance(1, in: 2))
      model.searchText = "kenya"
      var arrived = model.filteredBrews == expected
      for await _ in published where !arrived {
        arrived = model.filteredBrews == expected
        if arrived { break }
      }
      #expect(arrived, "round \(round): the new run's results did not come")
      new.cancel()
      publications.finish()
      await old.value
      await new.value
    }
  }

  /// A start line two tasks meet at, so that they start together on two threads: each yields
  /// until the other has arrived (no thread is held while the other waits for one), then both
  /// spin (no clock) until both are there. A task whose partner is not back on a thread soon goes
  /// on alone (that round then tests less, but nothing waits for ever or starves other tests).
  final class StartLine: Sendable {
    private let arrived = Atomic(0)
    private let ready = Atomic(0)

    /// Meets the other task, then spins `offset` more steps: a seeded lag between them.
    func meet(thenSpin offset: Int) async {
      arrived.add(1, ordering: .acquiringAndReleasing)
      while arrived.load(ordering: .acquiring) < 2 { await Task.yield() }
      ready.add(1, ordering: .acquiringAndReleasing)
      var patience = 1_000_000
      while ready.load(ordering: .acquiring) < 2, patience > 0 { patience -= 1 }
      var spin = SplitMix64(seed: UInt64(offset))
      var sink: UInt64 = 0
      for _ in 0..<offset { sink &+= spin.next() }
      withExtendedLifetime(sink) {}
    }
  }

  enum RoundEvent: Sendable, Equatable {
    case published
    case newRunReturned
  }

  /// One model of a round, whichever kind: how to run it, search and read its results.
  struct RoundModel: Sendable {
    var run: @Sendable () async -> Void
    var search: @Sendable (String) async -> Void
    var results: @Sendable () async -> FilteredBrews
  }

  /// The pull model, with a zero debounce: each text is searched at once (no clock).
  static func model(_ events: AsyncStream<RoundEvent>.Continuation) -> RoundModel {
    let model = BrewHistorySearchModel(debounce: .zero, filter: .naive)
    model.updateSource(Brew.sampleHistory)
    model.onFilterApplied = { events.yield(.published) }
    return RoundModel(
      run: { await model.run() }, search: { model.searchText = $0 },
      results: { model.filteredBrews })
  }

  /// The `@MainActor` model an app holds, with a zero debounce.
  @MainActor
  static func mainActorModel(_ events: AsyncStream<RoundEvent>.Continuation) -> RoundModel {
    let model = MainActorBrewHistorySearchModel(debounce: .zero, filter: .naive)
    model.updateSource(Brew.sampleHistory)
    model.base.onFilterApplied = { events.yield(.published) }
    return RoundModel(
      run: { await model.run() }, search: { @MainActor in model.searchText = $0 },
      results: { @MainActor in model.filteredBrews })
  }

  /// The old run's task is cancelled before its `run()` even began (`.task(id:)` when the id
  /// changes twice in a row), and the new run, started right after the cancel, starts on another
  /// thread at the same instant. The new run must own the model: it must not return while it is
  /// not cancelled, and it must search the text. (The race this pins: a cancelled run that
  /// claimed the model for an instant before its cancellation handler gave it up would make a new
  /// run claiming in that instant return at once, and the results would never come — in hundreds
  /// of 3,000 rounds when both runs start at the same instant, on two cores; in about 1 round of
  /// 1,000–3,000 when they merely start one after the other, as `Task { }` and
  /// `Task.detached { }` start them.)
  @Test(.timeLimit(.minutes(5)), arguments: [false, true])
  func aRunStartedRightAfterACancelOwnsTheModelEvenWhenTheCancelledRunStartsAtTheSameInstant(
    onTheMainActor: Bool
  ) async throws {
    var random = SplitMix64(seed: onTheMainActor ? 29_121 : 29_122)
    let expected = BrewQuery(text: "kenya").filter(Brew.sampleHistory)
    var lostRounds: [Int] = []
    for round in 0..<(onTheMainActor ? 500 : 1_000) {
      let (events, sink) = AsyncStream.makeStream(of: RoundEvent.self)
      let model = onTheMainActor ? await Self.mainActorModel(sink) : Self.model(sink)
      await model.search("kenya")
      let start = StartLine()
      let (oldSpin, newSpin) = (random.next(below: 256), random.next(below: 256))
      let old = Task.detached {
        await start.meet(thenSpin: oldSpin)
        await model.run()
      }
      old.cancel()
      let new = Task.detached {
        await start.meet(thenSpin: newSpin)
        await model.run()
        sink.yield(.newRunReturned)
      }
      for await event in events {
        if event == .newRunReturned {
          lostRounds.append(round)
          break
        }
        if await model.results() == expected { break }
      }
      new.cancel()
      sink.finish()
      await old.value
      await new.value
    }
    let lost = lostRounds.count
    #expect(
      lost == 0, "the new run returned at once, not cancelled, in rounds \(lostRounds.prefix(5))…")
  }
}
