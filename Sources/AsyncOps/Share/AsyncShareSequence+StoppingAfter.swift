extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Broadcasts this sequence while it has consumers, and stops it once the last consumer has
  /// been gone for `stopDelay`; the next consumer starts it again. Kotlin's
  /// `SharingStarted.WhileSubscribed(stopTimeout)`.
  ///
  /// ```swift
  /// // A screen's data: kept running while the screen is rebuilt (a consumer leaves and another
  /// // arrives within five seconds), stopped when the screen is gone for good.
  /// let readings = sensor.readings.share(
  ///   replay: 1, stoppingAfter: .seconds(5), clock: ContinuousClock())
  /// ```
  ///
  /// The rules (docs/semantics.md, StoppingAfter rules 1–4), beside those of
  /// ``share(replay:bufferingPolicy:)``:
  /// - **The stop delay.** When the last consumer leaves, the upstream keeps running for
  ///   `stopDelay`; what it produces meanwhile feeds the replay. A consumer that arrives within
  ///   the delay continues on the same run (its replay first).
  /// - **The stop and the restart.** After the delay the upstream's task is cancelled. The next
  ///   consumer's first `next()` starts a new run: a new iteration of this sequence, from its
  ///   beginning. With `replay: n` that consumer first receives the last `n` elements of the
  ///   previous run: the replay survives a stop.
  /// - **One instant.** A consumer arriving at exactly the instant the delay ends starts a new
  ///   run. With a `stopDelay` of zero the upstream stops as the last consumer leaves.
  /// - **The end is final.** Once the upstream has finished or failed, later consumers receive
  ///   the replay and the end; it is not started again.
  /// - **Dropping the sequence** (the last copy of it gone, no consumer left) stops the
  ///   upstream at once, as for every share.
  ///
  /// - Parameters:
  ///   - replay: How many of the latest elements a new consumer receives first. Default: 0.
  ///   - bufferingPolicy: Each consumer's buffer. Default: `.bounded(1)`.
  ///   - stopDelay: How long the upstream keeps running after the last consumer left. Not
  ///     negative.
  ///   - clock: The clock the delay is measured on (a test clock in tests).
  /// - Returns: A `Sendable` shared sequence. Unlike ``share(replay:bufferingPolicy:)``, this
  ///   sequence must be `Sendable`: it is iterated again, from the upstream task, at each run.
  @inlinable
  public func share<C: Clock>(
    replay: Int = 0,
    bufferingPolicy: AsyncShareBufferingPolicy = .bounded(1),
    stoppingAfter stopDelay: C.Duration,
    clock: C
  ) -> AsyncShareSequence<Self> {
    precondition(stopDelay >= .zero, "share: stoppingAfter cannot be negative")
    let base = self
    let restart: ShareRestart =
      stopDelay == .zero
      ? .atOnce
      : .afterDelay(makeSleep: {
        let deadline = clock.now.advanced(by: stopDelay)
        return {
          do {
            try await clock.sleep(until: deadline, tolerance: nil)
            return true
          } catch {
            return false
          }
        }
      })
    return AsyncShareSequence(
      upstream: ShareUpstreamHandOff(making: { base.makeAsyncIterator() }), replay: replay,
      bufferingPolicy: bufferingPolicy, restart: restart)
  }

  /// Broadcasts this sequence while it has consumers, and stops it once the last consumer has
  /// been gone for `stopDelay` on the continuous clock; the next consumer starts it again. See
  /// ``share(replay:bufferingPolicy:stoppingAfter:clock:)``.
  ///
  /// ```swift
  /// let readings = sensor.readings.share(replay: 1, stoppingAfter: .seconds(5))
  /// ```
  @inlinable
  public func share(
    replay: Int = 0,
    bufferingPolicy: AsyncShareBufferingPolicy = .bounded(1),
    stoppingAfter stopDelay: Duration
  ) -> AsyncShareSequence<Self> {
    share(
      replay: replay, bufferingPolicy: bufferingPolicy, stoppingAfter: stopDelay,
      clock: ContinuousClock())
  }
}
