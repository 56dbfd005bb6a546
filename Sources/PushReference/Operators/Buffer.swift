extension Publishers {
  /// How ``Publishers/Buffer`` asks its upstream for values.
  ///
  /// ```swift
  /// numbers.buffer(size: 4, prefetch: .keepFull, whenFull: .dropOldest)
  /// ```
  public enum PrefetchStrategy: Hashable, Sendable {
    /// Asks for `size` values at subscription, then one more for each value delivered
    /// downstream: the buffer is kept full.
    case keepFull
    /// Asks the upstream for everything at subscription (Combine does so; the buffer, not the
    /// upstream, then holds what the downstream has not asked for).
    case byRequest
  }

  /// What ``Publishers/Buffer`` does with a value that arrives while `size` values wait.
  ///
  /// ```swift
  /// readings.buffer(size: 1, prefetch: .byRequest, whenFull: .dropOldest)   // the newest only
  /// ```
  public enum BufferingStrategy<Failure: Error> {
    /// The new value is dropped.
    case dropNewest
    /// The oldest waiting value is dropped and the new one kept.
    case dropOldest
    /// The buffer fails with the closure's error, and cancels the upstream.
    case customError(() -> Failure)
  }

  /// A publisher that holds up to `size` of its upstream's values until the downstream asks for
  /// them: Combine's `buffer(size:prefetch:whenFull:)`.
  ///
  /// ```swift
  /// let buffered = Publishers.Buffer(
  ///   upstream: subject, size: 2, prefetch: .byRequest, whenFull: .dropNewest)
  /// ```
  ///
  /// The rules (Combine's, as OpenCombine documents them):
  /// - Values the downstream has asked for pass at once; the others wait in the buffer, in order.
  /// - A value that arrives while `size` values wait is handled by `whenFull`.
  /// - A finish waits behind the buffered values. A failure also waits while the downstream has
  ///   demand; while it has none, the failure is delivered at once and the buffered values are
  ///   dropped (the pull `buffer` always delivers them first).
  public struct Buffer<Upstream: Publisher>: Publisher {
    /// The output type is the upstream's.
    public typealias Output = Upstream.Output
    /// The failure type is the upstream's.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are buffered.
    public let upstream: Upstream
    /// The most values held at once.
    public let size: Int
    /// How the upstream is asked for values.
    public let prefetch: PrefetchStrategy
    /// What happens to a value that arrives while the buffer is full.
    public let whenFull: BufferingStrategy<Failure>

    /// Creates a publisher that buffers up to `size` of `upstream`'s values.
    public init(
      upstream: Upstream, size: Int, prefetch: PrefetchStrategy,
      whenFull: BufferingStrategy<Failure>
    ) {
      self.upstream = upstream
      self.size = size
      self.prefetch = prefetch
      self.whenFull = whenFull
    }

    /// Attaches `subscriber` through a buffer of its own.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        BufferSubscription(
          downstream: subscriber, size: size, prefetch: prefetch, whenFull: whenFull))
    }
  }
}

extension Publisher {
  /// Holds up to `size` values until the downstream asks for them.
  ///
  /// ```swift
  /// events.buffer(size: 100, prefetch: .keepFull, whenFull: .dropOldest)
  /// ```
  ///
  /// - Parameters:
  ///   - size: The most values held at once.
  ///   - prefetch: `.keepFull` asks the upstream for `size` values and keeps the buffer full;
  ///     `.byRequest` asks it for everything.
  ///   - whenFull: `.dropNewest`, `.dropOldest`, or `.customError` to fail.
  public func buffer(
    size: Int, prefetch: Publishers.PrefetchStrategy,
    whenFull: Publishers.BufferingStrategy<Failure>
  ) -> Publishers.Buffer<Self> {
    Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
  }
}
