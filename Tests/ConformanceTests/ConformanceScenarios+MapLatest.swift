extension ConformanceScenarios {
  /// SEMANTICS.md "mapLatest", rules 1–4 on marbles; rule 6 says push's
  /// `map { Deferred { ... } }.switchToLatest()` agrees on every one. `mapLatest:N`'s transform
  /// answers its element N ticks later. (Rule 4's throwing transform and rule 5's cancellation
  /// are not marble events: AsyncOpsTests pins them on pull.)
  static let mapLatest: [ConformanceScenario] = [
    .agree(
      "mapLatest reproduces the SEMANTICS.md example",
      .mapLatest(ticks: 3), ["a-b----c|"], "-----b----[c|]"),
    // Rule 1.
    .agree(
      "mapLatest: a newer element cancels the running transform, whose result never comes (rule 1)",
      .mapLatest(ticks: 3), ["ab-----|"], "----b--|"),
    .agree(
      "mapLatest: each of several elements in one tick cancels the one before (rule 1)",
      .mapLatest(ticks: 2), ["[abc]---|"], "--c-|"),
    // Rule 2.
    .agree(
      "mapLatest emits a result when its transform completes (rule 2)",
      .mapLatest(ticks: 3), ["a---b---|"], "---a---b|"),
    .agree(
      "mapLatest with an instant transform emits each result in its element's tick (rule 2)",
      .mapLatest(ticks: 0), ["a-b-c|"], "a-b-c|"),
    // Rule 3.
    .agree(
      "mapLatest at a finish lets the running transform complete, then finishes (rule 3)",
      .mapLatest(ticks: 3), ["a|"], "---[a|]"),
    .agree(
      "mapLatest finishes at once with no transform running (rule 3)",
      .mapLatest(ticks: 1), ["a--|"], "-a-|"),
    // Rule 4.
    .agree(
      "mapLatest at a failure cancels the running transform and fails at once (rule 4)",
      .mapLatest(ticks: 3), ["a-^"], "--^"),
    .agree(
      "mapLatest keeps the results emitted before a failure (rule 4)",
      .mapLatest(ticks: 2), ["a--b^"], "--a-^"),
  ]
}
