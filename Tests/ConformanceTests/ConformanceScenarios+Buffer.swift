import MarbleEngines

extension ConformanceScenarios {
  /// Buffer rules 1–4 against Combine's `buffer(size:prefetch:whenFull:)`. A marble
  /// consumer takes each element at once, so nothing waits in the buffer and every policy passes
  /// the input through unchanged — in both engines, finish and failure included. (What a busy
  /// consumer sees is pinned down by the pull engine's own tests: `BufferTests`,
  /// `BufferCompatibilityTests`, and the push engine's `PushBufferTests`.)
  static let buffer: [ConformanceScenario] = [
    .agree(
      "buffer bounded passes every element through to a consumer that keeps up",
      .buffer(.bounded(2)), ["ab-c--de|"], "ab-c--de|"),
    .agree(
      "buffer unbounded passes every element through to a consumer that keeps up",
      .buffer(.unbounded), ["[ab]c-d|"], "[ab]c-d|"),
    .agree(
      "buffer latest keeps every element for a consumer that keeps up",
      .buffer(.latest(1)), ["abc-d|"], "abc-d|"),
    .agree(
      "buffer oldest keeps every element for a consumer that keeps up",
      .buffer(.oldest(1)), ["abc-d|"], "abc-d|"),
    .agree(
      "buffer delivers the failure after the elements, at its tick",
      .buffer(.bounded(3)), ["ab-^"], "ab-^"),
    .agree(
      "buffer of an input that finishes at once finishes at once",
      .buffer(.latest(2)), ["|"], "|"),
  ]
}
