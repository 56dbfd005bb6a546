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
    case (.share(_, let replay), .push) where replay > 0:
      "replay=\(replay) (push has no replay: Combine's share() does not keep elements)"
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
  /// (SEMANTICS.md "debounce options"), and so does the `currentValue` channel, so there is
  /// nothing to compare. A `share` replay stays an
  /// error: its push line would silently show a different operator beside the pull line.
  public var leavesOutAnEngineThatLacksASetting: Bool {
    switch self {
    case .debounceWithOptions, .currentValue: true
    default: false
    }
  }
}
