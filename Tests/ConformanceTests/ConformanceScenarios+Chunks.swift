extension ConformanceScenarios {
  /// Chunks rules 1–4 and 8: pull's `chunks(ofCount:)`, `chunked(by: timer)` and
  /// `chunks(ofCount:or: timer)` against Combine's `collect(N)`, `collect(.byTime)` and
  /// `collect(.byTimeOrCount)`. No documented difference.
  static let chunks: [ConformanceScenario] = [
    .agree(
      "chunks emits a chunk as soon as it is full", .chunks(count: 3), ["abcdef|"],
      "--'abc'--'def'|"),
    .agree(
      "chunks emits the partial chunk at the end, then the end", .chunks(count: 3),
      ["abcde|"], "--'abc'--['de'|]"),
    .agree("chunks never emits an empty chunk at the end", .chunks(count: 2), ["ab|"], "-'ab'|"),
    .agree("chunks drops the partial chunk at a failure", .chunks(count: 3), ["ab^"], "--^"),
    .agree(
      "chunksByTime cuts at every tick of its timer, started at tick 0",
      .chunksByTime(ticks: 4), ["abc-def-gh---|"], "----'abc'---'def'---'gh'|"),
    .agree(
      "chunksByTime emits no empty chunk on a quiet tick", .chunksByTime(ticks: 2),
      ["--a---|"], "----a-|"),
    .agree(
      "chunksByTime fires its timer before the inputs of the same tick",
      .chunksByTime(ticks: 2), ["abcd|"], "--'ab'-['cd'|]"),
    .agree(
      "chunksByTime emits the partial chunk at the end", .chunksByTime(ticks: 10),
      ["ab-c|"], "----['abc'|]"),
    .agree(
      "chunksByTime drops the partial chunk at a failure", .chunksByTime(ticks: 4),
      ["ab---c^"], "----'ab'-^"),
    .agree(
      "chunksByTimeOrCount cuts at the count before the timer",
      .chunksByTimeOrCount(
        ticks: 8, count: 2), ["AB--A-B-|"], "-'AB'----'AB'-|"),
    .agree(
      "chunksByTimeOrCount cuts at the timer before the count",
      .chunksByTimeOrCount(ticks: 4, count: 3), ["ab--cdef|"], "----'ab'-'cde'-[f|]"),
    .agree(
      "chunksByTimeOrCount: a cut by count does not restart the timer",
      .chunksByTimeOrCount(ticks: 4, count: 2), ["abc-d|"], "-'ab'--c[d|]"),
  ]
}
