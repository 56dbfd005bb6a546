/// How a share stops and restarts its upstream, as `share(…, stoppingAfter:)` hands it to the
/// storage: one value, so that a stop delay always comes with the sleep that measures it.
@usableFromInline
enum ShareRestart: Sendable {
  /// Never: the upstream runs while the sequence can get a consumer (Share rule 6).
  case never
  /// Stopped as the last consumer leaves (a stop delay of zero).
  case atOnce
  /// Stopped after a delay: `makeSleep`, called as the last consumer leaves, reads the clock and
  /// returns the sleep until that instant plus the delay (`false` when cancelled first).
  case afterDelay(makeSleep: @Sendable () -> @Sendable () async -> Bool)

  /// The state machine's side of it.
  @inlinable
  var stopping: ShareStopping {
    switch self {
    case .never: .whenUnreachable
    case .atOnce: .atOnce
    case .afterDelay: .afterDelay
    }
  }

  /// The stop timer's sleep, for a delay.
  @inlinable
  var makeSleep: (@Sendable () -> @Sendable () async -> Bool)? {
    if case .afterDelay(let makeSleep) = self { makeSleep } else { nil }
  }
}
