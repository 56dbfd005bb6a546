// The small algorithms of this folder read their base on demand, in the consumer's task, one
// element per `next()`, and start no task: there is no concurrency to shell, so the three
// layers of ARCHITECTURE.md (state machine, storage, sequence) collapse into the iterator. Its
// few states (reading, finished) are a field or an enum of the iterator itself.

extension AsyncSequence {
  /// Pairs each element with the one before it.
  ///
  /// ```swift
  /// for await (previous, current) in [1, 2, 3, 4].async.adjacentPairs() {
  ///   print(previous, current)   // (1, 2), (2, 3), (3, 4)
  /// }
  /// ```
  ///
  /// A base with fewer than two elements gives an empty sequence. The sequence throws what its
  /// base throws (`Failure` is the base's).
  @inlinable
  public func adjacentPairs() -> AsyncAdjacentPairsSequence<Self> {
    AsyncAdjacentPairsSequence(base: self)
  }
}

/// An asynchronous sequence of the adjacent pairs of its base's elements: `(a, b)`, `(b, c)`, …;
/// made by `adjacentPairs()`.
///
/// ```swift
/// let steps = readings.adjacentPairs().map { $1 - $0 }
/// ```
///
/// It has no task and no buffer beyond the one element it remembers.
public struct AsyncAdjacentPairsSequence<Base: AsyncSequence>: AsyncSequence {
  /// A pair of consecutive elements of the base, in order.
  public typealias Element = (Base.Element, Base.Element)
  /// The base's failure.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base

  @inlinable
  init(base: Base) {
    self.base = base
  }

  /// Creates an iterator over the adjacent pairs.
  ///
  /// ```swift
  /// var iterator = numbers.adjacentPairs().makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator())
  }

  /// Produces the adjacent pairs of the base's elements.
  ///
  /// ```swift
  /// while let (previous, current) = await iterator.next() { print(previous, current) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline var previous: Base.Element?
    @usableFromInline var finished = false

    @inlinable
    init(base: Base.AsyncIterator) {
      self.base = base
    }

    /// The next pair; `nil` at the end, and for ever after the end or an error.
    ///
    /// ```swift
    /// let pair = try await iterator.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      guard !finished else { return nil }
      do {
        if previous == nil {
          previous = try await base.next(isolation: actor)
        }
        guard let first = previous, let second = try await base.next(isolation: actor) else {
          finished = true
          previous = nil
          return nil
        }
        previous = second
        return (first, second)
      } catch {
        finished = true
        previous = nil
        throw error
      }
    }

    /// The next pair; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncAdjacentPairsSequence: Sendable where Base: Sendable {}
extension AsyncAdjacentPairsSequence.Iterator: Sendable
where Base.AsyncIterator: Sendable, Base.Element: Sendable {}
