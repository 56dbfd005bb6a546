/// An asynchronous sequence that iterates its base again when it fails, up to a number of times,
/// optionally after a backoff; made by ``_Concurrency/AsyncSequence/retry(_:)`` and
/// ``_Concurrency/AsyncSequence/retry(_:delay:clock:)``.
///
/// ```swift
/// // Three more tries, waiting 1, 2, then 4 seconds first:
/// let prices = priceStream.retry(3, delay: { attempt in .seconds(1 << (attempt - 1)) })
/// for try await price in prices { show(price) }
/// ```
///
/// The rules (Retry rules 1–3 of the Semantics article):
/// 1. When the base throws, a new iterator of the base is made and read — at once, or after
///    `backoff(attempt)` on the clock (attempt = 1, 2, ...). Elements already emitted stay
///    emitted. After `attempts` retries the next failure is thrown. A base that finishes ends the
///    sequence.
/// 2. Cancelling the consuming task during a backoff ends the iteration at once. `attempts`
///    counts every retry; an element does not reset it.
/// 3. Combine's `retry(_:)` agrees on every instant (on a cold source, which starts again when
///    it is iterated again).
///
/// No task of its own: the base is read in the consuming task, on demand, so a retry of a base
/// that never fails costs what reading the base costs. After the end or the failure, `next()`
/// returns `nil`.
public struct AsyncRetrySequence<Base: AsyncSequence & Sendable, C: Clock>: AsyncSequence,
  Sendable
where Base.Element: Sendable {
  /// The base's element.
  public typealias Element = Base.Element
  /// The base's failure: the one thrown after the last retry.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let attempts: Int
  @usableFromInline let backoff: (@Sendable (Int) -> C.Instant.Duration)?
  @usableFromInline let clock: C

  @inlinable
  init(
    base: Base, attempts: Int, backoff: (@Sendable (Int) -> C.Instant.Duration)?, clock: C
  ) {
    self.base = base
    self.attempts = Swift.max(0, attempts)
    self.backoff = backoff
    self.clock = clock
  }

  /// Creates an iterator. The base is not iterated until the iterator's first `next()`.
  ///
  /// ```swift
  /// var iterator = resilient.makeAsyncIterator()
  /// let first = try await iterator.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(sequence: self)
  }

  /// Produces the base's elements across its retries.
  ///
  /// ```swift
  /// var iterator = input.retry(2).makeAsyncIterator()
  /// while let value = try await iterator.next() { print(value) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let sequence: AsyncRetrySequence
    /// The current run's iterator; `nil` before the first `next()` and after the end.
    @usableFromInline var current: Base.AsyncIterator?
    /// How many retries were made.
    @usableFromInline var retries = 0
    @usableFromInline var ended = false

    @inlinable
    init(sequence: AsyncRetrySequence) {
      self.sequence = sequence
    }

    /// The next element; `nil` once the base finished, after the failure, or once the consuming
    /// task is cancelled during a backoff. Throws the failure that came after the last retry.
    ///
    /// ```swift
    /// while let value = try await iterator.next(isolation: #isolation) { print(value) }
    /// ```
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      while !ended {
        if current == nil { current = sequence.base.makeAsyncIterator() }
        do {
          if let element = try await current!.next(isolation: actor) { return element }
          end()
          return nil
        } catch {
          guard retries < sequence.attempts else {
            end()
            throw error
          }
          retries += 1
          current = nil
          guard await Self.waitBackoff(sequence, attempt: retries) else {
            end()
            return nil
          }
        }
      }
      return nil
    }

    /// The next element; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }

    /// Sleeps `backoff(attempt)` on the clock (nothing without a backoff); `false` when the
    /// consuming task is cancelled (Retry rule 2).
    @inlinable
    static func waitBackoff(_ sequence: AsyncRetrySequence, attempt: Int) async -> Bool {
      guard let backoff = sequence.backoff else { return !Task.isCancelled }
      let deadline = sequence.clock.now.advanced(by: backoff(attempt))
      do {
        try await sequence.clock.sleep(until: deadline, tolerance: nil)
        return true
      } catch {
        return false
      }
    }

    /// Iteration is over: `nil` from now on, and the base's iterator is released.
    @inlinable
    mutating func end() {
      ended = true
      current = nil
    }
  }
}

extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Iterates this sequence again, at once, each time it fails, up to `attempts` times; the next
  /// failure is thrown (Combine's `retry(_:)`).
  ///
  /// ```swift
  /// for try await line in fetchLines().retry(2) { print(line) }
  /// ```
  ///
  /// See ``AsyncRetrySequence`` for the exact rules.
  ///
  /// - Parameter attempts: How many retries are made (0: none).
  @inlinable
  public func retry(_ attempts: Int) -> AsyncRetrySequence<Self, ContinuousClock> {
    AsyncRetrySequence(base: self, attempts: attempts, backoff: nil, clock: ContinuousClock())
  }

  /// Iterates this sequence again each time it fails, up to `attempts` times, after waiting
  /// `backoff(attempt)` on `clock` (attempt = 1, 2, ...); the next failure is thrown.
  ///
  /// ```swift
  /// // A cold source that fails: "ab^" retried once after 2 ticks is "ab---ab^".
  /// let retried = input.retry(1, delay: { _ in .milliseconds(2) }, clock: testClock)
  /// ```
  ///
  /// - Parameters:
  ///   - attempts: How many retries are made.
  ///   - backoff: How long to wait before retry number `attempt` (from 1).
  ///   - clock: The clock that measures the backoff; inject a `TestClock` in tests.
  @inlinable
  public func retry<C: Clock>(
    _ attempts: Int, delay backoff: @escaping @Sendable (_ attempt: Int) -> C.Instant.Duration,
    clock: C
  ) -> AsyncRetrySequence<Self, C> {
    AsyncRetrySequence(base: self, attempts: attempts, backoff: backoff, clock: clock)
  }

  /// Iterates this sequence again each time it fails, up to `attempts` times, after waiting
  /// `backoff(attempt)` on the `ContinuousClock`.
  ///
  /// ```swift
  /// let prices = priceStream.retry(3, delay: { attempt in .seconds(1 << (attempt - 1)) })
  /// ```
  ///
  /// - Parameters:
  ///   - attempts: How many retries are made.
  ///   - backoff: How long to wait before retry number `attempt` (from 1).
  @inlinable
  public func retry(
    _ attempts: Int, delay backoff: @escaping @Sendable (_ attempt: Int) -> Duration
  ) -> AsyncRetrySequence<Self, ContinuousClock> {
    retry(attempts, delay: backoff, clock: ContinuousClock())
  }
}
