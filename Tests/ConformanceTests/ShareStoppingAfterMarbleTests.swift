import MarbleEngines
import MarbleNotation
import Testing

/// StoppingAfter rules 1 and 3 with a stop delay, which only the pull engine has (Combine's
/// `share()` reconnects at once): `share:T1-L1,T2...:stop=D` through the pull engine, the input
/// played cold from its first tick at each run of the upstream.
@Suite struct ShareStoppingAfterMarbleTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let spelling: String
    let input: String
    let outputs: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a consumer arriving within the stop delay continues on the same run "
        + "(StoppingAfter rule 1)",
      spelling: "share:0-2,3:stop=2", input: "abcdef|", outputs: ["ab", "---def|"]),
    Case(
      name: "a consumer arriving at the last leave plus the delay starts a new run "
        + "(StoppingAfter rule 3)",
      spelling: "share:0-2,4:stop=2", input: "abcdef|", outputs: ["ab", "----abcdef|"]),
    Case(
      name: "what the upstream produces during the delay feeds the replay, which survives the stop "
        + "(StoppingAfter rule 3)",
      spelling: "share:0-2,6:replay=1:stop=2", input: "abcd-----x|",
      outputs: ["ab", "------[da]bcd-----x|"]),
    Case(
      name: "an upstream that finished during the delay is not restarted (StoppingAfter rule 3)",
      spelling: "share:0-2,6:replay=1:stop=3", input: "ab-|", outputs: ["ab", "------[b|]"]),
    Case(
      name: "a consumer that stays keeps the upstream running (StoppingAfter rule 1)",
      spelling: "share:0,5-9:stop=3", input: "abcdefghijkl|",
      outputs: ["abcdefghijkl|", "-----fghi"]),
    Case(
      name: "a restart after a stop delay begins the cold input again (StoppingAfter rule 1)",
      spelling: "share:0-1,3-4,6:stop=1", input: "abcdefgh|",
      outputs: ["a", "---a", "------abcdefgh|"]),
  ]

  @Test(arguments: cases)
  func pullProducesTheRuleOutputs(_ scenario: Case) async throws {
    let operation = try MarbleOperator(parsing: scenario.spelling)
    let outputs = try await MarbleEvaluation.evaluate(
      operation, inputs: [scenario.input], engine: .pull)
    let expected = try scenario.outputs.map { try MarbleTimeline(parsing: $0) }
    #expect(outputs == expected, "\(scenario.spelling) \(scenario.input)")
  }

  @Test func thePushEngineRefusesAStopDelay() async throws {
    let operation = try MarbleOperator(parsing: "share:0-2,4:stop=2")
    #expect(operation.unsupportedSetting(on: .push)?.hasPrefix("stop=2") == true)
    await #expect(throws: MarbleOperatorError.self) {
      try await MarbleEvaluation.evaluate(operation, inputs: ["abc|"], engine: .push)
    }
  }

  @Test(arguments: [
    ("share:0-0", "leaves at tick 0, not after it registers at tick 0"),
    ("share:0-x", "'x' is not a tick"),
    ("share:0-1-2", "is not T or T-L"),
    ("share:0:stop=-1", "expected stop=D"),
    ("share:0:stop=1:stop=2", "stop= is given twice"),
    ("share:0:replay=1:wait=2", "expected replay=R or stop=D"),
  ])
  func malformedSpellingsAreRefusedWithWhatIsWrong(_ spelling: String, _ message: String) {
    #expect {
      _ = try MarbleOperator(parsing: spelling)
    } throws: { error in
      (error as? MarbleOperatorError)?.message.contains(message) == true
    }
  }

  @Test func spellingsWithoutLeavesOrStopStayThePlainShare() throws {
    #expect(
      try MarbleOperator(parsing: "share:0,2:replay=1") == .share(consumers: [0, 2], replay: 1))
    #expect(
      try MarbleOperator(parsing: "share:0,5-9:stop=3")
        == .shareWithLeaves(consumers: [0, 5], leaves: [nil, 9], replay: 0, stop: 3))
  }
}
