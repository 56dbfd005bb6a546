extension ConformanceScenarios {
  /// Debounce rules 1–7, one by one, and Apple's documented example.
  static let debounce: [ConformanceScenario] = [
    .agree(
      "debounce emits the last element of each burst once the input has been quiet",
      .debounce(ticks: 3), ["abcd----e---f-g----|"], "------d----e-----g-|"),
    // Apple's documentation of debounce(for:scheduler:): interval 500 ms, values 0@0, 1@250,
    // 2@1000, 3@1250, 4@1500, 5@2000 ms, received 1@750, 4@2000, 5@2500. One tick is 250 ms.
    .agree(
      "debounce reproduces Apple's documented example: 1 at 750 ms, 4 at 2000, 5 at 2500",
      .debounce(ticks: 2), ["01--234-5"], "---1----4-5", tick: .milliseconds(250)),
    .agree(
      "debounce of Apple's example finishing at 5's deadline emits 5, then the finish",
      .debounce(ticks: 2), ["01--234-5-|"], "---1----4-[5|]", tick: .milliseconds(250)),
    .differ(
      "debounce of Apple's example finishing before 5's deadline: pull flushes 5, push drops it",
      .debounce(ticks: 2), ["01--234-5|"],
      pull: ["---1----4[5|]"], push: ["---1----4|"],
      because: .debounceFinishFlushesThePendingElement, tick: .milliseconds(250)),
    .agree(
      "debounce lets each element replace the pending one and restart the deadline",
      .debounce(ticks: 3), ["ab-c----|"], "------c-|"),
    .agree(
      "debounce emits the pending element when its deadline passes",
      .debounce(ticks: 3), ["a------|"], "---a---|"),
    .agree(
      "debounce emits the pending element before one arriving exactly at its deadline",
      .debounce(ticks: 3), ["a--b---|"], "---a--b|"),
    .agree(
      "debounce delays elements spaced wider than the interval by the interval",
      .debounce(ticks: 2), ["a--b--c---|"], "--a--b--c-|"),
    .agree(
      "debounce ends at once when the input finishes with nothing pending",
      .debounce(ticks: 3), ["a----|"], "---a-|"),
    .agree(
      "debounce emits the element due at the finish's tick before the finish",
      .debounce(ticks: 3), ["a--|"], "---[a|]"),
    .differ(
      "debounce at a finish with an element pending: pull flushes it at once, push drops it",
      .debounce(ticks: 3), ["ab-|"], pull: ["---[b|]"], push: ["---|"],
      because: .debounceFinishFlushesThePendingElement),
    .differ(
      "debounce at a finish in the tick of the last element: pull flushes it, push drops it",
      .debounce(ticks: 2), ["a-[b|]"], pull: ["--[ab|]"], push: ["--[a|]"],
      because: .debounceFinishFlushesThePendingElement),
    .agree(
      "debounce drops the pending element at a failure and fails at once",
      .debounce(ticks: 3), ["ab-^"], "---^"),
    .agree(
      "debounce keeps the elements emitted before a failure",
      .debounce(ticks: 3), ["a----^"], "---a-^"),
    .agree(
      "debounce with a zero interval passes every element through in order",
      .debounce(ticks: 0), ["[ab]-c|"], "[ab]-c|"),
    .agree(
      "debounce of an empty input finishes when it does",
      .debounce(ticks: 3), ["---|"], "---|"),
    .agree(
      "debounce of an input that never ends still emits its last element",
      .debounce(ticks: 3), ["a-b"], "-----b"),
  ]
}
