/// An asynchronous sequence that emits at most one element of its base per interval, the
/// trailing one on a timer; made by `throttle(for:clock:latest:)`.
///
/// ```swift
/// for await position in scrollPositions.throttle(for: .milliseconds(100), clock: ContinuousClock()) {
///   await loadVisibleRows(at: position)   // at most ten times a second
/// }
/// ```
///
/// The rules, for a throttle by `D`:
/// - The base is read continuously by the sequence's own task, not only while the consumer waits.
/// - An element that arrives while nothing is pending and at least `D` after the last emission
///   (or before any) is emitted at once. Otherwise it becomes pending, due at the last emission +
///   `D` — on a timer, not when a next element arrives. While an element is pending, `latest:
///   true` replaces it with each newer one; `latest: false` keeps the first.
/// - Every emission sets the last emission to its instant; a timer due at an instant fires before
///   that instant's elements.
/// - When the base finishes, a pending element is still emitted at its due instant, then the
///   finish; with nothing pending the finish comes at once.
/// - When the base fails, a pending element is dropped and the error is thrown at once — or by
///   the consumer's next `next()` when it is not waiting: an error is never lost.
/// - `D = 0` (or less) passes every element through. Cancelling the consuming task ends the
///   iteration (`nil`) and cancels the base's read and the timer; no task outlives the iterator.
///
/// The sequence's `Failure` is its base's: a non-throwing base gives a non-throwing sequence.
public struct AsyncThrottleSequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence,
  Sendable
where Base.Element: Sendable {
  /// The base's element.
  public typealias Element = Base.Element
  /// The base's failure: a throttled non-throwing sequence does not throw.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let interval: C.Instant.Duration
  @usableFromInline let clock: C
  @usableFromInline let latest: Bool

  @inlinable
  init(base: Base, interval: C.Instant.Duration, clock: C, latest: Bool) {
    self.base = base
    self.interval = interval
    self.clock = clock
    self.latest = latest
  }

  @usableFromInline typealias Machine = ThrottleStateMachine<
    Element, Failure, Timeline.Instant, UnsafeContinuation<Result<Element?, Failure>, Never>,
    UnsafeContinuation<Bool, Never>, Task<Void, Never>
  >
  /// The clock's own instants: an element during a burst costs one comparison, less than the
  /// conversion to an offset would (``ClockTimeline``).
  @usableFromInline typealias Timeline = ClockInstants<C>
  @usableFromInline typealias Storage = ClockDrivenStorage<Base, Timeline, Machine>
  /// Ends the iteration when the last copy of an iterator is dropped.
  @usableFromInline typealias Lifetime = IteratorLifetime<Storage>

  /// Creates an iterator. The base is not read until the iterator's first `next()`.
  ///
  /// ```swift
  /// var iterator = throttled.makeAsyncIterator()
  /// let first = await iterator.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    guard interval > .zero else {
      return Iterator(passingThrough: base.makeAsyncIterator())
    }
    let timeline = Timeline(clock: clock)
    let machine = Machine(interval: interval, origin: timeline.startingInstant, latest: latest)
    let storage = Storage(base: base, machine: machine, tolerance: nil, timeline: timeline)
    return Iterator(lifetime: Lifetime(storage))
  }

  /// Produces the throttled elements of the base.
  ///
  /// ```swift
  /// var iterator = input.throttle(for: .seconds(1), clock: clock).makeAsyncIterator()
  /// while let value = await iterator.next() { print(value) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    /// The base's iterator when the interval is zero (no throttling, no task); `nil` once it ended.
    @usableFromInline var passThrough: Base.AsyncIterator?
    @usableFromInline let lifetime: Lifetime?

    @inlinable
    init(passingThrough base: Base.AsyncIterator) {
      passThrough = base
      lifetime = nil
    }

    @inlinable
    init(lifetime: Lifetime) {
      passThrough = nil
      self.lifetime = lifetime
    }

    /// The next throttled element; `nil` once the base finished (after its pending element) or
    /// the consuming task was cancelled. Throws the base's failure.
    ///
    /// ```swift
    /// while let value = try await iterator.next(isolation: #isolation) { print(value) }
    /// ```
    @inlinable @inline(__always)
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      // Always inlined, as the storage's `next`: the consumer's fast path is then a synchronous
      // call in its own loop.
      // The storage is read without binding the lifetime: a strong copy held across the `await`
      // would cost a retain and a release per element.
      if let storage = lifetime?.unretainedStorage {
        return try await storage.next(isolation: actor)
      }
      guard !Task.isCancelled, var iterator = passThrough.take() else {
        passThrough = nil
        return nil
      }
      // Left `nil` when the base ends or throws: every later call returns `nil`.
      guard let element = try await iterator.next(isolation: actor) else { return nil }
      passThrough = iterator
      return element
    }

    /// The next throttled element; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits at most one element per `interval`, measured on `clock`: the first at once, the
  /// newest of the rest (or the first of them, with `latest: false`) when the interval since the
  /// last emission ends — on a timer, not when a next element arrives.
  ///
  /// ```swift
  /// // "abcdefgh-----i|" throttled by 3 ticks is "a--c--f--h---i|".
  /// let throttled = input.throttle(for: .milliseconds(3), clock: testClock)
  /// ```
  ///
  /// See ``AsyncThrottleSequence`` for the exact rules.
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two emissions. Zero or less passes every element
  ///     through.
  ///   - clock: The clock that measures the interval; inject a `TestClock` in tests.
  ///   - latest: While an element waits for the interval to end, `true` (the default) replaces it
  ///     with each newer element, `false` keeps it and drops the newer ones.
  @inlinable
  public func throttle<C: Clock>(
    for interval: C.Instant.Duration, clock: C, latest: Bool = true
  ) -> AsyncThrottleSequence<Self, C> {
    AsyncThrottleSequence(base: self, interval: interval, clock: clock, latest: latest)
  }

  /// Emits at most one element per `interval`, measured on the `ContinuousClock`.
  ///
  /// ```swift
  /// for await position in scrollPositions.throttle(for: .milliseconds(100)) {
  ///   await loadVisibleRows(at: position)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The shortest time between two emissions.
  ///   - latest: Keep the newest (`true`, the default) or the first (`false`) of the elements that
  ///     arrive while one waits.
  @inlinable
  public func throttle(
    for interval: Duration, latest: Bool = true
  ) -> AsyncThrottleSequence<Self, ContinuousClock> {
    throttle(for: interval, clock: ContinuousClock(), latest: latest)
  }
}
