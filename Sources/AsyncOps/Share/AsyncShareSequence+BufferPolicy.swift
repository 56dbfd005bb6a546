extension AsyncShareBufferingPolicy {
  /// The share policy with the same meaning as a buffer policy: swift-async-algorithms' `share`
  /// takes an ``AsyncBufferSequencePolicy``.
  @inlinable
  init(_ policy: AsyncBufferSequencePolicy) {
    switch policy.policy {
    case .bounded(let limit): self = .bounded(limit)
    case .unbounded: self = .unbounded
    case .bufferingLatest(let limit): self = .bufferingNewest(limit)
    case .bufferingOldest(let limit): self = .bufferingOldest(limit)
    }
  }
}

extension AsyncSequence where Self: SendableMetatype, Element: Sendable {
  /// swift-async-algorithms' spelling of `share` with a policy value of its buffer's policy type,
  /// for code that passes an ``AsyncBufferSequencePolicy`` it holds in a variable (a policy
  /// written in place, `.bounded(1)`, takes `share(replay:bufferingPolicy:)` directly).
  ///
  /// ```swift
  /// let policy: AsyncBufferSequencePolicy = .bufferingLatest(4)
  /// let prices = ticks.share(bufferingPolicy: policy)
  /// ```
  @_disfavoredOverload
  @inlinable
  public func share(bufferingPolicy: AsyncBufferSequencePolicy) -> AsyncShareSequence<Self> {
    share(bufferingPolicy: AsyncShareBufferingPolicy(bufferingPolicy))
  }
}
