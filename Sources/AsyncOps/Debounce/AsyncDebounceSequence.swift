/// An asynchronous sequence that emits an element of its base only once the base has been quiet
/// for a given interval; made by
/// `debounce(for:tolerance:clock:leading:maxWait:)`.
///
/// ```swift
/// let queries = searchText.debounce(for: .milliseconds(300), clock: ContinuousClock())
/// for await query in queries {
///   await search(query)   // once the user stops typing for 300 ms
/// }
/// ```
///
/// The rules, for a debounce by `D`:
/// - The base is read continuously by the sequence's own task, not only while the consumer
///   waits: an element arrives when the base produces it, whatever the consumer is doing.
/// - Each element replaces the pending one; its deadline is its arrival + `D`. When the deadline
///   passes with no newer element, the pending element is emitted. A consumer that was busy then
///   gets it as soon as it asks again — never an older one. An element arriving exactly at the
///   deadline comes after it: the pending element is emitted first.
/// - When the base finishes, the pending element is emitted at once, then the finish.
/// - When the base fails, the pending element is dropped and the error is thrown at once — or by
///   the consumer's next `next()` when it is not waiting: an error is never lost. (An element
///   already emitted but not yet taken by a busy consumer is delivered before the error.)
/// - `D = 0` (or less) passes every element through, in order, without a task.
/// - With `leading: true`, the element that starts a burst is emitted at once; with `maxWait: M`,
///   no deadline of a burst is later than the burst's start + `M`.
/// - Cancelling the consuming task ends the iteration (`nil`) and cancels the base's read and the
///   timer at once; dropping the iterator does the same. No task outlives the iterator.
///
/// The sequence's `Failure` is its base's: a non-throwing base gives a non-throwing sequence.
public struct AsyncDebounceSequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence,
  Sendable
