/// An asynchronous sequence that fails when its base keeps its consumer waiting too long; made by
/// ``_Concurrency/AsyncSequence/timeout(after:tolerance:clock:)`` (failing with
/// ``AsyncTimeoutError``) or ``_Concurrency/AsyncSequence/timeout(after:tolerance:clock:customError:)``.
///
/// ```swift
/// do {
///   for try await reading in sensor.timeout(after: .seconds(5), clock: ContinuousClock()) {
///     show(reading)
///   }
/// } catch {
///   showOffline()   // five seconds without a reading
/// }
/// ```
///
/// The rules (Timeout rules 1–3 of the Semantics article):
/// 1. Each `next()` that waits the interval without an element or the end throws the timeout
///    failure; the base is cancelled and every later `next()` returns `nil`. An element or the end
///    arriving exactly at the deadline comes after the timer: the timeout wins.
/// 2. A failure of the base is thrown at once. An interval of zero (or less) fails the first
///    `next()` that finds nothing ready.
/// 3. Combine's `timeout(_:scheduler:customError:)` agrees on every instant.
///
/// The base is read one element ahead of the consumer at most. Cancelling the consuming task (or
/// dropping the iterator) ends the iteration (`nil`) and cancels the base's read and the timer.
public struct AsyncTimeoutSequence<Base: AsyncSequence & Sendable, C: Clock, Failure: Error>:
  AsyncSequence, Sendable
where Base.Element: Sendable {
  /// The base's element.
  public typealias Element = Base.Element

  @usableFromInline typealias Machine = TimeoutStateMachine<
    Element, Failure, C.Instant, DrivenIteration<Element, Failure>.Consumer,
    DrivenIteration<Element, Failure>.Waiter
  >
  @usableFromInline typealias Storage = DrivenStorage<Base, Base, C, Machine>

  @usableFromInline let base: Base
  @usableFromInline let interval: C.Instant.Duration
  @usableFromInline let tolerance: C.Instant.Duration?
  @usableFromInline let clock: C
  @usableFromInline let timeoutFailure: @Sendable () -> Failure

  @inlinable
  init(
    base: Base, interval: C.Instant.Duration, tolerance: C.Instant.Duration?, clock: C,
    timeoutFailure: @escaping @Sendable () -> Failure
  ) {
    self.base = base
    self.interval = interval
    self.tolerance = tolerance
    self.clock = clock
    self.timeoutFailure = timeoutFailure
  }

  /// Creates an iterator. The base is not read until the iterator's first `next()`; the timeout
  /// failure is made now (a custom error closure is called once per iterator).
  ///
  /// ```swift
  /// var iterator = guarded.makeAsyncIterator()
  /// let first = try await iterator.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    let machine = Machine(interval: interval, timeoutFailure: timeoutFailure())
    return Iterator(
      owner: IteratorLifetime(
        Storage(
          base: base, other: nil, machine: machine, clock: clock, tolerance: tolerance,
          usesTimer: true)))
  }

  /// Produces the base's elements, or the timeout failure when one keeps it waiting too long.
  ///
  /// ```swift
  /// var iterator = input.timeout(after: .seconds(1)).makeAsyncIterator()
  /// while let value = try await iterator.next() { print(value) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let owner: IteratorLifetime<Storage>

    @inlinable
    init(owner: IteratorLifetime<Storage>) {
      self.owner = owner
    }

    /// The next element; throws the timeout failure when none came within the interval, or the
    /// base's failure; `nil` after the end, a failure, or once the consuming task is cancelled.
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

    /// The next element; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Throws ``AsyncTimeoutError`` when a `next()` waits `interval` on `clock` without an element
  /// or the end.
  ///
  /// ```swift
  /// // "a---b|" with a timeout of 2 ticks is "a-^": nothing came by tick 3.
  /// let guarded = input.timeout(after: .milliseconds(2), clock: testClock)
  /// ```
  ///
  /// See ``AsyncTimeoutSequence`` for the exact rules.
  ///
  /// - Parameters:
  ///   - interval: How long a `next()` may wait; zero or less fails the first `next()` that finds
  ///     nothing ready.
  ///   - tolerance: The leeway the clock may take when it wakes the timer; `nil` for its default.
  ///   - clock: The clock that measures the interval; inject a `TestClock` in tests.
  @inlinable
  public func timeout<C: Clock>(
    after interval: C.Instant.Duration, tolerance: C.Instant.Duration? = nil, clock: C
  ) -> AsyncTimeoutSequence<Self, C, any Error> {
    AsyncTimeoutSequence(
      base: self, interval: interval, tolerance: tolerance, clock: clock,
      timeoutFailure: { AsyncTimeoutError() })
  }

  /// Throws ``AsyncTimeoutError`` when a `next()` waits `interval` on the `ContinuousClock`
  /// without an element or the end.
  ///
  /// ```swift
  /// for try await reading in sensor.timeout(after: .seconds(5)) { show(reading) }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long a `next()` may wait.
  ///   - tolerance: The leeway the clock may take; `nil` for its default.
  @inlinable
  public func timeout(
    after interval: Duration, tolerance: Duration? = nil
  ) -> AsyncTimeoutSequence<Self, ContinuousClock, any Error> {
    timeout(after: interval, tolerance: tolerance, clock: ContinuousClock())
  }

  /// Throws `customError()` — of the base's own failure type, so the sequence keeps it — when a
  /// `next()` waits `interval` on `clock` without an element or the end (Combine's
  /// `timeout(_:scheduler:customError:)`).
  ///
  /// ```swift
  /// let guarded = requests.timeout(
  ///   after: .seconds(10), clock: ContinuousClock(), customError: { NetworkError.timedOut })
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long a `next()` may wait.
  ///   - tolerance: The leeway the clock may take; `nil` for its default.
  ///   - clock: The clock that measures the interval.
  ///   - customError: Makes the error thrown on a timeout; called once per iterator.
  @inlinable
  public func timeout<C: Clock>(
    after interval: C.Instant.Duration, tolerance: C.Instant.Duration? = nil, clock: C,
    customError: @escaping @Sendable () -> Failure
  ) -> AsyncTimeoutSequence<Self, C, Failure> {
    AsyncTimeoutSequence(
      base: self, interval: interval, tolerance: tolerance, clock: clock,
      timeoutFailure: customError)
  }

  /// Throws `customError()` when a `next()` waits `interval` on the `ContinuousClock` without an
  /// element or the end.
  ///
  /// ```swift
  /// let guarded = requests.timeout(after: .seconds(10), customError: { .timedOut })
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long a `next()` may wait.
  ///   - tolerance: The leeway the clock may take; `nil` for its default.
  ///   - customError: Makes the error thrown on a timeout; called once per iterator.
  @inlinable
  public func timeout(
    after interval: Duration, tolerance: Duration? = nil,
    customError: @escaping @Sendable () -> Failure
  ) -> AsyncTimeoutSequence<Self, ContinuousClock, Failure> {
    timeout(
      after: interval, tolerance: tolerance, clock: ContinuousClock(), customError: customError)
  }
}
