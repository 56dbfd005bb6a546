// swift-async-algorithms' type names for the combination of two and three bases.

/// swift-async-algorithms' `AsyncCombineLatest2Sequence`: the combineLatest of two bases, and what
/// `combineLatest(_:_:)` returns for any two bases.
///
/// ```swift
/// let pairs: AsyncCombineLatest2Sequence<AsyncStream<Int>, AsyncStream<String>> = combineLatest(ratings, queries)
/// ```
///
/// It behaves as ``AsyncCombineLatestSequence`` (which it wraps, with the same fan-out), and its failure type is the
/// first base's, as swift-async-algorithms' type has under Swift 6: `Never` when `Base1` cannot
/// throw, so `for await` needs no `try`. Its iterator's `next()` rethrows, as there: it throws
/// when any base can throw, and delivers any base's error. `for await` reads
/// `next(isolation:)`, which throws `Base1.Failure` only; an error of a later base that this type
/// cannot hold stops the program there, as in swift-async-algorithms. Put the base that throws
/// first, or name the `any Error` form, `AsyncCombineLatestSequence<any Error, Base1, Base2>`.
public struct AsyncCombineLatest2Sequence<
  Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable
>: AsyncSequence, Sendable
where Base1.Element: Sendable, Base2.Element: Sendable {
  /// A tuple of the latest element of each base, in argument order.
  public typealias Element = (Base1.Element, Base2.Element)
  /// The first base's failure type (what `for await` and `next(isolation:)` throw).
  public typealias Failure = Base1.Failure

  /// The combineLatest that throws `any Error`, which this type reads.
  @usableFromInline typealias Core = AsyncCombineLatestSequence<any Error, Base1, Base2>

  @usableFromInline let core: Core

  @inlinable
  init(_ base1: Base1, _ base2: Base2) {
    core = Core(
      base1, base2, readingWith: CombineLatestFanOut.read, combiningWith: CombineLatestFanOut.tuple)
  }

  /// Creates an iterator that starts reading the bases at its first `next()`.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(core.makeAsyncIterator())
  }

  /// Produces the combined tuples; see ``AsyncCombineLatest2Sequence``.
  public struct Iterator: AsyncIteratorProtocol {
    /// The first base's failure type (what `next(isolation:)` throws).
    public typealias Failure = Base1.Failure

    @usableFromInline var core: Core.Iterator

    @inlinable
    init(_ core: Core.Iterator) {
      self.core = core
    }

    /// The next tuple; `nil` when iteration has ended (after the end or an error) or the calling
    /// task is cancelled. It throws when any base can throw, and throws any base's error (its
    /// `rethrows` follows the bases' `AsyncSequence` conformances, as in swift-async-algorithms).
    @inlinable
    public mutating func next() async rethrows -> Element? {
      try await core.nextOutcome().rethrowingValue()
    }

    /// The next tuple; `nil` when iteration has ended or the calling task is cancelled. This is
    /// the path `for await` takes, and it throws the first base's failure type only: an error of
    /// another base that this type cannot hold stops the program with a message that names the
    /// remedy (as swift-async-algorithms' `next(isolation:)` would stop it).
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Base1.Failure) -> Element? {
      try await core.next(
        isolation: actor, failingAs: Base1.Failure.self, operator: "combineLatest",
        anyErrorForm: "AsyncCombineLatestSequence<any Error, A, B>")
    }
  }
}

/// swift-async-algorithms' `AsyncCombineLatest3Sequence`: the combineLatest of three bases, and what
/// `combineLatest(_:_:_:)` returns for any three bases.
///
/// ```swift
/// let triples: AsyncCombineLatest3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>> = combineLatest(a, b, c)
/// ```
///
/// It behaves as ``AsyncCombineLatestSequence`` (which it wraps, with the same fan-out), and its failure type is the
/// first base's, as swift-async-algorithms' type has under Swift 6: `Never` when `Base1` cannot
/// throw, so `for await` needs no `try`. Its iterator's `next()` rethrows, as there: it throws
/// when any base can throw, and delivers any base's error. `for await` reads
/// `next(isolation:)`, which throws `Base1.Failure` only; an error of a later base that this type
/// cannot hold stops the program there, as in swift-async-algorithms. Put the base that throws
/// first, or name the `any Error` form, `AsyncCombineLatestSequence<any Error, Base1, Base2, Base3>`.
public struct AsyncCombineLatest3Sequence<
  Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable, Base3: AsyncSequence & Sendable
>: AsyncSequence, Sendable
where Base1.Element: Sendable, Base2.Element: Sendable, Base3.Element: Sendable {
  /// A tuple of the latest element of each base, in argument order.
  public typealias Element = (Base1.Element, Base2.Element, Base3.Element)
  /// The first base's failure type (what `for await` and `next(isolation:)` throw).
  public typealias Failure = Base1.Failure

  /// The combineLatest that throws `any Error`, which this type reads.
  @usableFromInline typealias Core = AsyncCombineLatestSequence<any Error, Base1, Base2, Base3>

  @usableFromInline let core: Core

  @inlinable
  init(_ base1: Base1, _ base2: Base2, _ base3: Base3) {
    core = Core(
      base1, base2, base3, readingWith: CombineLatestFanOut.read,
      combiningWith: CombineLatestFanOut.tuple)
  }

  /// Creates an iterator that starts reading the bases at its first `next()`.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(core.makeAsyncIterator())
  }

  /// Produces the combined tuples; see ``AsyncCombineLatest3Sequence``.
  public struct Iterator: AsyncIteratorProtocol {
    /// The first base's failure type (what `next(isolation:)` throws).
    public typealias Failure = Base1.Failure

    @usableFromInline var core: Core.Iterator

    @inlinable
    init(_ core: Core.Iterator) {
      self.core = core
    }

    /// The next tuple; `nil` when iteration has ended (after the end or an error) or the calling
    /// task is cancelled. It throws when any base can throw, and throws any base's error (its
    /// `rethrows` follows the bases' `AsyncSequence` conformances, as in swift-async-algorithms).
    @inlinable
    public mutating func next() async rethrows -> Element? {
      try await core.nextOutcome().rethrowingValue()
    }

    /// The next tuple; `nil` when iteration has ended or the calling task is cancelled. This is
    /// the path `for await` takes, and it throws the first base's failure type only: an error of
    /// another base that this type cannot hold stops the program with a message that names the
    /// remedy (as swift-async-algorithms' `next(isolation:)` would stop it).
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Base1.Failure) -> Element? {
      try await core.next(
        isolation: actor, failingAs: Base1.Failure.self, operator: "combineLatest",
        anyErrorForm: "AsyncCombineLatestSequence<any Error, A, B, C>")
    }
  }
}
