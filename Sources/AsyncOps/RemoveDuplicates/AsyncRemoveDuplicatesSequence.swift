/// An asynchronous sequence that drops each element equal to the last element it emitted; made by
/// `removeDuplicates()` or by `removeDuplicates(by:)` with a predicate that does not throw
/// (synchronous or `async`).
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

  /// An `async` duplicate test, run in the consumer's isolation (`nonisolated(nonsending)`), so
  /// elements that are not `Sendable` never cross an isolation boundary.
  ///
  /// ```swift
  /// let sameBrew: AsyncRemoveDuplicatesSequence<AsyncStream<Int>>.AsyncPredicate = { a, b in
  ///   await catalogue.brew(a) == catalogue.brew(b)
  /// }
  /// ```
  public typealias AsyncPredicate =
    nonisolated(nonsending) @Sendable (Element, Element) async -> Bool

  @usableFromInline let base: Base
  @usableFromInline let areDuplicates: RemoveDuplicatesPredicate<Element>

  @inlinable
  init(base: Base, areDuplicates: RemoveDuplicatesPredicate<Element>) {
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
    @usableFromInline let areDuplicates: RemoveDuplicatesPredicate<Element>
    @usableFromInline var lastEmitted: Element?
    /// Set once the sequence has thrown or finished: every later `next()` returns `nil` without
    /// reading the base again (a base that goes on after its failure is not followed).
    @usableFromInline var ended = false

    @inlinable
    init(base: Base.AsyncIterator, areDuplicates: RemoveDuplicatesPredicate<Element>) {
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
      guard !ended else { return nil }
      do {
        while let element = try await base.next(isolation: actor) {
          if let lastEmitted {
            switch areDuplicates {
            case .synchronous(let areDuplicates):
              if areDuplicates(lastEmitted, element) { continue }
            case .asynchronous(let areDuplicates):
              if await areDuplicates(lastEmitted, element) { continue }
            }
          }
          lastEmitted = element
          return element
        }
      } catch {
        ended = true
        throw error
      }
      ended = true
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

// `SendableMetatype`, not `Sendable`: the comparison closure is `@Sendable` and uses the
// element type's `==`; the elements themselves need not be `Sendable`.
extension AsyncSequence where Element: Equatable & SendableMetatype {
  /// Drops each element equal to the last element emitted.
  ///
  /// ```swift
  /// // "a", "a", "b", "a", "a" becomes "a", "b", "a".
  /// for await letter in letters.removeDuplicates() { print(letter) }
  /// ```
  @inlinable
  public func removeDuplicates() -> AsyncRemoveDuplicatesSequence<Self> {
    AsyncRemoveDuplicatesSequence(base: self, areDuplicates: .synchronous { $0 == $1 })
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
    AsyncRemoveDuplicatesSequence(base: self, areDuplicates: .synchronous(areDuplicates))
  }

  /// Drops each element that the `async` predicate `areDuplicates` says duplicates the last
  /// element emitted (the spelling of swift-async-algorithms).
  ///
  /// ```swift
  /// let distinctBrews = brewIDs.removeDuplicates { a, b in
  ///   await catalogue.brew(a) == catalogue.brew(b)
  /// }
  /// ```
  ///
  /// The predicate runs in the consumer's isolation, one call at a time, before the element is
  /// returned. A predicate that does not `await` picks the synchronous overload.
  ///
  /// - Parameter areDuplicates: Called with the last emitted element and the new one; `true`
  ///   drops the new one.
  @inlinable
  public func removeDuplicates(
    by areDuplicates: @escaping AsyncRemoveDuplicatesSequence<Self>.AsyncPredicate
  ) -> AsyncRemoveDuplicatesSequence<Self> {
    AsyncRemoveDuplicatesSequence(base: self, areDuplicates: .asynchronous(areDuplicates))
  }

  /// Drops each element that the throwing predicate `areDuplicates` says duplicates the last
  /// element emitted (the spelling of swift-async-algorithms); an error it throws ends the
  /// sequence with that error.
  ///
  /// ```swift
  /// for try await brew in brews.removeDuplicates(by: { a, b in try a.sameRecipe(as: b) }) {
  ///   show(brew)
  /// }
  /// ```
  ///
  /// The sequence throws `any Error`: the base's failure or the predicate's.
  ///
  /// - Parameter areDuplicates: Called with the last emitted element and the new one; `true`
  ///   drops the new one.
  @inlinable
  public func removeDuplicates(
    by areDuplicates: @escaping AsyncThrowingRemoveDuplicatesSequence<Self>.Predicate
  ) -> AsyncThrowingRemoveDuplicatesSequence<Self> {
    AsyncThrowingRemoveDuplicatesSequence(base: self, areDuplicates: areDuplicates)
  }
}

/// The duplicate test of an ``AsyncRemoveDuplicatesSequence``: synchronous (no suspension point
/// per element) or `async`.
@usableFromInline
enum RemoveDuplicatesPredicate<Element>: Sendable {
  /// Run in the consumer's isolation; see ``AsyncRemoveDuplicatesSequence/AsyncPredicate``.
  @usableFromInline typealias Asynchronous =
    nonisolated(nonsending) @Sendable (Element, Element) async -> Bool

  case synchronous(@Sendable (Element, Element) -> Bool)
  case asynchronous(Asynchronous)
}
