extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// swift-async-algorithms' spelling of ``throttle(for:clock:latest:)``, which it ships
  /// underscored: code that calls `_throttle(for:clock:latest:)` compiles unchanged.
  ///
  /// ```swift
  /// let throttled = positions._throttle(for: .milliseconds(100), clock: clock, latest: false)
  /// ```
  ///
  /// The rules are AsyncOps' (see ``AsyncThrottleSequence``): the pending element is emitted by a
  /// timer when the interval ends, not when a next element arrives as in swift-async-algorithms.
  @inlinable
  public func _throttle<C: Clock>(
    for interval: C.Instant.Duration, clock: C, latest: Bool = true
  ) -> AsyncThrottleSequence<Self, C> {
    throttle(for: interval, clock: clock, latest: latest)
  }

  /// swift-async-algorithms' spelling of ``throttle(for:latest:)``, on the `ContinuousClock`.
  ///
  /// ```swift
  /// for await position in positions._throttle(for: .milliseconds(100)) { render(position) }
  /// ```
  @inlinable
  public func _throttle(
    for interval: Duration, latest: Bool = true
  ) -> AsyncThrottleSequence<Self, ContinuousClock> {
    throttle(for: interval, latest: latest)
  }
}
