extension ConformanceScenarios {
  /// Algorithms rule 1: `reductions` (pull) and Combine's `scan` (push), and
  /// `adjacentPairs` against what a Combine user writes for it, agree on everything.
  static let scan: [ConformanceScenario] = [
    .agree(
      "scan emits the running concatenation at each element's tick",
      .scan, ["a-b-c|"], "a-'ab'-'abc'|"),
    .agree(
      "scan emits one result per element within one tick",
      .scan, ["[ab]c|"], "[a'ab']'abc'|"),
    .agree(
      "scan delivers a failure after the results before it",
      .scan, ["ab^"], "a'ab'^"),
    .agree(
      "scan of an empty input finishes when it does",
      .scan, ["--|"], "--|"),
    .agree(
      "adjacentPairs emits each element with the one before it",
      .adjacentPairs, ["a-b-c|"], "--'ab'-'bc'|"),
    .agree(
      "adjacentPairs of one element emits nothing",
      .adjacentPairs, ["a-|"], "--|"),
    .agree(
      "adjacentPairs delivers a failure after the pairs before it",
      .adjacentPairs, ["ab-^"], "-'ab'-^"),
  ]
}
