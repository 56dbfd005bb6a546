import MarbleEngines
import Testing

/// A difference between the two harnesses' inputs, not between the operators, that no rule
/// lists: the pull inputs are cold (`AsyncTestSource` lets each iterator read every event
/// from the first), the push inputs hot (`PassthroughSubject` delivers only to current
/// subscribers). It shows only before an operator first reads its input — for `share`, before
/// its first consumer — which is why the conformance scenarios keep share inputs quiet until then.
@Suite struct HarnessDifferenceTests {
  @Test func elementsBeforeShareFirstConsumerReachItLateInPullAndNobodyInPush() async throws {
    let operation = MarbleOperator.share(consumers: [2, 4], replay: 0)
    let pull = try await MarbleEvaluation.evaluate(operation, inputs: ["ab-c-d|"], engine: .pull)
    let push = try await MarbleEvaluation.evaluate(operation, inputs: ["ab-c-d|"], engine: .push)
    #expect(pull.map(\.description) == ["--[ab]c-d|", "-----d|"])
    #expect(push.map(\.description) == ["---c-d|", "-----d|"])
  }
}
