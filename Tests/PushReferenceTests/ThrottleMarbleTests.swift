import PushReference
import Testing

/// Throttle rules 1–6 (push) and MapLatest rule 6, on marbles, through the entry
/// point the marble engine uses (``PushMarbleOperation``).
@Suite struct PushThrottleMarbleTests {
  private func run(_ spelling: String, _ input: String) throws -> String {
    try PushMarbleOperation(parsing: spelling).evaluate(inputs: [input])[0].description
  }

  @Test func reproducesTheSemanticsExample() throws {
    #expect(try run("throttle:3", "abcdefgh-----i|") == "a--c--f--h---i|")
  }

  @Test func rule1EmitsAtOnceWhenTheIntervalHasPassed() throws {
    #expect(try run("throttle:3", "a---b|") == "a---b|")
  }

  @Test func rule1EmitsBeforeLaterInputsOfTheSameTick() throws {
    #expect(try run("throttle:3", "[ab]----|") == "a--b-|")
  }

  @Test func rule2LatestReplacesThePendingElement() throws {
    #expect(try run("throttle:4", "abc-----|") == "a---c---|")
  }

  @Test func rule2FirstKeepsThePendingElement() throws {
    #expect(try run("throttle:4:first", "abc-----|") == "a---b---|")
  }

  @Test func rule3TheTimerFiresBeforeTheInputsOfItsTick() throws {
    #expect(try run("throttle:2", "ab-c----|") == "a-b-c---|")
  }

  @Test func rule4FinishWaitsForThePendingElement() throws {
    #expect(try run("throttle:3", "ab|") == "a--[b|]")
  }

  @Test func rule4FinishWithNothingPendingIsDeliveredAtOnce() throws {
    #expect(try run("throttle:3", "a---|") == "a---|")
  }

  @Test func rule5FailureWaitsLikeAFinish() throws {
    #expect(try run("throttle:3", "ab^") == "a--[b^]")
  }

  @Test func rule6ZeroIntervalPassesEveryElementThrough() throws {
    #expect(try run("throttle:0", "[ab]-c|") == "[ab]-c|")
  }

  @Test func mapLatestReproducesTheSemanticsExample() throws {
    #expect(try run("mapLatest:3", "a-b----c|") == "-----b----[c|]")
  }

  @Test func mapLatestRule1ANewerElementCancelsTheRunningTransform() throws {
    #expect(try run("mapLatest:3", "ab-----|") == "----b--|")
  }

  @Test func mapLatestRule3FinishWaitsForTheRunningTransform() throws {
    #expect(try run("mapLatest:2", "a|") == "--[a|]")
  }

  @Test func mapLatestRule4AFailureCancelsTheRunningTransform() throws {
    #expect(try run("mapLatest:3", "a-^") == "--^")
  }

  @Test func mapLatestZeroAnswersInTheSameTick() throws {
    #expect(try run("mapLatest:0", "a-b|") == "a-b|")
  }

  @Test func spellingsRoundTripAndBadOnesAreErrors() throws {
    for spelling in ["throttle:3", "throttle:0:first", "mapLatest:5"] {
      #expect(try PushMarbleOperation(parsing: spelling).description == spelling)
    }
    for bad in ["throttle", "throttle:x", "throttle:3:last", "mapLatest:-1", "debounce:3"] {
      #expect(throws: PushMarbleOperationError.self) { try PushMarbleOperation(parsing: bad) }
    }
    #expect(throws: PushMarbleOperationError.self) {
      try PushMarbleOperation.mapLatest(ticks: 1).evaluate(inputs: ["a|", "b|"])
    }
  }
}
