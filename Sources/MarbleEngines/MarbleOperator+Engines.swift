extension MarbleOperator {
  /// The first setting of this operator that `engine` does not implement, in its command-line
  /// spelling with the reason (`nil` when the engine supports every setting used).
  ///
  /// One `case` per engine-specific setting: a new option (say `debounce:N:leading`, pull only)
  /// adds its line here, and `brew-search marbles` rejects it for the push engine by itself.
  ///
  /// ```swift
  /// MarbleOperator.share(consumers: [0], replay: 1).unsupportedSetting(on: .push)
  /// // "replay=1 (push has no replay: Combine's share() does not keep elements)"
  /// ```
  public func unsupportedSetting(on engine: MarbleEngine) -> String? {
    switch (self, engine) {
    case (.currentValue, .push):
      "the channel (pull only: the push engine's CurrentValueSubject is not drawn here)"
    case (.share(_, let replay), .push) where replay > 0,
      (.shareWithLeaves(_, _, let replay, _), .push) where replay > 0:
      "replay=\(replay) (push has no replay: Combine's share() does not keep elements)"
    case (.shareWithLeaves(_, _, _, let stop?), .push) where stop > 0:
      "stop=\(stop) (Combine's share() reconnects at once: only stop=0 has a push twin)"
    case (.retry(_, let backoff?), .push):
      "backoff=\(backoff) (Combine's retry has no delay)"
    case (.debounceWithOptions(_, let leading, let maxWait), .push):
      ([leading ? "leading" : nil, maxWait.map { "maxWait=\($0)" }].compactMap(\.self)
        .joined(separator: " and ")) + " (Combine's debounce has neither leading nor maxWait)"
    default:
      nil
    }
  }
}

extension MarbleOperator {
  /// Whether, with both engines asked for, an engine that lacks a setting is left out (with a
  /// note) instead of the command failing: the debounce options exist in pull only by design
  /// (Debounce rules 8–10), and so do the `currentValue` channel and a `share`
  /// replay, so there is nothing to compare. Every pull-only setting is treated alike; asking
  /// for the push engine alone is still an error.
  public var leavesOutAnEngineThatLacksASetting: Bool {
    switch self {
    case .debounceWithOptions, .currentValue: true
    case .share(_, let replay): replay > 0
    case .shareWithLeaves(_, _, let replay, let stop): replay > 0 || (stop ?? 0) > 0
    case .retry(_, let backoff): backoff != nil
    default: false
    }
  }

  /// The longest wait, in ticks, between an input event and the output it makes: the delay of
  /// `debounce`, `throttle`, `mapLatest`, a time-based chunking, a timer, and the longer of a
  /// debounce's interval and `maxWait`; 0 for the operators without a timer.
  ///
  /// ```swift
  /// MarbleOperator.throttle(ticks: 10_003, latest: true).longestDelay   // 10_003
  /// ```
  public var longestDelay: Int {
    switch self {
    case .debounce(let ticks), .throttle(let ticks, _), .mapLatest(let ticks): ticks
    case .debounceWithOptions(let ticks, _, let maxWait): max(ticks, maxWait ?? 0)
    case .chunksByTime(let ticks), .chunksByTimeOrCount(let ticks, _), .timer(let ticks): ticks
    case .timeout(let ticks), .delay(let ticks): ticks
    case .retry(_, let backoff): backoff ?? 0
    case .shareWithLeaves(_, _, _, let stop): stop ?? 0
    case .combineLatest, .removeDuplicates, .removeDuplicatesIgnoringCase, .share, .currentValue,
      .buffer, .fanIn, .chunks, .scan, .adjacentPairs, .withLatestFrom, .prefixUntil:
      0
    }
  }

  /// How long the runners let time run on after the last input tick: the runners' default of
  /// 10,000 ticks past the longest delay, so that no output is cut short.
  var drainTicks: Int { 10_000 + longestDelay }
}
