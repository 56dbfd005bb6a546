/// swift-async-algorithms' reducing throttle, kept for code that calls `_throttle(for:reducing:)`
/// or names `_AsyncThrottleSequence`: a pull-based rate limiter with no task of its own, usable on
/// any base (no `Sendable` needed).
///
/// ```swift
/// for await total in counts._throttle(for: .seconds(1), clock: clock, reducing: { ($0 ?? 0) + $1 }) {
///   print(total)   // at most one sum per second
/// }
/// ```
///
/// The rules: the first element is emitted as soon as it arrives. After that, the elements that
/// arrive are folded with `reducing` until one arrives at least `interval` after the previous
/// emission; the fold up to and including it is emitted then. When the base finishes with a fold
/// pending, the iterator waits out the rest of the interval and emits it. Elements are read only
/// while the consumer waits in `next()`, so a slow consumer slows the base.
///
/// For the time-driven throttle with trailing emission and cancellation rules of its own, use
/// ``_Concurrency/AsyncSequence/throttle(for:clock:latest:)``.
public struct _AsyncThrottleSequence<Base: AsyncSequence, C: Clock, Reduced>: AsyncSequence {
  /// The fold of the elements of one interval.
  public typealias Element = Reduced
  /// The base's failure (the fold itself cannot fail).
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let interval: C.Instant.Duration
  @usableFromInline let clock: C
  @usableFromInline let reducing: @Sendable (Reduced?, Base.Element) async -> Reduced

  @inlinable
  init(
    base: Base, interval: C.Instant.Duration, clock: C,
    reducing: @escaping @Sendable (Reduced?, Base.Element) async -> Reduced
  ) {
    self.base = base
    self.interval = interval
    self.clock = clock
    self.reducing = reducing
  }

  /// Creates an iterator over the folds.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      base: base.makeAsyncIterator(), interval: interval, clock: clock, reducing: reducing)
  }

  /// Produces one fold per interval; see ``_AsyncThrottleSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator?
    @usableFromInline let interval: C.Instant.Duration
    @usableFromInline let clock: C
    @usableFromInline let reducing: @Sendable (Reduced?, Base.Element) async -> Reduced
    /// When the previous fold was emitted; `nil` before the first.
    @usableFromInline var lastEmission: C.Instant?

    @inlinable
    init(
      base: Base.AsyncIterator, interval: C.Instant.Duration, clock: C,
      reducing: @escaping @Sendable (Reduced?, Base.Element) async -> Reduced
    ) {
      self.base = base
      self.interval = interval
      self.clock = clock
      self.reducing = reducing
    }

    /// The next fold; `nil` once the base has finished (after a pending fold) or thrown.
    ///
    /// Nonisolated, as swift-async-algorithms' is: the elements, which need not be `Sendable`,
    /// are handed to `reducing` from here.
    @inlinable
    public mutating func next() async throws(Failure) -> Reduced? {
      guard var iterator = base.take() else { return nil }
      var fold: Reduced?
      while true {
        // Left `nil` if this throws: every later call returns `nil`.
        guard let element = try await iterator.next(isolation: nil) else {
          if fold != nil, let lastEmission {
            let remaining = interval - lastEmission.duration(to: clock.now)
            if remaining > .zero { try? await clock.sleep(for: remaining) }
          }
          return fold
        }
        fold = await reducing(fold, element)
        let now = clock.now
        if let lastEmission, lastEmission.duration(to: now) < interval { continue }
        lastEmission = now
        base = iterator
        return fold
      }
    }
  }
}

extension _AsyncThrottleSequence: Sendable where Base: Sendable, C: Sendable {}

extension AsyncSequence {
  /// Emits at most one fold of the elements per `interval` of `clock`, as swift-async-algorithms'
  /// `_throttle(for:clock:reducing:)` does; see ``_AsyncThrottleSequence``.
  ///
  /// ```swift
  /// let totals = counts._throttle(for: .seconds(1), clock: clock) { ($0 ?? 0) + $1 }
  /// ```
  @inlinable
  public func _throttle<C: Clock, Reduced>(
    for interval: C.Instant.Duration, clock: C,
    reducing: @Sendable @escaping (Reduced?, Element) async -> Reduced
  ) -> _AsyncThrottleSequence<Self, C, Reduced> {
    _AsyncThrottleSequence(base: self, interval: interval, clock: clock, reducing: reducing)
  }

  /// Emits at most one fold of the elements per `interval` of the continuous clock; see
  /// ``_AsyncThrottleSequence``.
  ///
  /// ```swift
  /// let totals = counts._throttle(for: .seconds(1)) { ($0 ?? 0) + $1 }
  /// ```
  @inlinable
  public func _throttle<Reduced>(
    for interval: Duration, reducing: @Sendable @escaping (Reduced?, Element) async -> Reduced
  ) -> _AsyncThrottleSequence<Self, ContinuousClock, Reduced> {
    _throttle(for: interval, clock: ContinuousClock(), reducing: reducing)
  }

  /// swift-async-algorithms' `_throttle(for:clock:latest:)` for any base, `Sendable` or not:
  /// chosen when the base is not `Sendable` or the caller names `_AsyncThrottleSequence` (a
  /// `Sendable` base otherwise gets `throttle(for:clock:latest:)`'s time-driven throttle).
  ///
  /// ```swift
  /// let sampled: _AsyncThrottleSequence<Events, ContinuousClock, Event> =
  ///   events._throttle(for: .seconds(1), clock: ContinuousClock())
  /// ```
  @_disfavoredOverload
  @inlinable
  public func _throttle<C: Clock>(
    for interval: C.Instant.Duration, clock: C, latest: Bool = true
  ) -> _AsyncThrottleSequence<Self, C, Element> {
    _throttle(for: interval, clock: clock) { previous, element in
      latest ? element : (previous ?? element)
    }
  }

  /// swift-async-algorithms' `_throttle(for:latest:)` for any base on the continuous clock; see
  /// the overload with a clock.
  ///
  /// ```swift
  /// let sampled: _AsyncThrottleSequence<Events, ContinuousClock, Event> =
  ///   events._throttle(for: .seconds(1))
  /// ```
  @_disfavoredOverload
  @inlinable
  public func _throttle(
    for interval: Duration, latest: Bool = true
  ) -> _AsyncThrottleSequence<Self, ContinuousClock, Element> {
    _throttle(for: interval, clock: ContinuousClock(), latest: latest)
  }
}
