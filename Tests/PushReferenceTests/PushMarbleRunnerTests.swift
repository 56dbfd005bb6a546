import PushReference
import Testing

@Suite struct PushMarbleRunnerTests {
  @Test func recordsValuesFinishAndFailureAtTheirTicks() throws {
    let outputs = try recordPushMarbles(["a-[bc]-|", "--x^"]) { inputs, _ in
      inputs[0].combineLatest(inputs[1]) { $0 + $1 }
    }
    // b and c arrive before x, so only c pairs with it.
    #expect(outputs[0].description == "--'cx'^")
  }

  @Test func consumersStartingAtATickSeeThatTicksInputs() throws {
    let outputs = try recordPushMarbles(["ab-c|"], consumers: [0, 1, 3]) { inputs, _ in inputs[0] }
    #expect(outputs.map(\.description) == ["ab-c|", "-b-c|", "---c|"])
  }

  @Test func timersDueAtATickFireBeforeThatTicksInputs() throws {
    let outputs = try recordPushMarbles(["a-b"]) { inputs, scheduler in
      inputs[0].debounce(for: .milliseconds(2), scheduler: scheduler).map {
        "\($0)\(scheduler.now.offset.components.attoseconds / 1_000_000_000_000_000)"
      }
    }
    #expect(outputs[0].description == "--'a2'-'b4'")
  }

  @Test func drainsPendingTimersAfterTheLastTick() throws {
    let outputs = try recordPushMarbles(["a"]) { inputs, scheduler in
      inputs[0].debounce(for: .milliseconds(50), scheduler: scheduler)
    }
    #expect(outputs[0].events.map(\.tick) == [50])
    #expect(outputs[0].events.map(\.event) == [.value("a")])
  }

  @Test func drainStopsAfterDrainTicks() throws {
    let outputs = try recordPushMarbles(["a"], drainTicks: 10) { inputs, scheduler in
      inputs[0].debounce(for: .milliseconds(50), scheduler: scheduler)
    }
    #expect(outputs[0].description == "")
  }

  @Test func tickSetsTheVirtualDurationOfAPosition() throws {
    let outputs = try recordPushMarbles(["a"], tick: .seconds(1)) { inputs, scheduler in
      inputs[0].debounce(for: .milliseconds(2_500), scheduler: scheduler)
    }
    #expect(outputs[0].description == "--a")
  }

  @Test func invalidMarbleThrows() {
    #expect(throws: MarbleSyntaxError.self) {
      try recordPushMarbles(["a-[b"]) { inputs, _ in inputs[0] }
    }
  }

  @Test func expectPushMarblesReportsAMismatch() {
    #expect(throws: MarbleMismatch.self) {
      try expectPushMarbles(["a-b|"], "a-c|") { inputs, _ in inputs[0] }
    }
  }
}
