// See AsyncAdjacentPairsSequence.swift: the iterator is the whole operator (no task, no storage).

extension AsyncSequence {
  /// The running combination of the elements by a closure that may throw: the first element,
  /// then `transform` of the last result and each later element; an error it throws ends the
  /// sequence.
  ///
  /// ```swift
  /// let balances = payments.reductions { balance, payment in try balance.adding(payment) }
  /// ```
  ///
  /// - Parameter transform: Combines the last result with the next element.
  @inlinable
  public func reductions(
    _ transform:
      nonisolated(nonsending) @escaping @Sendable (Element, Element) async throws -> Element
  ) -> AsyncThrowingInclusiveReductionsSequence<Self> {
    AsyncThrowingInclusiveReductionsSequence(base: self, transform: transform)
  }
}

/// An asynchronous sequence of the running combination of its base's elements by a throwing
/// closure, starting with the first element; made by `reductions(_:)` with a throwing closure.
///
/// ```swift
/// for try await balance in payments.reductions({ try $0.adding($1) }) { show(balance) }
/// ```
///
/// It throws `any Error`: the base's failure or the closure's; either ends the sequence.
public struct AsyncThrowingInclusiveReductionsSequence<Base: AsyncSequence> {
  @usableFromInline let base: Base
  @usableFromInline let transform:
    nonisolated(nonsending) @Sendable (Base.Element, Base.Element) async throws -> Base.Element

  @inlinable
  init(
    base: Base,
    transform:
      nonisolated(nonsending) @escaping @Sendable (Base.Element, Base.Element) async throws ->
      Base.Element
  ) {
    self.base = base
    self.transform = transform
  }
}

extension AsyncThrowingInclusiveReductionsSequence: AsyncSequence {
  /// The base's element: each running result.
  public typealias Element = Base.Element
  /// The base's failure or the closure's.
  public typealias Failure = any Error

  /// Creates an iterator over the running results.
  ///
  /// ```swift
  /// var iterator = payments.reductions({ try $0.adding($1) }).makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), transform: transform)
  }

  /// Produces the running results.
  ///
  /// ```swift
  /// while let balance = try await iterator.next() { show(balance) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let transform:
      nonisolated(nonsending) @Sendable (Base.Element, Base.Element) async throws -> Base.Element
    @usableFromInline var result: Base.Element?
    @usableFromInline var finished = false

    @inlinable
    init(
      base: Base.AsyncIterator,
      transform:
        nonisolated(nonsending) @escaping @Sendable (Base.Element, Base.Element) async throws ->
        Base.Element
    ) {
      self.base = base
      self.transform = transform
    }

    /// The next running result; `nil` at the end, and for ever after the end or an error.
    ///
    /// ```swift
    /// let balance = try await iterator.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(any Error) -> Element? {
      guard !finished else { return nil }
      do {
        guard let element = try await base.next(isolation: actor) else {
          finish()
          return nil
        }
        let next = if let result { try await transform(result, element) } else { element }
        result = next
        return next
      } catch {
        finish()
        throw error
      }
    }

    /// The next running result; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(any Error) -> Element? {
      try await next(isolation: nil)
    }

    @inlinable
    mutating func finish() {
      finished = true
      result = nil
    }
  }
}

extension AsyncThrowingInclusiveReductionsSequence: Sendable where Base: Sendable {}
extension AsyncThrowingInclusiveReductionsSequence.Iterator: Sendable
where Base.AsyncIterator: Sendable, Base.Element: Sendable {}
