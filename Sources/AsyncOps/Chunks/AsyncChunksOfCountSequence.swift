/// An asynchronous sequence of the elements of its base in chunks of a fixed count; made by
/// `chunks(ofCount:)` and `chunks(ofCount:into:)`.
///
/// ```swift
/// for try await page in records.chunks(ofCount: 100) {
///   try await database.insert(page)   // 100 records at a time, the last page possibly fewer
/// }
/// ```
///
/// The rules: a chunk is emitted as soon as it holds `count` elements; when the base finishes,
/// the partial chunk (if not empty) is emitted, then the end; an empty chunk is never emitted; a
/// failure of the base drops the partial chunk and is thrown. The base is read only while the
/// consumer asks (no task). After the end or the failure every `next()` returns `nil`.
public struct AsyncChunksOfCountSequence<
  Base: AsyncSequence, Collected: RangeReplaceableCollection
>: AsyncSequence where Collected.Element == Base.Element {
  /// A chunk of the base's elements.
  public typealias Element = Collected
  /// The base's failure.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let count: Int

  @inlinable
  init(base: Base, count: Int) {
    precondition(count > 0, "chunks(ofCount:) needs a count greater than zero")
    self.base = base
    self.count = count
  }

  /// Creates an iterator.
  ///
  /// ```swift
  /// var pages = records.chunks(ofCount: 100).makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), count: count)
  }

  /// Produces the chunks.
  ///
  /// ```swift
  /// while let page = try await pages.next() { print(page.count) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    /// `nil` once the base ended or failed.
    @usableFromInline var base: Base.AsyncIterator?
    @usableFromInline let count: Int

    @inlinable
    init(base: Base.AsyncIterator, count: Int) {
      self.base = base
      self.count = count
    }

    /// The next chunk: full, or the last partial one; `nil` at the end. Throws the base's
    /// failure, dropping the partial chunk.
    ///
    /// ```swift
    /// let page = try await pages.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Collected? {
      guard var iterator = base.take() else { return nil }
      var chunk = Collected()
      chunk.reserveCapacity(count)
      var collected = 0
      // Left `nil` when the base ends or throws: every later call returns `nil`.
      while let element = try await iterator.next(isolation: actor) {
        chunk.append(element)
        collected += 1
        if collected == count {
          base = iterator
          return chunk
        }
      }
      return collected == 0 ? nil : chunk
    }

    /// The next chunk; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Collected? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncChunksOfCountSequence: Sendable where Base: Sendable {}

@available(*, unavailable)
extension AsyncChunksOfCountSequence.Iterator: Sendable {}

extension AsyncSequence {
  /// Collects the elements in chunks of `count`, each an instance of `Collected`.
  ///
  /// ```swift
  /// // "abcde|" gives the chunks "abc", then "de" at the end.
  /// for await chunk in letters.chunks(ofCount: 3, into: String.self) { print(chunk) }
  /// ```
  ///
  /// - Parameters:
  ///   - count: The number of elements of a full chunk; must be greater than zero.
  ///   - into: The collection type of a chunk.
  @inlinable
  public func chunks<Collected: RangeReplaceableCollection>(
    ofCount count: Int, into: Collected.Type
  ) -> AsyncChunksOfCountSequence<Self, Collected> where Collected.Element == Element {
    AsyncChunksOfCountSequence(base: self, count: count)
  }

  /// Collects the elements in arrays of `count`; the last array may be shorter.
  ///
  /// ```swift
  /// for try await page in records.chunks(ofCount: 100) { try await database.insert(page) }
  /// ```
  ///
  /// - Parameter count: The number of elements of a full chunk; must be greater than zero.
  @inlinable
  public func chunks(ofCount count: Int) -> AsyncChunksOfCountSequence<Self, [Element]> {
    chunks(ofCount: count, into: [Element].self)
  }
}
