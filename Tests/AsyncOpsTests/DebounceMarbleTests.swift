import AsyncOps
import AsyncOpsTesting
import Testing

/// Debounce rules 1–6 (pull), one by one, on marbles (one tick = 1 ms).
@Suite struct DebounceMarbleTests {
  @Test func theLastElementOfEachBurstIsEmittedOnceTheInputIsQuiet() async throws {
    try await expectMarbles(["abcd----e---f-g----|"], "------d----e-----g-|") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  // Debounce rule 1
  @Test func eachElementReplacesThePendingOneAndRestartsTheDeadline() async throws {
    // b would be due at 4, but c arrives at 3: c replaces it and is due at 3 + 3.
    try await expectMarbles(["ab-c----|"], "------c-|") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  // Debounce rule 2
  @Test func thePendingElementIsEmittedWhenItsDeadlinePasses() async throws {
    try await expectMarbles(["a------|"], "---a---|") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  // Debounce rule 3
  @Test func anElementArrivingExactlyAtTheDeadlineComesAfterThePendingOne() async throws {
    try await expectMarbles(["a--b---|"], "---a--b|") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  // Debounce rule 4
  @Test func theFinishFlushesThePendingElementAtOnce() async throws {
    try await expectMarbles(["ab-|"], "---[b|]") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  // Debounce rule 4
  @Test func theFinishWithNothingPendingEndsAtOnce() async throws {
    try await expectMarbles(["a----|"], "---a-|") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  // Debounce rule 5
  @Test func aFailureDropsThePendingElementAndIsDeliveredAtOnce() async throws {
    try await expectMarbles(["ab-^"], "---^") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  // Debounce rule 5
  @Test func aFailureAfterAnEmittedElementKeepsThatElement() async throws {
    try await expectMarbles(["a----^"], "---a-^") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  // Debounce rule 6
  @Test func aZeroIntervalPassesEveryElementThroughInOrder() async throws {
    try await expectMarbles(["ab-c[de]|"], "ab-c[de]|") { inputs, clock in
      inputs[0].debounce(for: .zero, clock: clock)
    }
  }

  @Test func consumersOfOneDebouncedSequenceAreIndependent() async throws {
    let outputs = try await recordMarbles(["ab----c----|"], consumers: [0, 4]) { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
    // Each iterator has its own timer. The second one reads the (replaying) source from its
    // start at tick 4, so for it a and b both arrive at 4, and c (at 6) replaces b before b is due.
    #expect(outputs.map(\.description) == ["----b----c-|", "---------c-|"])
  }
}
