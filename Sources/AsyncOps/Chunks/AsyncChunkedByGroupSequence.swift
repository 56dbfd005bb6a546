/// An asynchronous sequence of the runs of consecutive elements of its base that belong
/// together by a predicate; made by `chunked(by:)` and `chunked(into:by:)`.
///
/// ```swift
/// // Runs of ascending numbers: 1 2 3 | 2 5 | 1
/// for await run in numbers.chunked(by: { $0 < $1 }) { print(run) }
/// ```
///
/// The rules: each element is compared with the one before it; while the predicate holds it
/// joins the current chunk, and when it fails the chunk is emitted and the element starts the
/// next one. At the end the last chunk is emitted, then the end; an empty chunk is never
/// emitted; a failure of the base drops the partial chunk and is thrown. A chunk is emitted only
/// when the element that ends it arrives (or the base ends). After the end or the failure every
/// `next()` returns `nil`.
public struct AsyncChunkedByGroupSequence<
  Base: AsyncSequence, Collected: RangeReplaceableCollection
>: AsyncSequence where Collected.Element == Base.Element {
  /// A run of the base's elements.
  public typealias Element = Collected
  /// The base's failure.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let belongInSameGroup: @Sendable (Base.Element, Base.Element) -> Bool

  @inlinable
  init(base: Base, belongInSameGroup: @escaping @Sendable (Base.Element, Base.Element) -> Bool) {
    self.base = base
    self.belongInSameGroup = belongInSameGroup
  }

  /// Creates an iterator.
  ///
  /// ```swift
  /// var runs = numbers.chunked(by: { $0 < $1 }).makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), belongInSameGroup: belongInSameGroup)
  }

  /// Produces the runs.
  ///
  /// ```swift
  /// while let run = await runs.next() { print(run) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    /// `nil` once the base ended or failed.
    @usableFromInline var base: Base.AsyncIterator?
    /// The element that ended the previous chunk: the first of the next one.
    @usableFromInline var carried: Base.Element?
    @usableFromInline let belongInSameGroup: @Sendable (Base.Element, Base.Element) -> Bool

    @inlinable
    init(
      base: Base.AsyncIterator,
      belongInSameGroup: @escaping @Sendable (Base.Element, Base.Element) -> Bool
    ) {
      self.base = base
      self.belongInSameGroup = belongInSameGroup
    }

    /// The next run; `nil` at the end. Throws the base's failure, dropping the partial run.
    ///
    /// ```swift
    /// let run = try await runs.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Collected? {
      guard var iterator = base.take() else { return nil }
      var previous: Base.Element
      if let first = carried.take() {
        previous = first
      } else {
        guard let first = try await iterator.next(isolation: actor) else { return nil }
        previous = first
      }
      var chunk = Collected()
      chunk.append(previous)
      // Left `nil` when the base ends or throws: every later call returns `nil`.
      while let element = try await iterator.next(isolation: actor) {
        guard belongInSameGroup(previous, element) else {
          carried = element
          base = iterator
          return chunk
        }
        chunk.append(element)
        previous = element
      }
      return chunk
    }

    /// The next run; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Collected? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncChunkedByGroupSequence: Sendable where Base: Sendable {}

@available(*, unavailable)
extension AsyncChunkedByGroupSequence.Iterator: Sendable {}

extension AsyncSequence {
  /// Collects runs of consecutive elements for which `belongInSameGroup(previous, next)` holds,
  /// each an instance of `Collected`.
  ///
  /// ```swift
  /// // "aabcc" gives "aa", "b", "cc".
  /// let runs = letters.chunked(into: String.self, by: { $0 == $1 })
  /// ```
  ///
  /// - Parameters:
  ///   - into: The collection type of a chunk.
  ///   - belongInSameGroup: Whether an element joins the chunk of the element before it.
  @inlinable
  public func chunked<Collected: RangeReplaceableCollection>(
    into: Collected.Type, by belongInSameGroup: @escaping @Sendable (Element, Element) -> Bool
  ) -> AsyncChunkedByGroupSequence<Self, Collected> where Collected.Element == Element {
    AsyncChunkedByGroupSequence(base: self, belongInSameGroup: belongInSameGroup)
  }

  /// Collects runs of consecutive elements for which `belongInSameGroup(previous, next)` holds,
  /// in arrays.
  ///
  /// ```swift
  /// for await run in numbers.chunked(by: { $0 < $1 }) { print(run) }   // ascending runs
  /// ```
  ///
  /// - Parameter belongInSameGroup: Whether an element joins the chunk of the element before it.
  @inlinable
  public func chunked(
    by belongInSameGroup: @escaping @Sendable (Element, Element) -> Bool
  ) -> AsyncChunkedByGroupSequence<Self, [Element]> {
    chunked(into: [Element].self, by: belongInSameGroup)
  }
}
