extension ConformanceScenarios {
  /// Throttle rules 1–6, one by one, with `latest: true` (`throttle:N`) and `latest: false`
  /// (`throttle:N:first`); Throttle rule 5 is the one documented difference.
  static let throttle: [ConformanceScenario] = [
    .agree(
      "throttle reproduces the example of Marble rule 3, keeping the latest waiting element",
      .throttle(ticks: 3, latest: true), ["abcdefgh-----i|"], "a--c--f--h---i|"),
    .agree(
      "throttle first reproduces the input of Marble rule 3, keeping the first waiting element",
      .throttle(ticks: 3, latest: false), ["abcdefgh-----i|"], "a--b--d--g---i|"),
    // Throttle rule 1.
    .agree(
      "throttle emits an element at once when idle and the interval has passed (Throttle rule 1)",
      .throttle(ticks: 3, latest: true), ["a---b|"], "a---b|"),
    .agree(
      "throttle emits the idle element before a later input of the same tick (Throttle rule 1)",
      .throttle(ticks: 3, latest: true), ["[ab]---|"], "a--b|"),
    .agree(
      "throttle emits at once an element arriving one interval after the last (Throttle rule 1)",
      .throttle(ticks: 3, latest: false), ["a--b|"], "a--b|"),
    // Throttle rule 2.
    .agree(
      "throttle emits a waiting element on a timer at last emission + interval (Throttle rule 2)",
      .throttle(ticks: 3, latest: true), ["ab------|"], "a--b----|"),
    .agree(
      "throttle latest replaces the waiting element with each newer one (Throttle rule 2)",
      .throttle(ticks: 3, latest: true), ["abc-----|"], "a--c----|"),
    .agree(
      "throttle first keeps the waiting element and drops the newer ones (Throttle rule 2)",
      .throttle(ticks: 3, latest: false), ["abc-----|"], "a--b----|"),
    // Throttle rule 3.
    .agree(
      "throttle fires the timer before an input of its tick, which then waits (Throttle rule 3)",
      .throttle(ticks: 3, latest: true), ["ab-c----|"], "a--b--c-|"),
    .agree(
      "throttle first: a timer emission restarts the interval (Throttle rule 3)",
      .throttle(ticks: 2, latest: false), ["abcde---|"], "a-b-c-e-|"),
    // Throttle rule 4.
    .agree(
      "throttle emits a waiting element at its due tick, then the finish there (Throttle rule 4)",
      .throttle(ticks: 3, latest: true), ["ab|"], "a--[b|]"),
    .agree(
      "throttle first at a finish also waits for the first waiting element (Throttle rule 4)",
      .throttle(ticks: 3, latest: false), ["abc|"], "a--[b|]"),
    .agree(
      "throttle finishes at once with nothing waiting (Throttle rule 4)",
      .throttle(ticks: 3, latest: true), ["a-|"], "a-|"),
    // Throttle rule 5.
    .differ(
      "throttle at a failure with an element waiting: pull fails now, push waits (Throttle rule 5)",
      .throttle(ticks: 3, latest: true), ["ab^"], pull: ["a-^"], push: ["a--[b^]"],
      because: .throttleFailureDropsThePendingElement),
    .differ(
      "throttle first at a failure, an element waiting: pull drops it, push waits (Throttle rule 5)",
      .throttle(ticks: 4, latest: false), ["abc^"], pull: ["a--^"], push: ["a---[b^]"],
      because: .throttleFailureDropsThePendingElement),
    .agree(
      "throttle fails at once with nothing waiting, in both engines (Throttle rule 5)",
      .throttle(ticks: 3, latest: true), ["a-^"], "a-^"),
    // Throttle rule 6.
    .agree(
      "throttle with a zero interval passes every element through in order (Throttle rule 6)",
      .throttle(ticks: 0, latest: true), ["[ab]-c|"], "[ab]-c|"),
    .agree(
      "throttle first with a zero interval passes every element through (Throttle rule 6)",
      .throttle(ticks: 0, latest: false), ["a[bc]|"], "a[bc]|"),
  ]
}
