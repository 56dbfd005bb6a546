extension ConformanceScenarios {
  /// Share rules 1, 2, 5 and 7: consumers registered at the ticks `share:` names. The first
  /// consumer registers before the input's first event: a cold `AsyncTestSource` and a hot
  /// `PassthroughSubject` differ before that (see docs/push-vs-pull.md).
  static let share: [ConformanceScenario] = [
    .agree(
      "share gives every consumer registered from the start every element",
      .share(consumers: [0, 0], replay: 0), ["a-b|"], "a-b|", "a-b|"),
    .agree(
      "share gives a late consumer only the elements after it registered",
      .share(consumers: [0, 2], replay: 0), ["ab-c-|"], "ab-c-|", "---c-|"),
    .agree(
      "share gives a consumer registered at an element's tick that element",
      .share(consumers: [0, 1], replay: 0), ["ab|"], "ab|", "-b|"),
    .agree(
      "share gives three consumers at three ticks what followed each registration",
      .share(consumers: [0, 2, 4], replay: 0), ["a-b-c-|"], "a-b-c-|", "--b-c-|", "----c-|"),
    .agree(
      "share connects the upstream at the first consumer, even after tick 0",
      .share(consumers: [2, 3], replay: 0), ["--ab-|"], "--ab-|", "---b-|"),
    .agree(
      "share gives a consumer registered in the finish's tick just the finish",
      .share(consumers: [0, 2], replay: 0), ["a-|"], "a-|", "--|"),
    .agree(
      "share gives a consumer registered after the finish just the finish",
      .share(consumers: [0, 3], replay: 0), ["a|"], "a|", "---|"),
    .agree(
      "share delivers a failure to every consumer",
      .share(consumers: [0, 0, 1], replay: 0), ["ab^"], "ab^", "ab^", "-b^"),
    .agree(
      "share gives a consumer registered after a failure just the failure",
      .share(consumers: [0, 3], replay: 0), ["a^"], "a^", "---^"),
    .agree(
      "share with replay changes nothing for consumers registered before any element",
      .share(consumers: [0, 0], replay: 1), ["ab|"], "ab|", "ab|"),
    .differ(
      "share replay gives a late consumer the last element first in pull; push has no replay",
      .share(consumers: [0, 2], replay: 1), ["ab-c|"],
      pull: ["ab-c|", "--bc|"], push: ["ab-c|", "---c|"], because: .shareReplayIsPullOnly),
    .differ(
      "share replay after the finish gives the replay then the finish in pull; push the finish",
      .share(consumers: [0, 5], replay: 2), ["abc|"],
      pull: ["abc|", "-----[bc|]"], push: ["abc|", "-----|"], because: .shareReplayIsPullOnly),
    .differ(
      "share replay after a failure gives the replay then the failure in pull; push the failure",
      .share(consumers: [0, 4], replay: 1), ["ab^"],
      pull: ["ab^", "----[b^]"], push: ["ab^", "----^"], because: .shareReplayIsPullOnly),
  ]

  /// StoppingAfter rules 2–4 where push has a twin: consumers that leave (`T-L`), on a hot input
  /// without `stop=`, and with `stop=0`, on a cold input that each run plays from its first tick
  /// (Combine's `share()` reconnects at once).
  static let shareWithLeaves: [ConformanceScenario] = [
    .agree(
      "share consumers that leave stop receiving; a later one gets what follows its registration",
      .shareWithLeaves(consumers: [0, 4], leaves: [2, nil], replay: 0, stop: nil), ["abcdef|"],
      "ab", "----ef|"),
    .agree(
      "share with stop=0 starts a cold upstream again for the consumer after the last one left",
      .shareWithLeaves(consumers: [0, 4], leaves: [2, nil], replay: 0, stop: 0), ["abcdef|"],
      "ab", "----abcdef|"),
    .agree(
      "share with stop=0 restarts for a consumer arriving at the instant the last one leaves",
      .shareWithLeaves(consumers: [0, 2], leaves: [2, nil], replay: 0, stop: 0), ["abc|"],
      "ab", "--abc|"),
    .agree(
      "share with stop=0 keeps its upstream while one consumer is left",
      .shareWithLeaves(consumers: [0, 0], leaves: [2, nil], replay: 0, stop: 0), ["abc|"],
      "ab", "abc|"),
    .agree(
      "share with stop=0 does not restart an upstream that has finished",
      .shareWithLeaves(consumers: [0, 4], leaves: [3, nil], replay: 0, stop: 0), ["ab|"],
      "ab|", "----|"),
  ]
}
