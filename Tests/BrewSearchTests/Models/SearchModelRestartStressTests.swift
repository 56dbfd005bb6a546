import Foundation
import Synchronization
import Testing

@testable import BrewSearch

/// The search model on the real clock and real threads, restarted (issue #29, finding 12): a
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
}
