extension ConformanceScenarios {
  /// Timer rules 1–3: pull's `AsyncTimerSequence` against a
  /// `Timer.publish`-like publisher, both started at tick 0 and ended by the input's end.
  static let timer: [ConformanceScenario] = [
    .agree(
      "timer ticks at start + n × interval", .timer(ticks: 3), ["----------|"], "---x--x--x|"),
    .agree(
      "timer ticks every tick with an interval of one", .timer(ticks: 1), ["----|"], "-xxx[x|]"),
    .agree(
      "timer fires before the input's end at the same tick", .timer(ticks: 2), ["----|"],
      "--x-[x|]"),
    .agree(
      "timer ends with the input's failure", .timer(ticks: 2), ["-----^"], "--x-x^"),
  ]
}
