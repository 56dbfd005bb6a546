// See AsyncAdjacentPairsSequence.swift: the iterator is the whole operator (no task, no storage).

extension AsyncSequence {
  /// Drops the `nil` elements and unwraps the rest: the same as `compactMap { $0 }`.
  ///
  /// ```swift
  /// for await id in ["1", "x", "3"].async.map({ Int($0) }).compacted() {
  ///   print(id)   // 1, 3
  /// }
  /// ```
  ///
  /// The sequence throws what its base throws (`Failure` is the base's).
  @inlinable
  public func compacted<Unwrapped>() -> AsyncCompactedSequence<Self, Unwrapped>
  where Element == Unwrapped? {
    AsyncCompactedSequence(base: self)
  }
}

/// An asynchronous sequence of the non-`nil` elements of a base of optionals, unwrapped; made by
/// `compacted()`.
///
/// ```swift
/// let brews: AsyncCompactedSequence<_, Brew> = lookups.compacted()
/// ```
public struct AsyncCompactedSequence<Base: AsyncSequence, Element>: AsyncSequence
where Base.Element == Element? {
  /// The base's failure.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base

  @inlinable
  init(base: Base) {
    self.base = base
  }

  /// Creates an iterator over the unwrapped elements.
  ///
  /// ```swift
  /// var iterator = optionals.compacted().makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator())
  }

  /// Produces the base's non-`nil` elements, unwrapped.
  ///
  /// ```swift
  /// while let value = await iterator.next() { print(value) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline var finished = false

    @inlinable
    init(base: Base.AsyncIterator) {
      self.base = base
    }

    /// The next non-`nil` element; `nil` at the end, and for ever after the end or an error.
    ///
    /// ```swift
    /// let value = try await iterator.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      guard !finished else { return nil }
      do {
        while let wrapped = try await base.next(isolation: actor) {
          if let element = wrapped { return element }
        }
      } catch {
        finished = true
        throw error
      }
      finished = true
      return nil
    }

    /// The next non-`nil` element; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncCompactedSequence: Sendable where Base: Sendable {}
extension AsyncCompactedSequence.Iterator: Sendable where Base.AsyncIterator: Sendable {}
