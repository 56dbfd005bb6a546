// See AsyncAdjacentPairsSequence.swift: the iterator is the whole operator (no task, no storage).

extension AsyncSequence {
  /// The running result of combining `initial` with each element in turn by a closure that may
  /// throw; `initial` itself is not emitted, and an error the closure throws ends the sequence.
  ///
  /// ```swift
  /// let balances = payments.reductions(Balance.zero) { try $0.adding($1) }
  /// ```
  ///
  /// - Parameters:
  ///   - initial: The result before the first element.
  ///   - transform: Combines the last result with the next element.
  @inlinable
  public func reductions<Result>(
    _ initial: Result,
    _ transform:
      nonisolated(nonsending) @escaping @Sendable (Result, Element) async throws -> Result
  ) -> AsyncThrowingExclusiveReductionsSequence<Self, Result> {
    reductions(into: initial) { result, element in result = try await transform(result, element) }
  }

  /// The running result of updating `initial` in place with each element in turn by a closure
  /// that may throw; `initial` itself is not emitted, and an error the closure throws ends the
  /// sequence.
  ///
  /// ```swift
  /// let ledgers = payments.reductions(into: Ledger()) { try $0.record($1) }
  /// ```
  ///
  /// - Parameters:
  ///   - initial: The result before the first element.
  ///   - transform: Updates the result with the next element.
  @inlinable
  public func reductions<Result>(
    into initial: Result,
    _ transform:
      nonisolated(nonsending) @escaping @Sendable (inout Result, Element) async throws -> Void
  ) -> AsyncThrowingExclusiveReductionsSequence<Self, Result> {
    AsyncThrowingExclusiveReductionsSequence(base: self, initial: initial, transform: transform)
  }
}

/// An asynchronous sequence of the running results of combining an initial value with each of
/// its base's elements by a throwing closure; made by `reductions(_:_:)` or
/// `reductions(into:_:)` with a throwing closure.
///
/// ```swift
/// for try await ledger in payments.reductions(into: Ledger(), { try $0.record($1) }) {
///   show(ledger)
/// }
/// ```
///
/// It throws `any Error`: the base's failure or the closure's; either ends the sequence.
public struct AsyncThrowingExclusiveReductionsSequence<Base: AsyncSequence, Element> {
  @usableFromInline let base: Base
  @usableFromInline let initial: Element
  @usableFromInline let transform:
    nonisolated(nonsending) @Sendable (inout Element, Base.Element) async throws -> Void

  @inlinable
  init(
    base: Base, initial: Element,
    transform:
      nonisolated(nonsending) @escaping @Sendable (inout Element, Base.Element) async throws -> Void
  ) {
    self.base = base
    self.initial = initial
    self.transform = transform
  }
}

extension AsyncThrowingExclusiveReductionsSequence: AsyncSequence {
  /// The base's failure or the closure's.
  public typealias Failure = any Error

  /// Creates an iterator over the running results.
  ///
  /// ```swift
  /// var iterator = payments.reductions(Balance.zero, { try $0.adding($1) }).makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), initial: initial, transform: transform)
  }

  /// Produces the running results.
  ///
  /// ```swift
  /// while let balance = try await iterator.next() { show(balance) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let transform:
      nonisolated(nonsending) @Sendable (inout Element, Base.Element) async throws -> Void
    /// The last result; `nil` once the sequence has ended.
    @usableFromInline var result: Element?

    @inlinable
    init(
      base: Base.AsyncIterator, initial: Element,
      transform:
        nonisolated(nonsending) @escaping @Sendable (inout Element, Base.Element) async throws ->
        Void
    ) {
      self.base = base
      self.result = initial
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
      guard var next = result else { return nil }
      result = nil  // ended, unless the element below arrives and the closure returns
      guard let element = try await base.next(isolation: actor) else { return nil }
      try await transform(&next, element)
      result = next
      return next
    }

    /// The next running result; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(any Error) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncThrowingExclusiveReductionsSequence: Sendable
where Base: Sendable, Element: Sendable {}
extension AsyncThrowingExclusiveReductionsSequence.Iterator: Sendable
where Base.AsyncIterator: Sendable, Element: Sendable {}
