/// An asynchronous sequence that drops each element equal to the last element it emitted; made by
/// `removeDuplicates()` or
/// `removeDuplicates(by:)`.
///
/// ```swift
/// for await query in searchText.removeDuplicates() {
///   await search(query)   // "b", "br", "b" — never "br" twice in a row
/// }
/// ```
///
/// The operator has no task and no buffer: it reads its base on demand, in the consumer's task.
/// Its `Failure` is its base's, so a non-throwing base gives a non-throwing sequence.
public struct AsyncRemoveDuplicatesSequence<Base: AsyncSequence>: AsyncSequence {
  /// The base's element.
  public typealias Element = Base.Element
  /// The base's failure.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let areDuplicates: @Sendable (Element, Element) -> Bool

  @inlinable
  init(base: Base, areDuplicates: @escaping @Sendable (Element, Element) -> Bool) {
    self.base = base
    self.areDuplicates = areDuplicates
  }

  /// Creates an iterator over the base's elements without consecutive duplicates.
  ///
  /// ```swift
  /// var iterator = numbers.removeDuplicates().makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), areDuplicates: areDuplicates)
  }

  /// Produces the base's elements, skipping each one that duplicates the last one produced.
  ///
  /// ```swift
  /// while let value = await iterator.next() { print(value) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let areDuplicates: @Sendable (Element, Element) -> Bool
    @usableFromInline var lastEmitted: Element?

    @inlinable
    init(
      base: Base.AsyncIterator, areDuplicates: @escaping @Sendable (Element, Element) -> Bool
    ) {
      self.base = base
      self.areDuplicates = areDuplicates
    }

    /// The next element that is not a duplicate of the last one returned; `nil` at the end.
    ///
    /// ```swift
    /// let first = try await iterator.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      while let element = try await base.next(isolation: actor) {
        if let lastEmitted, areDuplicates(lastEmitted, element) { continue }
        lastEmitted = element
        return element
      }
      return nil
    }

    /// The next element that is not a duplicate; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncRemoveDuplicatesSequence: Sendable where Base: Sendable {}

extension AsyncSequence where Element: Equatable & Sendable {
  /// Drops each element equal to the last element emitted.
  ///
  /// ```swift
  /// // "a", "a", "b", "a", "a" becomes "a", "b", "a".
  /// for await letter in letters.removeDuplicates() { print(letter) }
  /// ```
  @inlinable
  public func removeDuplicates() -> AsyncRemoveDuplicatesSequence<Self> {
    AsyncRemoveDuplicatesSequence(base: self) { $0 == $1 }
  }
}

extension AsyncSequence {
  /// Drops each element that `areDuplicates` says duplicates the last element emitted.
  ///
  /// ```swift
  /// // Ignore case: "a", "A", "b" becomes "a", "b".
  /// let distinct = letters.removeDuplicates { $0.lowercased() == $1.lowercased() }
  /// ```
  ///
  /// - Parameter areDuplicates: Called with the last emitted element and the new one; `true`
  ///   drops the new one.
  @inlinable
  public func removeDuplicates(
    by areDuplicates: @escaping @Sendable (Element, Element) -> Bool
  ) -> AsyncRemoveDuplicatesSequence<Self> {
    AsyncRemoveDuplicatesSequence(base: self, areDuplicates: areDuplicates)
  }
}
