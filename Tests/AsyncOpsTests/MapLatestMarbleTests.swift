import AsyncOps
import AsyncOpsTesting
import Testing

/// MapLatest rules 1–5 (pull), one by one, on marbles (one tick = 1 ms). `mapLatest:N`
/// is a transform that waits N ticks on the test clock and returns its element.
@Suite struct MapLatestMarbleTests {
  @Test func mapLatestExample_semanticsVerbatim() async throws {
    try await expectMarbles(["a-b----c|"], "-----b----[c|]") { inputs, clock in
      inputs[0].mapLatest(delayedTransform(3, clock: clock))
    }
  }

  @Test func mapLatestRule1_aNewerElementCancelsTheRunningTransform() async throws {
    // a's transform would complete at 3; b arrives at 1 and cancels it.
    try await expectMarbles(["ab------|"], "----b---|") { inputs, clock in
      inputs[0].mapLatest(delayedTransform(3, clock: clock))
    }
  }

  @Test func mapLatestRule1_aTransformOfZeroTicksReturnsInTheSameTick() async throws {
    try await expectMarbles(["a-b[cd]|"], "a-b[cd]|") { inputs, clock in
      inputs[0].mapLatest(delayedTransform(0, clock: clock))
    }
  }

  @Test func mapLatestRule2_aResultIsEmittedWhenItsTransformCompletes() async throws {
    try await expectMarbles(["a---b------|"], "---a---b---|") { inputs, clock in
      inputs[0].mapLatest(delayedTransform(3, clock: clock))
    }
  }

  @Test func mapLatestRule2_aResultDueAtTheInstantOfANewerElementIsEmittedFirst() async throws {
    // a's transform completes at 3, the instant b arrives: the timer of 3 comes first.
    try await expectMarbles(["a--b---|"], "---a--b|") { inputs, clock in
      inputs[0].mapLatest(delayedTransform(3, clock: clock))
    }
  }

  @Test func mapLatestRule3_theFinishWaitsForTheRunningTransform() async throws {
    try await expectMarbles(["a|"], "---[a|]") { inputs, clock in
      inputs[0].mapLatest(delayedTransform(3, clock: clock))
    }
  }

  @Test func mapLatestRule3_theFinishWithNoTransformRunningIsDeliveredAtOnce() async throws {
    try await expectMarbles(["a----|"], "---a-|") { inputs, clock in
      inputs[0].mapLatest(delayedTransform(3, clock: clock))
    }
  }

  @Test func mapLatestRule4_anUpstreamFailureCancelsTheTransformAndIsDeliveredAtOnce() async throws
  {
    try await expectMarbles(["a-^"], "--^") { inputs, clock in
      inputs[0].mapLatest(delayedTransform(3, clock: clock))
    }
  }

  @Test func mapLatestRule4_aThrowingTransformEndsTheSequenceWithItsError() async throws {
    try await expectMarbles(["a-x--b|"], "a-^") { inputs, _ in
      inputs[0].mapLatest { element throws(TestSourceFailure) in
        if element == "x" { throw TestSourceFailure(source: "transform") }
        return element
      }
    }
  }

  @Test func flatMapLatest_aNewerElementSwitchesToItsInnerSequence() async throws {
    // Each element x becomes "x" then "X", two ticks apart; b at 3 cancels a's before "A".
    try await expectMarbles(["a--b-------|"], "--a--b-B---|") { inputs, clock in
      inputs[0].flatMapLatest { element in
        TickedElements(elements: [element, element.uppercased()], every: 2, clock: clock)
      }
    }
  }

  @Test func flatMapLatest_theFinishWaitsForTheNewestInnerSequence() async throws {
    try await expectMarbles(["a|"], "--a-[A|]") { inputs, clock in
      inputs[0].flatMapLatest { element in
        TickedElements(elements: [element, element.uppercased()], every: 2, clock: clock)
      }
    }
  }

  @Test func flatMapLatest_anUpstreamFailureCancelsTheInnerSequence() async throws {
    try await expectMarbles(["a^"], "-^") { inputs, clock in
      inputs[0].flatMapLatest { element in
        TickedElements(elements: [element, element.uppercased()], every: 2, clock: clock)
      }
    }
  }
}
