// See AsyncAdjacentPairsSequence.swift: the iterator is the whole operator (no task, no storage).

extension AsyncSequence {
  /// The running result of combining `initial` with each element in turn by a synchronous
  /// closure; `initial` itself is not emitted.
  ///
  /// ```swift
  /// let totals = amounts.reductions(0, +)
  /// ```
  ///
  /// Beside swift-async-algorithms' `async` overload, so that `reductions(0, +)` and closures
  /// that do not `await` are called without a suspension point (and an operator reference is
  /// never converted to a `nonisolated(nonsending)` function: Swift 6.3 crashes on that).
  ///
  /// - Parameters:
  ///   - initial: The result before the first element.
  ///   - transform: Combines the last result with the next element.
  @inlinable
  public func reductions<Result>(
    _ initial: Result,
    _ transform: @Sendable @escaping (Result, Element) -> Result
  ) -> AsyncExclusiveReductionsSequence<Self, Result> {
    AsyncExclusiveReductionsSequence(base: self, initial: initial) { result, element in
      result = transform(result, element)
    }
  }

  /// The running result of updating `initial` in place with each element in turn by a
  /// synchronous closure; `initial` itself is not emitted.
  ///
  /// ```swift
  /// let seen = words.reductions(into: Set<String>()) { $0.insert($1) }
  /// ```
  ///
  /// - Parameters:
  ///   - initial: The result before the first element.
  ///   - transform: Updates the result with the next element.
  @inlinable
  public func reductions<Result>(
    into initial: Result,
    _ transform: @Sendable @escaping (inout Result, Element) -> Void
  ) -> AsyncExclusiveReductionsSequence<Self, Result> {
    AsyncExclusiveReductionsSequence(base: self, initial: initial) { result, element in
      transform(&result, element)
    }
  }

  /// The running result of combining `initial` with each element in turn (`reduce` that shows
  /// every step); `initial` itself is not emitted.
  ///
  /// ```swift
  /// for await text in [1, 2, 3].async.reductions("", { $0 + "\($1)" }) {
  ///   print(text)   // "1", "12", "123"
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initial: The result before the first element.
  ///   - transform: Combines the last result with the next element.
  @inlinable
  public func reductions<Result>(
    _ initial: Result,
    _ transform: nonisolated(nonsending) @escaping @Sendable (Result, Element) async -> Result
  ) -> AsyncExclusiveReductionsSequence<Self, Result> {
    reductions(into: initial) { result, element in result = await transform(result, element) }
  }

  /// The running result of updating `initial` in place with each element in turn; `initial`
  /// itself is not emitted.
  ///
  /// ```swift
  /// let seen = words.reductions(into: Set<String>()) { seen, word in seen.insert(word) }
  /// ```
  ///
  /// - Parameters:
  ///   - initial: The result before the first element.
  ///   - transform: Updates the result with the next element.
  @inlinable
  public func reductions<Result>(
    into initial: Result,
    _ transform: nonisolated(nonsending) @escaping @Sendable (inout Result, Element) async -> Void
  ) -> AsyncExclusiveReductionsSequence<Self, Result> {
    AsyncExclusiveReductionsSequence(base: self, initial: initial, transform: transform)
  }
}

/// An asynchronous sequence of the running results of combining an initial value with each of
/// its base's elements; made by `reductions(_:_:)` or `reductions(into:_:)` with a closure that
/// does not throw.
///
/// ```swift
/// let totals = prices.reductions(0, +)
/// ```
///
/// It throws what its base throws (`Failure` is the base's).
public struct AsyncExclusiveReductionsSequence<Base: AsyncSequence, Element> {
  @usableFromInline let base: Base
  @usableFromInline let initial: Element
  @usableFromInline let transform:
    nonisolated(nonsending) @Sendable (inout Element, Base.Element) async -> Void

  @inlinable
  init(
    base: Base, initial: Element,
    transform:
      nonisolated(nonsending) @escaping @Sendable (inout Element, Base.Element) async -> Void
  ) {
    self.base = base
    self.initial = initial
    self.transform = transform
  }
}

extension AsyncExclusiveReductionsSequence: AsyncSequence {
  /// The base's failure.
  public typealias Failure = Base.Failure

  /// Creates an iterator over the running results.
  ///
  /// ```swift
  /// var iterator = prices.reductions(0, +).makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), initial: initial, transform: transform)
  }

  /// Produces the running results.
  ///
  /// ```swift
  /// while let total = await iterator.next() { print(total) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let transform:
      nonisolated(nonsending) @Sendable (inout Element, Base.Element) async -> Void
    /// The last result; `nil` once the sequence has ended.
    @usableFromInline var result: Element?

    @inlinable
    init(
      base: Base.AsyncIterator, initial: Element,
      transform:
        nonisolated(nonsending) @escaping @Sendable (inout Element, Base.Element) async -> Void
    ) {
      self.base = base
      self.result = initial
      self.transform = transform
    }

    /// The next running result; `nil` at the end, and for ever after the end or an error.
    ///
    /// ```swift
    /// let total = try await iterator.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      guard var next = result else { return nil }
      result = nil  // ended, unless the element below arrives
      guard let element = try await base.next(isolation: actor) else { return nil }
      await transform(&next, element)
      result = next
      return next
    }

    /// The next running result; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncExclusiveReductionsSequence: Sendable where Base: Sendable, Element: Sendable {}
extension AsyncExclusiveReductionsSequence.Iterator: Sendable
where Base.AsyncIterator: Sendable, Element: Sendable {}
