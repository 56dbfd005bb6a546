extension ConformanceScenarios {
  /// RemoveDuplicates rule 1: the engines agree on everything.
  static let removeDuplicates: [ConformanceScenario] = [
    .agree(
      "removeDuplicates drops an element equal to the last one emitted",
      .removeDuplicates, ["aab-bba|"], "a-b---a|"),
    .agree(
      "removeDuplicates keeps a repeated element that is not adjacent",
      .removeDuplicates, ["abab|"], "abab|"),
    .agree(
      "removeDuplicates drops duplicates within one tick",
      .removeDuplicates, ["[aab]b|"], "[ab]-|"),
    .agree(
      "removeDuplicates compares whole multi-character elements",
      .removeDuplicates, ["'ab''ab''ba'|"], "'ab'-'ba'|"),
    .agree(
      "removeDuplicates delivers a failure after dropped duplicates",
      .removeDuplicates, ["aa^"], "a-^"),
    .agree(
      "removeDuplicates of an empty input finishes when it does",
      .removeDuplicates, ["--|"], "--|"),
  ]
}
