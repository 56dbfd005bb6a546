// swift-async-algorithms' type names for the merge of two and three bases.

/// swift-async-algorithms' `AsyncMerge2Sequence`: the merge of two bases, and what
/// `merge(_:_:)` returns for any two bases with one element type.
///
/// ```swift
/// let events: AsyncMerge2Sequence<AsyncStream<Event>, AsyncStream<Event>> = merge(taps, keys)
/// ```
///
/// It behaves as ``AsyncMergeSequence`` (which it wraps, with the same fan-out), and its failure type is the
/// first base's, as swift-async-algorithms' type has under Swift 6: `Never` when `Base1` cannot
/// throw, so `for await` needs no `try`. Its iterator's `next()` rethrows, as there: it throws
/// when any base can throw, and delivers any base's error. `for await` reads
/// `next(isolation:)`, which throws `Base1.Failure` only; an error of a later base that this type
/// cannot hold stops the program there, as in swift-async-algorithms. Put the base that throws
/// first, or name the `any Error` form, `AsyncMergeSequence<Base1.Element, any Error, Base1, Base2>`.
public struct AsyncMerge2Sequence<Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable>:
  AsyncSequence, Sendable
where Base1.Element == Base2.Element, Base1.Element: Sendable {
  /// The elements of every base.
  public typealias Element = Base1.Element
  /// The first base's failure type (what `for await` and `next(isolation:)` throw).
  public typealias Failure = Base1.Failure

  /// The merge that throws `any Error`, which this type reads.
  @usableFromInline typealias Core = AsyncMergeSequence<Base1.Element, any Error, Base1, Base2>

  @usableFromInline let core: Core

  @inlinable
  init(_ base1: Base1, _ base2: Base2) {
    core = Core(base1, base2, readingWith: MergeFanOut.read)
  }

  /// Creates an iterator that starts reading the bases at its first `next()`.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(core.makeAsyncIterator())
  }

  /// Produces the merged elements; see ``AsyncMerge2Sequence``.
  public struct Iterator: AsyncIteratorProtocol {
    /// The first base's failure type (what `next(isolation:)` throws).
    public typealias Failure = Base1.Failure

    @usableFromInline var core: Core.Iterator

    @inlinable
    init(_ core: Core.Iterator) {
      self.core = core
    }

    /// The next element; `nil` when iteration has ended (after the end or an error) or the calling
    /// task is cancelled. It throws when any base can throw, and throws any base's error (its
    /// `rethrows` follows the bases' `AsyncSequence` conformances, as in swift-async-algorithms).
    @inlinable
    public mutating func next() async rethrows -> Element? {
      try await core.nextOutcome().rethrowingValue()
    }

    /// The next element; `nil` when iteration has ended or the calling task is cancelled. This is
    /// the path `for await` takes, and it throws the first base's failure type only: an error of
    /// another base that this type cannot hold stops the program with a message that names the
    /// remedy (as swift-async-algorithms' `next(isolation:)` would stop it).
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Base1.Failure) -> Element? {
      try await core.next(
        isolation: actor, failingAs: Base1.Failure.self, operator: "merge",
        anyErrorForm: "AsyncMergeSequence<Element, any Error, A, B>")
    }
  }
}

/// swift-async-algorithms' `AsyncMerge3Sequence`: the merge of three bases, and what
/// `merge(_:_:_:)` returns for any three bases with one element type.
///
/// ```swift
/// let all: AsyncMerge3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>> = merge(a, b, c)
/// ```
///
/// It behaves as ``AsyncMergeSequence`` (which it wraps, with the same fan-out), and its failure type is the
/// first base's, as swift-async-algorithms' type has under Swift 6: `Never` when `Base1` cannot
/// throw, so `for await` needs no `try`. Its iterator's `next()` rethrows, as there: it throws
/// when any base can throw, and delivers any base's error. `for await` reads
/// `next(isolation:)`, which throws `Base1.Failure` only; an error of a later base that this type
/// cannot hold stops the program there, as in swift-async-algorithms. Put the base that throws
/// first, or name the `any Error` form, `AsyncMergeSequence<Base1.Element, any Error, Base1, Base2, Base3>`.
public struct AsyncMerge3Sequence<
  Base1: AsyncSequence & Sendable, Base2: AsyncSequence & Sendable, Base3: AsyncSequence & Sendable
>: AsyncSequence, Sendable
where Base1.Element == Base2.Element, Base1.Element == Base3.Element, Base1.Element: Sendable {
  /// The elements of every base.
  public typealias Element = Base1.Element
  /// The first base's failure type (what `for await` and `next(isolation:)` throw).
  public typealias Failure = Base1.Failure

  /// The merge that throws `any Error`, which this type reads.
  @usableFromInline typealias Core = AsyncMergeSequence<
    Base1.Element, any Error, Base1, Base2, Base3
  >

  @usableFromInline let core: Core

  @inlinable
  init(_ base1: Base1, _ base2: Base2, _ base3: Base3) {
    core = Core(base1, base2, base3, readingWith: MergeFanOut.read)
  }

  /// Creates an iterator that starts reading the bases at its first `next()`.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(core.makeAsyncIterator())
  }

  /// Produces the merged elements; see ``AsyncMerge3Sequence``.
  public struct Iterator: AsyncIteratorProtocol {
    /// The first base's failure type (what `next(isolation:)` throws).
    public typealias Failure = Base1.Failure

    @usableFromInline var core: Core.Iterator

    @inlinable
    init(_ core: Core.Iterator) {
      self.core = core
    }

    /// The next element; `nil` when iteration has ended (after the end or an error) or the calling
    /// task is cancelled. It throws when any base can throw, and throws any base's error (its
    /// `rethrows` follows the bases' `AsyncSequence` conformances, as in swift-async-algorithms).
    @inlinable
    public mutating func next() async rethrows -> Element? {
      try await core.nextOutcome().rethrowingValue()
    }

    /// The next element; `nil` when iteration has ended or the calling task is cancelled. This is
    /// the path `for await` takes, and it throws the first base's failure type only: an error of
    /// another base that this type cannot hold stops the program with a message that names the
    /// remedy (as swift-async-algorithms' `next(isolation:)` would stop it).
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Base1.Failure) -> Element? {
      try await core.next(
        isolation: actor, failingAs: Base1.Failure.self, operator: "merge",
        anyErrorForm: "AsyncMergeSequence<Element, any Error, A, B, C>")
    }
  }
}