where Base.Element: Sendable {
  /// The base's element.
  public typealias Element = Base.Element
  /// The base's failure: a debounced non-throwing sequence does not throw.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let interval: C.Instant.Duration
  @usableFromInline let tolerance: C.Instant.Duration?
  @usableFromInline let clock: C
  @usableFromInline let leading: Bool
  @usableFromInline let maxWait: C.Instant.Duration?

  @inlinable
  init(
    base: Base, interval: C.Instant.Duration, tolerance: C.Instant.Duration?, clock: C,
    leading: Bool = false, maxWait: C.Instant.Duration? = nil
  ) {
    self.base = base
    self.interval = interval
    self.tolerance = tolerance
    self.clock = clock
    self.leading = leading
    self.maxWait = maxWait
  }

  /// Creates an iterator. The base is not read until the iterator's first `next()`.
  ///
  /// ```swift
  /// var iterator = debounced.makeAsyncIterator()
  /// let first = await iterator.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    guard interval > .zero else {
      return Iterator(passingThrough: base.makeAsyncIterator())
    }
    let timeline = Timeline(clock: clock)
    let machine = Machine(
      interval: interval, origin: timeline.startingInstant, leading: leading, maxWait: maxWait)
    let storage = Storage(
      base: base, machine: machine, tolerance: tolerance, timeline: timeline)
    return Iterator(lifetime: Lifetime(storage))
  }

  @usableFromInline typealias Machine = DebounceStateMachine<
    Element, Failure, Timeline.Instant, UnsafeContinuation<Result<Element?, Failure>, Never>,
    UnsafeContinuation<Bool, Never>, Task<Void, Never>
  >
  /// Offsets, not the clock's instants: each element compares, advances and stores a deadline
  /// (``ClockTimeline``).
  @usableFromInline typealias Timeline = ClockOffsets<C>
  @usableFromInline typealias Storage = ClockDrivenStorage<Base, Timeline, Machine>
  /// Ends the iteration when the last copy of an iterator is dropped.
  @usableFromInline typealias Lifetime = IteratorLifetime<Storage>

  /// Produces the debounced elements of the base.
  ///
  /// ```swift
  /// var iterator = input.debounce(for: .seconds(1), clock: clock).makeAsyncIterator()
  /// while let value = await iterator.next() { print(value) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    /// The base's iterator when the interval is zero (no debouncing, no task); `nil` once it ended.
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

    /// The next debounced element; `nil` once the base finished (after its pending element) or
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
      return try await nextPassingThrough(isolation: actor)
    }

    /// The next debounced element; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }

    @inlinable
    mutating func nextPassingThrough(
      isolation actor: isolated (any Actor)?
    ) async throws(Failure) -> Element? {
      guard !Task.isCancelled, var iterator = passThrough.take() else {
        passThrough = nil
        return nil
      }
      // Left `nil` when the base ends or throws: every later call returns `nil`.
      guard let element = try await iterator.next(isolation: actor) else { return nil }
      passThrough = iterator
      return element
    }
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits an element only after the sequence has produced nothing newer for `interval`, measured
  /// on `clock`.
  ///
  /// ```swift
  /// // Search once the user has stopped typing for 300 ms.
  /// for await query in searchText.debounce(for: .milliseconds(300), clock: ContinuousClock()) {
  ///   await search(query)
  /// }
  ///
  /// // In a test, a TestClock makes the timer deterministic:
  /// // "abcd----e---f-g----|" debounced by 3 ticks is "------d----e-----g-|".
  /// let debounced = input.debounce(for: .milliseconds(3), clock: testClock)
  ///
  /// // Typing without a pause still gives a result every 5 ticks:
  /// // "abcdefghijk----|" debounced by 3 ticks with maxWait 5 is "-----e----j--k-|".
  /// let capped = input.debounce(for: .milliseconds(3), clock: testClock, maxWait: .milliseconds(5))
  /// ```
  ///
  /// See ``AsyncDebounceSequence`` for the exact rules: the pending element is emitted when the
  /// base finishes, a failure is never lost, and cancelling the consumer cancels the base.
  ///
  /// A *burst* starts with an element that arrives while the operator is idle and lasts until a
  /// deadline passes with no newer element.
  ///
  /// - Parameters:
  ///   - interval: How long the sequence must be quiet before its newest element is emitted.
  ///     Zero or less passes every element through, whatever the other options.
  ///   - tolerance: The leeway the clock may take when it wakes the timer; `nil` for the clock's
  ///     default.
  ///   - clock: The clock that measures the interval; inject a `TestClock` in tests.
  ///   - leading: When `true`, the element that starts a burst is emitted at once, at its arrival;
  ///     later elements of the burst are debounced, and only a pending one is emitted at the
  ///     deadline (a burst of one element is emitted once). Default: `false`.
  ///   - maxWait: The longest a burst may go without an emission: each element's deadline is
  ///     `min(arrival + interval, burst start + maxWait)`, and when it passes the pending element
  ///     is emitted and the burst ends. A value below `interval` counts as `interval`. `nil` (the
  ///     default) for no limit.
  @inlinable
  public func debounce<C: Clock>(
    for interval: C.Instant.Duration, tolerance: C.Instant.Duration? = nil, clock: C,
    leading: Bool = false, maxWait: C.Instant.Duration? = nil
  ) -> AsyncDebounceSequence<Self, C> {
    AsyncDebounceSequence(
      base: self, interval: interval, tolerance: tolerance, clock: clock, leading: leading,
      maxWait: maxWait)
  }

  /// Emits an element only after the sequence has produced nothing newer for `interval`, measured
  /// on the `ContinuousClock`.
  ///
  /// ```swift
  /// for await query in searchText.debounce(for: .milliseconds(300), maxWait: .seconds(1)) {
  ///   await search(query)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: How long the sequence must be quiet before its newest element is emitted.
  ///   - tolerance: The leeway the clock may take when it wakes the timer.
  ///   - leading: Emit the element that starts a burst at once. Default: `false`.
  ///   - maxWait: The longest a burst may go without an emission; `nil` for no limit.
  @inlinable
  public func debounce(
    for interval: Duration, tolerance: Duration? = nil, leading: Bool = false,
    maxWait: Duration? = nil
  ) -> AsyncDebounceSequence<Self, ContinuousClock> {
    debounce(
      for: interval, tolerance: tolerance, clock: ContinuousClock(), leading: leading,
      maxWait: maxWait)
  }
}
