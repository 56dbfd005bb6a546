// Why this type: `compacted()` and `joined()` are generic over their base, and their usual base is
// the standard library's `map`. Generic code reaches a standard-library conformance only through
// its witness table, and `AsyncMapSequence.Iterator`'s witness is the unspecialised
// `next(isolation:)` of the resilient `_Concurrency` module: generic metadata, a frame from the
// task allocator and an executor check around the transform, about 190 ns per element where a
// loop that names the concrete type inlines the whole `next` (docs/performance.md). Wrapped in this
// type, the map is read through a conformance of this module, whose `next` calls the map's own
// inlinable one by its concrete type; specialised for the base, it compiles to the loop.
//
// The overloads below are chosen over the general ones whenever the base is a `map` (a more
// specific `Self`); a caller that names swift-async-algorithms' type, such as
// `AsyncCompactedSequence<AsyncMapSequence<B, T?>, T>`, still gets it, as the type it names selects
// the general overload.

extension AsyncMapSequence {
  /// Drops the `nil` results of the transform and unwraps the rest: the same as the general
  /// `compacted()`, reading the `map` directly (see ``AsyncDirectMapSequence``).
  ///
  /// ```swift
  /// for await id in ["1", "x", "3"].async.map({ Int($0) }).compacted() {
  ///   print(id)   // 1, 3
  /// }
  /// ```
  @inlinable
  public func compacted<Unwrapped>()
    -> AsyncCompactedSequence<AsyncDirectMapSequence<Base, Transformed>, Unwrapped>
  where Transformed == Unwrapped? {
    AsyncCompactedSequence(base: AsyncDirectMapSequence(self))
  }
}

extension AsyncMapSequence where Transformed: AsyncSequence {
  /// The elements of each sequence the transform makes, one after the other: the same as the
  /// general `joined()`, reading the `map` directly (see ``AsyncDirectMapSequence``).
  ///
  /// ```swift
  /// for try await item in pageNumbers.async.map({ fetchPage($0) }).joined() { show(item) }
  /// ```
  @inlinable
  public func joined() -> AsyncJoinedSequence<AsyncDirectMapSequence<Base, Transformed>> {
    AsyncJoinedSequence(base: AsyncDirectMapSequence(self))
  }
}

extension AsyncMapSequence
where Transformed: AsyncSequence, Failure == Never, Transformed.Failure == Never {
  /// The elements of each sequence the transform makes, one after the other, as a sequence that
  /// cannot fail: the same as the general `joined()` of parts that cannot fail, reading the `map`
  /// directly (see ``AsyncDirectMapSequence``).
  ///
  /// ```swift
  /// let all = await Array([1, 2].async.map({ [$0, $0].async }).joined())   // [1, 1, 2, 2], no try
  /// ```
  @inlinable
  public func joined()
    -> AsyncNonThrowingJoinedSequence<
      AsyncJoinedSequence<AsyncDirectMapSequence<Base, Transformed>>
    >
  {
    AsyncNonThrowingJoinedSequence(AsyncJoinedSequence(base: AsyncDirectMapSequence(self)))
  }
}

/// The standard library's `map` (an `AsyncMapSequence`), unchanged, as the base that
/// `compacted()` and `joined()` read when they are applied to a `map`: it produces exactly the
/// map's elements and failures.
///
/// ```swift
/// let ids = lines.map { Int($0) }.compacted()
/// // AsyncCompactedSequence<AsyncDirectMapSequence<Lines, Int?>, Int>
/// ```
///
/// Its iterator calls the map iterator's own `next` by its concrete type, so code specialised for
/// it inlines the map's transform; reached through the map's own conformance, generic code cannot.
public struct AsyncDirectMapSequence<Base: AsyncSequence, Transformed>: AsyncSequence {
  /// The transform's result.
  public typealias Element = Transformed
  /// The base's failure, as the map's.
  public typealias Failure = Base.Failure

  @usableFromInline let map: AsyncMapSequence<Base, Transformed>

  @inlinable
  init(_ map: AsyncMapSequence<Base, Transformed>) {
    self.map = map
  }

  /// Creates an iterator over the map's elements.
  ///
  /// ```swift
  /// var iterator = lines.map { Int($0) }.compacted().makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(map.makeAsyncIterator())
  }

  /// Produces the map's elements, by its iterator's concrete `next`.
  ///
  /// ```swift
  /// while let value = try await iterator.next() { print(value) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var map: AsyncMapSequence<Base, Transformed>.Iterator
    /// Set at the map's end or failure: the map's iterator would read its base again.
    @usableFromInline var ended = false

    @inlinable
    init(_ map: AsyncMapSequence<Base, Transformed>.Iterator) {
      self.map = map
    }

    /// The map's next element; `nil` at its end, and for ever after the end or a failure.
    ///
    /// ```swift
    /// let value = try await iterator.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Transformed? {
      guard !ended else { return nil }
      do {
        guard let element = try await map.next(isolation: actor) else {
          ended = true
          return nil
        }
        return element
      } catch {
        ended = true
        throw error
      }
    }

    /// The map's next element; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Transformed? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncDirectMapSequence: Sendable
where Base: Sendable, Base.Element: Sendable, Transformed: Sendable {}
