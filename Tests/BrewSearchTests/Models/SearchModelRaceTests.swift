import Dispatch
import Testing

@testable import BrewSearch

/// Setters and `updateSource` called from two threads at once, on real threads (bounded: each
/// test takes well under a second). Before the fix about 1 trial in 3,000 (setters) and 1 in
/// 6,000 (sources) ended inconsistent.
@Suite struct SearchModelRaceTests {
  private static let trials = 30_000

  @Test func concurrentSettersLeaveTheVisibleTextEqualToTheTextSearched() {
    let model = BrewHistorySearchModel(filter: .naive)
    var mismatches = 0
    for trial in 0..<Self.trials {
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        model.searchText = thread == 0 ? "bright \(trial)" : "jasmine \(trial)"
      }
      if model.searchText != model.inputsInFlight.text { mismatches += 1 }
    }
    #expect(mismatches == 0)
  }

  @Test func concurrentSourceUpdatesLeaveTheNewestVersionInFlight() {
    let model = BrewHistorySearchModel(filter: .naive)
    var backwards = 0
    for trial in 0..<Self.trials {
      DispatchQueue.concurrentPerform(iterations: 2) { _ in model.updateSource([]) }
      if model.inputsInFlight.sourceVersion != 2 * (trial + 1) { backwards += 1 }
    }
    #expect(backwards == 0)
  }
}
