// See AsyncAdjacentPairsSequence.swift: the iterator is the whole operator (no task, no storage).

extension AsyncSequence {
  /// The running combination of the elements by a synchronous closure: the first element, then
  /// `transform` of the last result and each later element.
  ///
  /// ```swift
  /// let totals = amounts.reductions(+)
  /// ```
  ///
  /// Beside swift-async-algorithms' `async` overload, so that `reductions(+)` and closures that
  /// do not `await` are called without a suspension point (and an operator reference is never
  /// converted to a `nonisolated(nonsending)` function: Swift 6.3 crashes on that).
  ///
  /// - Parameter transform: Combines the last result with the next element.
  @inlinable
  public func reductions(
    _ transform: @Sendable @escaping (Element, Element) -> Element
  ) -> AsyncInclusiveReductionsSequence<Self> {
    AsyncInclusiveReductionsSequence(base: self) { result, element in transform(result, element) }
  }

  /// The running combination of the elements: the first element, then `transform` of the last
  /// result and each later element (`reduce` that shows every step, without an initial value).
  ///
  /// ```swift
  /// for await total in [1, 2, 3, 4].async.reductions(+) {
  ///   print(total)   // 1, 3, 6, 10
  /// }
  /// ```
  ///
  /// - Parameter transform: Combines the last result with the next element.
  @inlinable
  public func reductions(
    _ transform: nonisolated(nonsending) @escaping @Sendable (Element, Element) async -> Element
  ) -> AsyncInclusiveReductionsSequence<Self> {
    AsyncInclusiveReductionsSequence(base: self, transform: transform)
  }
}

/// An asynchronous sequence of the running combination of its base's elements, starting with the
/// first element; made by `reductions(_:)` with a closure that does not throw.
///
/// ```swift
/// let runningMaximum = temperatures.reductions { max($0, $1) }
/// ```
///
/// It throws what its base throws (`Failure` is the base's).
public struct AsyncInclusiveReductionsSequence<Base: AsyncSequence> {
  @usableFromInline let base: Base
  @usableFromInline let transform:
    nonisolated(nonsending) @Sendable (Base.Element, Base.Element) async -> Base.Element

  @inlinable
  init(
    base: Base,
    transform:
      nonisolated(nonsending) @escaping @Sendable (Base.Element, Base.Element) async -> Base.Element
  ) {
    self.base = base
    self.transform = transform
  }
}

extension AsyncInclusiveReductionsSequence: AsyncSequence {
  /// The base's element: each running result.
  public typealias Element = Base.Element
  /// The base's failure.
  public typealias Failure = Base.Failure

  /// Creates an iterator over the running results.
  ///
  /// ```swift
  /// var iterator = numbers.reductions(+).makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), transform: transform)
  }

  /// Produces the running results.
  ///
  /// ```swift
  /// while let total = await iterator.next() { print(total) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator
    @usableFromInline let transform:
      nonisolated(nonsending) @Sendable (Base.Element, Base.Element) async -> Base.Element
    @usableFromInline var result: Base.Element?
    @usableFromInline var finished = false

    @inlinable
    init(
      base: Base.AsyncIterator,
      transform:
        nonisolated(nonsending) @escaping @Sendable (Base.Element, Base.Element) async ->
        Base.Element
    ) {
      self.base = base
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
      guard !finished else { return nil }
      let element: Base.Element?
      do {
        element = try await base.next(isolation: actor)
      } catch {
        finish()
        throw error
      }
      guard let element else {
        finish()
        return nil
      }
      let next = if let result { await transform(result, element) } else { element }
      result = next
      return next
    }

    /// The next running result; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }

    @inlinable
    mutating func finish() {
      finished = true
      result = nil
    }
  }
}

extension AsyncInclusiveReductionsSequence: Sendable where Base: Sendable {}
extension AsyncInclusiveReductionsSequence.Iterator: Sendable
where Base.AsyncIterator: Sendable, Base.Element: Sendable {}
