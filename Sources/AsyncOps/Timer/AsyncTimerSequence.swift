/// An asynchronous sequence of the ticks of a repeating timer on any `Clock`: each element is the
/// clock's `now` when the tick is taken.
///
/// ```swift
/// for await now in AsyncTimerSequence(interval: .seconds(1), clock: ContinuousClock()) {
///   print("tick at", now)
/// }
/// ```
///
/// The rules, for an interval `I`:
/// - The timer starts at the iterator's first `next()`, at `start`; the n-th tick is due at
///   `start + n × I`. Deadlines never drift, however long the consumer takes between ticks.
/// - A consumer that asks after one or more deadlines passed gets one tick at once, for the
///   deadline it missed, not a burst: the following tick is due at the next deadline after now.
/// - The element is `clock.now` when the tick is taken: on a `TestClock` exactly the deadline.
/// - Cancelling the consuming task ends the sequence (`nil`), and every later `next()` returns
///   `nil` too. A zero or negative interval ticks at once on every `next()`.
///
/// It never throws (`Failure` is `Never`) and is `Sendable`; each iterator has its own start.
public struct AsyncTimerSequence<C: Clock>: AsyncSequence, Sendable {
  /// The clock's instant at which a tick was taken.
  public typealias Element = C.Instant
  /// A timer never fails.
  public typealias Failure = Never

  @usableFromInline let clock: C
  @usableFromInline let interval: C.Instant.Duration
  @usableFromInline let tolerance: C.Instant.Duration?

  /// Creates a timer that ticks every `interval` on `clock`.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let ticks = AsyncTimerSequence(interval: .milliseconds(10), clock: clock)
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The time between two deadlines.
  ///   - tolerance: The leeway the clock may take when sleeping until a deadline.
  ///   - clock: The clock that measures time; inject a `TestClock` in tests.
  @inlinable
  public init(interval: C.Instant.Duration, tolerance: C.Instant.Duration? = nil, clock: C) {
    self.clock = clock
    self.interval = interval
    self.tolerance = tolerance
  }

  /// Creates an iterator; its timer starts at its first `next()`.
  ///
  /// ```swift
  /// var ticks = AsyncTimerSequence(interval: .seconds(1), clock: clock).makeAsyncIterator()
  /// let first = await ticks.next()   // start + 1 s
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(clock: clock, interval: interval, tolerance: tolerance)
  }

  /// Produces the ticks of the timer.
  ///
  /// ```swift
  /// var ticks = AsyncTimerSequence.repeating(every: .seconds(1), clock: clock).makeAsyncIterator()
  /// while let now = await ticks.next() { print(now) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    /// `nil` once the iteration ended (cancelled): every later call returns `nil`.
    @usableFromInline var clock: C?
    @usableFromInline var schedule: TimerSchedule<C.Instant>
    @usableFromInline let tolerance: C.Instant.Duration?

    @inlinable
    init(clock: C, interval: C.Instant.Duration, tolerance: C.Instant.Duration?) {
      self.clock = clock
      self.schedule = TimerSchedule(interval: interval)
      self.tolerance = tolerance
    }

    /// Waits for the next deadline and returns the clock's `now`; `nil` once the consuming task
    /// was cancelled.
    ///
    /// ```swift
    /// let now = await ticks.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> C
      .Instant?
    {
      guard let clock else { return nil }
      let deadline = schedule.deadline(askedAt: clock.now)
      do {
        try Task.checkCancellation()
        try await clock.sleep(until: deadline, tolerance: tolerance)
      } catch {
        self.clock = nil
        return nil
      }
      let now = clock.now
      schedule.tookTick(at: now)
      return now
    }

    /// Waits for the next tick; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async -> C.Instant? {
      await next(isolation: nil)
    }
  }
}

extension AsyncTimerSequence {
  /// A timer that ticks every `interval` on `clock`.
  ///
  /// ```swift
  /// for await _ in AsyncTimerSequence.repeating(every: .milliseconds(100), clock: clock) {
  ///   await refresh()
  /// }
  /// // As a chunking signal, without naming the type:
  /// let batches = events.chunked(by: .repeating(every: .milliseconds(10), clock: clock))
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The time between two deadlines.
  ///   - tolerance: The leeway the clock may take when sleeping until a deadline.
  ///   - clock: The clock that measures time.
  @inlinable
  public static func repeating(
    every interval: C.Instant.Duration, tolerance: C.Instant.Duration? = nil, clock: C
  ) -> AsyncTimerSequence<C> {
    AsyncTimerSequence(interval: interval, tolerance: tolerance, clock: clock)
  }
}

extension AsyncTimerSequence where C == SuspendingClock {
  /// A timer that ticks every `interval` on the `SuspendingClock`.
  ///
  /// ```swift
  /// for await _ in AsyncTimerSequence.repeating(every: .seconds(5)) {
  ///   await poll()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The time between two deadlines.
  ///   - tolerance: The leeway the clock may take when sleeping until a deadline.
  @inlinable
  public static func repeating(
    every interval: Duration, tolerance: Duration? = nil
  ) -> AsyncTimerSequence<SuspendingClock> {
    AsyncTimerSequence(interval: interval, tolerance: tolerance, clock: SuspendingClock())
  }
}
