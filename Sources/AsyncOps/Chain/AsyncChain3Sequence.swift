/// The elements of three asynchronous sequences of one element type, one base after the other; made by `chain(_:_:_:)` (swift-async-algorithms' name).
///
/// ```swift
/// let pages: AsyncChain3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>> =
///   chain(cached, saved, downloaded)
/// for await page in pages { show(page) }
/// ```
///
/// The rules of ``AsyncChain2Sequence`` hold: a base is not iterated before the one before it has
/// finished (nor at all once the consumer's task is cancelled at its turn), a failure ends the
/// chain, and the consumer's own task reads the bases, with no task and no lock. `Failure` is the
/// first base's failure type, and `next()` rethrows any base's error, as in
/// swift-async-algorithms; name `AsyncChainSequence<Element, any Error, A, B, C>` for a chain that
/// throws `any Error` from `for try await`.
public struct AsyncChain3Sequence<
  Base1: AsyncSequence, Base2: AsyncSequence, Base3: AsyncSequence
>: AsyncSequence
where Base1.Element == Base2.Element, Base1.Element == Base3.Element {
  /// The bases' element type.
  public typealias Element = Base1.Element
  /// The first base's failure type (what `for await` and `next(isolation:)` throw).
  public typealias Failure = Base1.Failure

  /// The first two bases chained, then the third: the two-base chain's code, specialised twice.
  @usableFromInline let chained: AsyncChain2Sequence<AsyncChain2Sequence<Base1, Base2>, Base3>

  @inlinable
  init(_ base1: Base1, _ base2: Base2, _ base3: Base3) {
    chained = AsyncChain2Sequence(AsyncChain2Sequence(base1, base2), base3)
  }

  /// Creates an iterator; it makes each base's iterator when it reaches that base.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(chained.makeAsyncIterator())
  }

  /// Produces the bases' elements one base after the other; see ``AsyncChain3Sequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var chained:
      AsyncChain2Sequence<AsyncChain2Sequence<Base1, Base2>, Base3>.Iterator

    @inlinable
    init(_ chained: AsyncChain2Sequence<AsyncChain2Sequence<Base1, Base2>, Base3>.Iterator) {
      self.chained = chained
    }

    /// The next element; `nil` when every base has finished, after a failure, or when a base
    /// ends while the calling task is cancelled.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      try await chained.next(isolation: actor)
    }

    /// The next element; `nil` when iteration has ended. It throws when any base can throw, and
    /// throws any base's error (its `rethrows` follows the bases' `AsyncSequence` conformances).
    @inlinable
    public mutating func next() async rethrows -> Element? {
      try await chained.next()
    }
  }
}

extension AsyncChain3Sequence: Sendable where Base1: Sendable, Base2: Sendable, Base3: Sendable {}
