import AsyncOps
import AsyncOpsTesting
import PushReference
import Testing

/// merge and zip with a consumer busy 2 ticks after each element (see
/// `DemandLimitedScenarioTests`): where Merge rule 3 and Zip rule 3 say push
/// differs, which only a consumer that does not keep up can show.
@Suite struct DemandLimitedMergeZipTests {
  static let slow: Int? = 2

  @Test func mergeRule3PushDeliversAFailureAtOncePullAfterTheElementsAlreadyRead() async throws {
    let inputs = ["ab^", "x---|"]
    let pull = try await SlowConsumerRun.pull(
      inputs, consumers: [Self.slow], render: { $0 }, build: { merge($0[0], $0[1]) })
    let cold = try SlowConsumerRun.push(
      inputs, from: .cold, consumers: [Self.slow], render: { $0 },
      build: { inputs, _ in inputs[0].merge(with: inputs[1]) })
    #expect(pull == ["a-x-b-^"], "pull: backpressure; b, already read, comes before the failure")
    #expect(cold == ["a-[x^]"], "push: the failure at once; b, waiting for demand, is dropped")
  }

  @Test func zipWithASlowConsumerGivesTheSameTuplesAndPushFinishesWithoutDemand() async throws {
    let inputs = ["abc|", "xyz|"]
    let pull = try await SlowConsumerRun.pull(
      inputs, consumers: [Self.slow], render: { "\($0.0)\($0.1)" }, build: { zip($0[0], $0[1]) })
    let cold = try SlowConsumerRun.push(
      inputs, from: .cold, consumers: [Self.slow], render: { "\($0.0)\($0.1)" },
      build: { inputs, _ in inputs[0].zip(inputs[1]) })
    #expect(
      pull == ["'ax'-'by'-'cz'-|"],
      "pull: one tuple each time the consumer asks; it sees the end when it asks again")
    #expect(
      cold == ["'ax'-'by'-['cz'|]"],
      "push, cold inputs: the same tuples at the same ticks; the finish needs no demand")
  }
}
