extension ConformanceScenarios {
  /// docs/semantics.md "Past swift-async-algorithms": withLatestFrom (against RxSwift's semantics),
  /// timeout (with a custom error), delay, prefix(untilOutputFrom:) and retry agree on both
  /// engines, rule by rule.
  static let pastSAA: [ConformanceScenario] = withLatestFrom + timeout + delay + prefixUntil + retry

  static let withLatestFrom: [ConformanceScenario] = [
    .agree(
      "withLatestFrom pairs each element with the other's latest (WithLatestFrom rules 1 and 2)",
      .withLatestFrom, ["-a--b-c|", "x--y---"], "-'ax'--'by'-'cy'|"),
    .agree(
      "withLatestFrom drops an element that comes before the other has produced (WithLatestFrom rule 2)",
      .withLatestFrom, ["a-b|", "-x"], "--'bx'|"),
    .agree(
      "withLatestFrom pairs an element with the other's latest from before its instant (WithLatestFrom rule 3)",
      .withLatestFrom, ["-a-b|", "-x-y"], "---'bx'|"),
    .agree(
      "withLatestFrom keeps pairing with the latest after the other finishes (WithLatestFrom rule 4)",
      .withLatestFrom, ["-a--b|", "x|"], "-'ax'--'bx'|"),
    .agree(
      "withLatestFrom drops every element when the other finished empty (WithLatestFrom rule 4)",
      .withLatestFrom, ["ab|", "|"], "--|"),
    .agree(
      "withLatestFrom ends at once when the other fails (WithLatestFrom rule 4)",
      .withLatestFrom, ["a--b|", "x-^"], "--^"),
    .agree(
      "withLatestFrom ends at once when its base fails (WithLatestFrom rule 4)",
      .withLatestFrom, ["-a^", "x"], "-'ax'^"),
  ]

  static let timeout: [ConformanceScenario] = [
    .agree(
      "timeout fails when the source is quiet for the interval after an element (Timeout rule 1)",
      .timeout(ticks: 3), ["a-b----c|"], "a-b--^"),
    .agree(
      "timeout fails the interval after the start when nothing comes (Timeout rule 1)",
      .timeout(ticks: 2), ["---a|"], "--^"),
    .agree(
      "timeout wins over an element arriving exactly at the deadline (Timeout rule 1)",
      .timeout(ticks: 3), ["a--b|"], "a--^"),
    .agree(
      "timeout passes every element and the finish that come in time (Timeout rule 1)",
      .timeout(ticks: 3), ["a-b-c|"], "a-b-c|"),
    .agree(
      "timeout delivers the source's failure at once (Timeout rule 2)",
      .timeout(ticks: 5), ["a-^"], "a-^"),
    .agree(
      "timeout of zero fails at the first next (Timeout rule 2)",
      .timeout(ticks: 0), ["a|"], "^"),
  ]

  static let delay: [ConformanceScenario] = [
    .agree(
      "delay emits every element its interval after its arrival (Delay rule 1)",
      .delay(ticks: 2), ["ab--c|"], "--ab--c|"),
    .agree(
      "delay keeps elements of one instant together and in order (Delay rule 1)",
      .delay(ticks: 1), ["[ab]-|"], "-[ab]-|"),
    .agree(
      "delay delivers a failure at its own arrival plus the interval (Delay rule 2)",
      .delay(ticks: 2), ["a^"], "--a^"),
    .agree(
      "delay of zero passes every event through in its own instant (Delay rule 2)",
      .delay(ticks: 0), ["ab-|"], "ab-|"),
  ]

  static let prefixUntil: [ConformanceScenario] = [
    .agree(
      "prefixUntil finishes when the other produces, after the element of that instant (PrefixUntil rule 1)",
      .prefixUntil, ["abcdef|", "---x"], "abc[d|]"),
    .agree(
      "prefixUntil finishes at once when the other produces at the start (PrefixUntil rule 1)",
      .prefixUntil, ["abc|", "x"], "[a|]"),
    .agree(
      "prefixUntil ignores the other finishing without an element (PrefixUntil rule 2)",
      .prefixUntil, ["ab-c|", "-|"], "ab-c|"),
    .agree(
      "prefixUntil ignores the other failing without an element (PrefixUntil rule 2)",
      .prefixUntil, ["ab-c|", "-^"], "ab-c|"),
    .agree(
      "prefixUntil delivers its base's failure (PrefixUntil rule 2)",
      .prefixUntil, ["a-^", "----x"], "a-^"),
  ]

  static let retry: [ConformanceScenario] = [
    .agree(
      "retry starts the cold source again at the instant of each failure (Retry rules 1 and 2)",
      .retry(attempts: 2, backoff: nil), ["ab^"], "ababab^"),
    .agree(
      "retry plays input k on attempt k: fails twice, then succeeds (Retry rule 3)",
      .retry(attempts: 2, backoff: nil), ["a^", "b^", "c|"], "abc|"),
    .agree(
      "retry delivers the failure after its last attempt (Retry rule 1)",
      .retry(attempts: 1, backoff: nil), ["a^", "b^", "c|"], "ab^"),
    .agree(
      "retry of zero delivers the first failure (Retry rule 1)",
      .retry(attempts: 0, backoff: nil), ["a^"], "a^"),
    .agree(
      "retry ends with a source that finishes (Retry rule 1)",
      .retry(attempts: 3, backoff: nil), ["ab|"], "ab|"),
  ]
}
