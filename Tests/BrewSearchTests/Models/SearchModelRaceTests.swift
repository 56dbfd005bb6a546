import Foundation
import Synchronization
import Testing

@testable import BrewSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Setters and `updateSource` called from two threads at once, on real threads. Each round
/// starts both calls together (a spin barrier). The races these pin need a thread preempted in a
/// window of a few hundred nanoseconds: against the code before the fix, 400,000 rounds on a busy
/// 2-core machine ended 792 rounds with a visible text the pipeline did not search (1 in 500) and
/// 13 with the source version gone backwards (1 in 30,000). Bounded to 30,000 rounds each (one to
/// two seconds), so the setter test catches that bug every run and the source test often.
@Suite struct SearchModelRaceTests {
  private static let rounds = 30_000

  @Test func concurrentSettersLeaveTheVisibleTextEqualToTheTextSearched() {
    let model = BrewHistorySearchModel(filter: .naive)
    var mismatches = 0
    raceTwoThreads(rounds: Self.rounds) { thread, round in
      model.searchText = thread == 0 ? "bright \(round)" : "jasmine \(round)"
    } check: { _ in
      if model.searchText != model.inputsInFlight.text { mismatches += 1 }
    }
    #expect(mismatches == 0)
  }

  @Test func concurrentSourceUpdatesLeaveTheNewestVersionInFlight() {
    let model = BrewHistorySearchModel(filter: .naive)
    var backwards = 0
    raceTwoThreads(rounds: Self.rounds) { _, _ in
      model.updateSource([])
    } check: { round in
      if model.inputsInFlight.sourceVersion != 2 * (round + 1) { backwards += 1 }
    }
    #expect(backwards == 0)
  }

  /// Runs `body(0, round)` on the calling thread and `body(1, round)` on a second thread, both
  /// released together each round (each arrives, then waits for the other), then `check(round)`
  /// on the calling thread once both are done.
  private func raceTwoThreads(
    rounds: Int, _ body: @escaping @Sendable (_ thread: Int, _ round: Int) -> Void,
    check: (_ round: Int) -> Void
  ) {
    let arrived = Atomic(0)
    let finished = Atomic(-1)
    let worker = Thread {
      for round in 0..<rounds {
        arrived.add(1, ordering: .acquiringAndReleasing)
        spin(until: { arrived.load(ordering: .acquiring) >= 2 * (round + 1) })
        body(1, round)
        finished.store(round, ordering: .releasing)
      }
    }
    worker.start()
    for round in 0..<rounds {
      arrived.add(1, ordering: .acquiringAndReleasing)
      spin(until: { arrived.load(ordering: .acquiring) >= 2 * (round + 1) })
      body(0, round)
      spin(until: { finished.load(ordering: .acquiring) >= round })
      check(round)
    }
  }
}

/// Busy-waits for `condition`, yielding the core now and then (the machine may have fewer free
/// cores than spinning threads).
private func spin(until condition: () -> Bool) {
  var attempts = 0
  while !condition() {
    attempts += 1
    if attempts % 64 == 0 { sched_yield() }
  }
}
