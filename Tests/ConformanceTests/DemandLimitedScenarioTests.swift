import AsyncOps
import AsyncOpsTesting
import PushReference
import Testing

/// Consumers that do not keep up — the one place the engines are *meant* to differ in what is
/// delivered, pinned both ways (docs/push-vs-pull.md, "Consumers that do not keep up").
///
/// Every marble scenario (`ConformanceTableTests`, `DifferentialTests`) uses consumers that keep
/// up, where the two are indistinguishable (Time rule 3). Here a consumer is
/// busy 2 ticks after each element: in pull it calls `next()` again 2 ticks later; in push it
/// requests `.max(1)` at subscription and 2 ticks after each value. The lossless pull operators
/// apply backpressure — nothing is lost, elements arrive later. In push, demand only limits
/// what is *delivered*: a hot upstream (a `PassthroughSubject`) sends regardless, so what arrives
/// without demand is lost (share rule 7). A cold push upstream — one that waits for demand, as
/// the pull harness's `AsyncTestSource` does — loses nothing: "a subscriber without demand loses
/// the value" holds for hot upstreams only.
@Suite struct DemandLimitedScenarioTests {
  /// A consumer busy 2 ticks after each element.
  static let slow: Int? = 2
  /// A consumer that keeps up.
  static let fast: Int? = nil

  @Test func oneAtATimeSubscriberOfAnInput() async throws {
    let input = ["abcd---|"]
    let pull = try await SlowConsumerRun.pull(
      input, consumers: [Self.slow], render: { $0 }, build: { $0[0] })
    let hot = try SlowConsumerRun.push(
      input, from: .hot, consumers: [Self.slow], render: { $0 }, build: { inputs, _ in inputs[0] })
    let cold = try SlowConsumerRun.push(
      input, from: .cold, consumers: [Self.slow], render: { $0 }, build: { inputs, _ in inputs[0] })
    #expect(pull == ["a-b-c-d-|"], "pull: every element, each when the consumer asks")
    #expect(hot == ["a-c----|"], "push, hot: b and d arrive without demand and are lost")
    #expect(cold == ["a-b-c-d|"], "push, cold: the input waits; the finish needs no demand")
  }

  @Test func oneAtATimeSubscriberOfCombineLatest() async throws {
    let inputs = ["abcd----|", "x-------|"]
    let pull = try await SlowConsumerRun.pull(
      inputs, consumers: [Self.slow], render: { "\($0.0)\($0.1)" },
      build: { combineLatest($0[0], $0[1]) })
    let hot = try SlowConsumerRun.push(
      inputs, from: .hot, consumers: [Self.slow], render: { "\($0.0)\($0.1)" },
      build: { inputs, _ in inputs[0].combineLatest(inputs[1]) })
    let cold = try SlowConsumerRun.push(
      inputs, from: .cold, consumers: [Self.slow], render: { "\($0.0)\($0.1)" },
      build: { inputs, _ in inputs[0].combineLatest(inputs[1]) })
    #expect(pull == ["'ax'-'bx'-'cx'-'dx'-|"], "pull: backpressure, one tuple per element")
    #expect(hot == ["'ax'-'cx'-----|"], "push, hot: the demand reaches the subjects, b and d lost")
    #expect(cold == ["'ax'-'bx'-'cx'-'dx'-|"], "push, cold: the inputs wait, as in pull")
  }

  @Test func slowSubscriberOfShareNextToAFastOne() async throws {
    // Quiet until tick 1: share connects at its first subscriber (see HarnessDifferenceTests).
    let input = ["-abcd---|"]
    let pull = try await SlowConsumerRun.pull(
      input, consumers: [Self.fast, Self.slow], render: { $0 }, build: { $0[0].share() })
    let hot = try SlowConsumerRun.push(
      input, from: .hot, consumers: [Self.fast, Self.slow], render: { $0 },
      build: { inputs, _ in inputs[0].share() })
    let cold = try SlowConsumerRun.push(
      input, from: .cold, consumers: [Self.fast, Self.slow], render: { $0 },
      build: { inputs, _ in inputs[0].share() })
    #expect(
      pull == ["-abc-d--|", "-a-b-c-d-|"],
      "pull, .bounded(1): lossless for both; the upstream waits for the slow consumer")
    #expect(
      hot == ["-abcd---|", "-a-c----|"],
      "push: the fast subscriber is unaffected; the slow one loses what came without demand")
    #expect(
      cold == hot,
      """
      push: share() itself is hot (a PassthroughSubject asks its upstream for everything once \
      any subscriber has demand), so a cold upstream changes nothing
      """)
  }
}
