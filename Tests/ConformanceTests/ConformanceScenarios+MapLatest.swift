extension ConformanceScenarios {
  /// MapLatest rules 1–4 on marbles; MapLatest rule 6 says push's
  /// `map { Deferred { ... } }.switchToLatest()` agrees on every one. `mapLatest:N`'s transform
  /// answers its element N ticks later. (The throwing transform of MapLatest rule 4 and the
  /// cancellation of MapLatest rule 5 are not marble events: AsyncOpsTests pins them on pull.)
  static let mapLatest: [ConformanceScenario] = [
    .agree(
      "mapLatest reproduces the example of Marble rule 3",
      .mapLatest(ticks: 3), ["a-b----c|"], "-----b----[c|]"),
    // MapLatest rule 1.
    .agree(
      "mapLatest: a newer element cancels the running transform, never emitted (MapLatest rule 1)",
      .mapLatest(ticks: 3), ["ab-----|"], "----b--|"),
    .agree(
      "mapLatest: each of several elements in one tick cancels the one before (MapLatest rule 1)",
      .mapLatest(ticks: 2), ["[abc]---|"], "--c-|"),
    // MapLatest rule 2.
    .agree(
      "mapLatest emits a result when its transform completes (MapLatest rule 2)",
      .mapLatest(ticks: 3), ["a---b---|"], "---a---b|"),
    .agree(
      "mapLatest, instant transform: each result at its element's tick (MapLatest rule 2)",
      .mapLatest(ticks: 0), ["a-b-c|"], "a-b-c|"),
    // MapLatest rule 3.
    .agree(
      "mapLatest at a finish lets the running transform complete, then finishes (MapLatest rule 3)",
      .mapLatest(ticks: 3), ["a|"], "---[a|]"),
    .agree(
      "mapLatest finishes at once with no transform running (MapLatest rule 3)",
      .mapLatest(ticks: 1), ["a--|"], "-a-|"),
    // MapLatest rule 4.
    .agree(
      "mapLatest at a failure cancels the running transform and fails at once (MapLatest rule 4)",
      .mapLatest(ticks: 3), ["a-^"], "--^"),
    .agree(
      "mapLatest keeps the results emitted before a failure (MapLatest rule 4)",
      .mapLatest(ticks: 2), ["a--b^"], "--a-^"),
  ]
}
