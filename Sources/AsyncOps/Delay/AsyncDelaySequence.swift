/// An asynchronous sequence that hands on every event of its base a fixed interval after it
/// arrived; made by ``_Concurrency/AsyncSequence/delay(for:tolerance:clock:)``.
///
/// ```swift
/// // Show the spinner only for requests still running after 200 ms:
/// for await request in started.delay(for: .milliseconds(200), clock: ContinuousClock()) {
///   showSpinner(for: request)
/// }
/// ```
///
/// The rules (Delay rules 1–3 of the Semantics article):
/// 1. Every element is emitted at its arrival + the interval, in order, none dropped. The base is
///    read continuously by the sequence's own task, so a slow consumer does not slow it; a busy
///    consumer gets the elements that fell due, in order, when it asks.
/// 2. The finish, and a failure too, keep their place: each is delivered at its own arrival + the
///    interval, after every element before it. An interval of zero (or less) hands every event
///    on at its own instant.
/// 3. Combine's `delay(for:scheduler:)` agrees on every instant.
///
/// Cancelling the consuming task (or dropping the iterator) ends the iteration (`nil`) and
/// cancels the base's read and the timer; no task outlives the iterator. After the end or a
/// failure, `next()` returns `nil`.
public struct AsyncDelaySequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence, Sendable
where Base.Element: Sendable {
  /// The base's element.
  public typealias Element = Base.Element
  /// The base's failure: delaying a non-throwing sequence does not throw.
  public typealias Failure = Base.Failure

  @usableFromInline typealias Machine = DelayStateMachine<
    Element, Failure, C.Instant, DrivenIteration<Element, Failure>.Consumer,
    DrivenIteration<Element, Failure>.Waiter
  >
  @usableFromInline typealias Storage = DrivenStorage<Base, Base, C, Machine>

  @usableFromInline let base: Base
  @usableFromInline let interval: C.Instant.Duration
  @usableFromInline let tolerance: C.Instant.Duration?
  @usableFromInline let clock: C

  @inlinable
  init(base: Base, interval: C.Instant.Duration, tolerance: C.Instant.Duration?, clock: C) {
    self.base = base
    self.interval = interval
    self.tolerance = tolerance
    self.clock = clock
  }

  /// Creates an iterator. The base is not read until the iterator's first `next()`.
  ///
  /// ```swift
  /// var iterator = delayed.makeAsyncIterator()
  /// let first = try await iterator.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      owner: IteratorLifetime(
        Storage(
          base: base, other: nil, machine: Machine(interval: interval), clock: clock,
          tolerance: tolerance, usesTimer: true)))
  }

  /// Produces the base's events, each the interval after it arrived.
  ///
  /// ```swift
  /// var iterator = input.delay(for: .seconds(1)).makeAsyncIterator()
  /// while let value = try await iterator.next() { print(value) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let owner: IteratorLifetime<Storage>

    @inlinable
    init(owner: IteratorLifetime<Storage>) {
      self.owner = owner
    }

    /// The next element once it is due; `nil` after the end or a failure, or once the consuming
    /// task is cancelled. Throws the base's failure at its arrival + the interval.
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
      try await owner.unretainedStorage.next(isolation: actor)
    }

    /// The next element once it is due; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Hands on every element, the finish and a failure `interval` after each arrived, in order,
  /// measured on `clock`.
  ///
  /// ```swift
  /// // "ab--c|" delayed by 2 ticks is "--ab--c|":
  /// let delayed = input.delay(for: .milliseconds(2), clock: testClock)
  /// ```
  ///
  /// See ``AsyncDelaySequence`` for the exact rules.
  ///
  /// - Parameters:
  ///   - interval: How long each event is held; zero or less hands each on at once.
  ///   - tolerance: The leeway the clock may take when it wakes the timer; `nil` for the clock's
  ///     default.
  ///   - clock: The clock that measures the interval; inject a `TestClock` in tests.
  @inlinable
  public func delay<C: Clock>(
    for interval: C.Instant.Duration, tolerance: C.Instant.Duration? = nil, clock: C
  ) -> AsyncDelaySequence<Self, C> {
    AsyncDelaySequence(base: self, interval: interval, tolerance: tolerance, clock: clock)
  }

  /// Hands on every element, the finish and a failure `interval` after each arrived, measured on
  /// the `ContinuousClock`.
  ///
  /// ```swift
  /// for try await event in events.delay(for: .milliseconds(200)) { show(event) }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long each event is held.
  ///   - tolerance: The leeway the clock may take; `nil` for its default.
  @inlinable
  public func delay(
    for interval: Duration, tolerance: Duration? = nil
  ) -> AsyncDelaySequence<Self, ContinuousClock> {
    delay(for: interval, tolerance: tolerance, clock: ContinuousClock())
  }
}
