import AsyncOps
import AsyncOpsTesting
import Testing

/// One marble scenario: the inputs (one per base), the expected output, and the sources expected
/// to be cancelled by the operator (rather than finishing on their own).
struct CombineLatestScenario: Sendable, CustomTestStringConvertible {
  var inputs: [String]
  var expected: String
  var cancelled: Set<Int> = []

  var testDescription: String { "\(inputs.count) bases: \(inputs) → \(expected)" }
}

/// CombineLatest rules 1–4 (pull) as marbles, each at arity 2, 3, 4 and 6.
@Suite struct CombineLatestMarbleTests {
  private func check(_ scenario: CombineLatestScenario) async throws {
    let run = try await runCombinedMarbles(scenario.inputs)
    if let mismatch = MarbleMismatch(expected: scenario.expected, actual: run.output) {
      throw mismatch
    }
    let expectedCancellations = scenario.inputs.indices.map {
      scenario.cancelled.contains($0) ? 1 : 0
    }
    #expect(run.cancellations == expectedCancellations)
  }

  @Test func theTwoBaseExampleFromTheSpecification() async throws {
    let render: @Sendable ((String, String)) -> String = { "\($0.0)\($0.1)" }
    try await expectMarbles(["a-b-c-|", "-x-y-z|"], "-'ax''bx''by''cy''cz'|", render: render) {
      inputs, _ in
      combineLatest(inputs[0], inputs[1])
    }
  }

  @Test(arguments: [
    CombineLatestScenario(inputs: ["a-b-c-|", "-x-y-z|"], expected: "-'ax''bx''by''cy''cz'|"),
    CombineLatestScenario(inputs: ["ab--c|", "-x---|", "---p-|"], expected: "---'bxp''cxp'|"),
    CombineLatestScenario(
      inputs: ["a---|", "-b--|", "--c-|", "---d|"], expected: "---'abcd'|"),
    CombineLatestScenario(
      inputs: ["a-----|", "-b----|", "--c---|", "---d--|", "----e-|", "-----f|"],
      expected: "-----'abcdef'|"),
  ])
  func nothingIsEmittedUntilEveryBaseHasProduced(_ scenario: CombineLatestScenario) async throws {
    try await check(scenario)
  }

  @Test(arguments: [
    CombineLatestScenario(inputs: ["a-b--c|", "x--y--|"], expected: "'ax'-'bx''by'-'cy'|"),
    CombineLatestScenario(
      inputs: ["a-b--|", "x--y-|", "p---q|"], expected: "'axp'-'bxp''byp''byq'|"),
    CombineLatestScenario(
      inputs: ["a-b---|", "c--d--|", "e---f-|", "g----h|"],
      expected: "'aceg'-'bceg''bdeg''bdfg''bdfh'|"),
    CombineLatestScenario(
      inputs: ["a-b-----|", "c--d----|", "e---f---|", "g----h--|", "i-----j-|", "k------l|"],
      expected: "'acegik'-'bcegik''bdegik''bdfgik''bdfhik''bdfhjk''bdfhjl'|"),
  ])
  func everyElementAfterTheFirstTupleYieldsExactlyOneTuple(
    _ scenario: CombineLatestScenario
  ) async throws {
    try await check(scenario)
  }

  @Test(arguments: [
    CombineLatestScenario(inputs: ["a-b|", "x-y|"], expected: "'ax'-['bx''by']|"),
    CombineLatestScenario(
      inputs: ["a-[bc]|", "x-y|", "p-q|"], expected: "'axp'-['bxp''cxp''cyp''cyq']|"),
    CombineLatestScenario(
      inputs: ["a-b|", "c-d|", "e-f|", "g-h|"],
      expected: "'aceg'-['bceg''bdeg''bdfg''bdfh']|"),
    CombineLatestScenario(
      inputs: ["a-b|", "c-d|", "e-f|", "g-h|", "i-j|", "k-l|"],
      expected: "'acegik'-['bcegik''bdegik''bdfgik''bdfhik''bdfhjk''bdfhjl']|"),
  ])
  func sameInstantElementsYieldOneTupleEachInArgumentOrder(
    _ scenario: CombineLatestScenario
  ) async throws {
    try await check(scenario)
  }

  @Test(arguments: [
    CombineLatestScenario(inputs: ["a|", "-x-y--|"], expected: "-'ax'-'ay'--|"),
    CombineLatestScenario(inputs: ["a|", "-x|", "--p-q--|"], expected: "--'axp'-'axq'--|"),
    CombineLatestScenario(
      inputs: ["a|", "-b--|", "--c|", "---d-e|"], expected: "---'abcd'-'abce'|"),
    CombineLatestScenario(
      inputs: ["a|", "b|", "c|", "d|", "e|", "-f-g-|"], expected: "-'abcdef'-'abcdeg'-|"),
  ])
  func itFinishesOnlyWhenEveryBaseHasFinished(_ scenario: CombineLatestScenario) async throws {
    try await check(scenario)
  }

  @Test(arguments: [
    CombineLatestScenario(inputs: ["a-b-c-", "--|"], expected: "--|", cancelled: [0]),
    CombineLatestScenario(
      inputs: ["a-b-c", "x-y-z", "---|"], expected: "---|", cancelled: [0, 1]),
    CombineLatestScenario(
      inputs: ["a---", "b|", "--|", "d---"], expected: "--|", cancelled: [0, 3]),
    CombineLatestScenario(
      inputs: ["a----", "b----", "c----", "d----", "e----", "---|"], expected: "---|",
      cancelled: [0, 1, 2, 3, 4]),
  ])
  func aBaseFinishingWithoutProducingEndsAtOnceAndCancelsTheOthers(
    _ scenario: CombineLatestScenario
  ) async throws {
    try await check(scenario)
  }

  @Test(arguments: [
    CombineLatestScenario(inputs: ["a-b-c-", "-x-^"], expected: "-'ax''bx'^", cancelled: [0]),
    CombineLatestScenario(
      inputs: ["a-b-c-", "-x-y-", "--p-^"], expected: "--'bxp''byp'['cyp'^]",
      cancelled: [0, 1]),
    CombineLatestScenario(
      inputs: ["a--b--", "-c-^", "--e---", "d-----"], expected: "--'aced'['bced'^]",
      cancelled: [0, 2, 3]),
    CombineLatestScenario(
      inputs: ["a---", "b---", "c---", "d---", "e---", "f-g^"], expected: "'abcdef'-'abcdeg'^",
      cancelled: [0, 1, 2, 3, 4]),
  ])
  func aFailureComesAfterTheTuplesAlreadyProducedAndCancelsTheOthers(
    _ scenario: CombineLatestScenario
  ) async throws {
    try await check(scenario)
  }

  @Test(arguments: [
    CombineLatestScenario(inputs: ["a---", "--^"], expected: "--^", cancelled: [0]),
    CombineLatestScenario(
      inputs: ["a---", "-^", "c---", "d---", "e---", "f---"], expected: "-^",
      cancelled: [0, 2, 3, 4, 5]),
  ])
  func aFailureBeforeTheFirstTupleIsThrownAtOnce(_ scenario: CombineLatestScenario) async throws {
    try await check(scenario)
  }
}
