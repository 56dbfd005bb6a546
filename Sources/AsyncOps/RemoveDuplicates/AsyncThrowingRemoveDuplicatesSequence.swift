/// An asynchronous sequence that drops each element a throwing predicate says duplicates the last
/// element it emitted; made by `removeDuplicates(by:)` with an `async throws` or `throws`
/// predicate.
///
/// ```swift
/// for try await brew in brews.removeDuplicates(by: { a, b in try a.sameRecipe(as: b) }) {
///   show(brew)
/// }
/// ```
///
/// Like ``AsyncRemoveDuplicatesSequence``, it has no task and no buffer. It throws `any Error`:
/// the base's failure or the predicate's, whichever comes first; either ends the sequence.
public struct AsyncThrowingRemoveDuplicatesSequence<Base: AsyncSequence>: AsyncSequence {
  /// The base's element.
  public typealias Element = Base.Element
  /// The base's failure or the predicate's.
  public typealias Failure = any Error

  /// The duplicate test, run in the consumer's isolation (`nonisolated(nonsending)`), so elements
  /// that are not `Sendable` never cross an isolation boundary.
  ///
  /// ```swift
  /// let sameRecipe: AsyncThrowingRemoveDuplicatesSequence<AsyncStream<Brew>>.Predicate = {
  ///   try $0.sameRecipe(as: $1)
  /// }
  /// ```
  public typealias Predicate =
    nonisolated(nonsending) @Sendable (Element, Element) async throws -> Bool

  @usableFromInline let base: Base
  @usableFromInline let areDuplicates: Predicate

  @inlinable
  init(base: Base, areDuplicates: @escaping Predicate) {
    self.base = base
    self.areDuplicates = areDuplicates
  }

  /// Creates an iterator over the base's elements without consecutive duplicates.
  ///
  /// ```swift
  /// var iterator = brews.removeDuplicates(by: sameRecipe).makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), areDuplicates: areDuplicates)
  }

  /// Produces the base's elements, skipping each one the predicate says duplicates the last one
  /// produced.
  ///
  /// ```swift
  /// while let brew = try await iterator.next() { show(brew) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let areDuplicates: Predicate
    @usableFromInline var lastEmitted: Element?
    /// Set once the sequence has thrown (the base's failure or the predicate's) or finished:
    /// every later `next()` returns `nil` without reading the base again.
    @usableFromInline var ended = false

    @inlinable
    init(base: Base.AsyncIterator, areDuplicates: @escaping Predicate) {
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
    ) async throws(any Error) -> Element? {
      guard !ended else { return nil }
      do {
        while let element = try await base.next(isolation: actor) {
          if let lastEmitted, try await areDuplicates(lastEmitted, element) { continue }
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
    public mutating func next() async throws(any Error) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncThrowingRemoveDuplicatesSequence: Sendable where Base: Sendable {}
