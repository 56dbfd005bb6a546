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
    case (.share(_, let replay), .push) where replay > 0:
      "replay=\(replay) (push has no replay: Combine's share() does not keep elements)"
    default:
      nil
    }
  }
}
