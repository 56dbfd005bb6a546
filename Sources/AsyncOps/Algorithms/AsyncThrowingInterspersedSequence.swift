// See AsyncAdjacentPairsSequence.swift: the iterator is the whole operator (no task, no storage);
// InterspersedCursor holds the counting it shares with AsyncInterspersedSequence.

extension AsyncSequence {
  /// Inserts the result of the throwing closure `separator` between the elements, after every
  /// `every` of them; an error it throws ends the sequence.
  ///
  /// ```swift
  /// for try await part in pages.interspersed(with: { try pageBreak() }) { render(part) }
  /// ```
  ///
  /// - Parameters:
  ///   - every: How many elements come between two separators; at least 1.
  ///   - separator: Called for each separator, when it is due.
  @inlinable
  public func interspersed(
    every: Int = 1,
    with separator: @Sendable @escaping () throws -> Element
  ) -> AsyncThrowingInterspersedSequence<Self> {
    AsyncThrowingInterspersedSequence(base: self, every: every, separator: .synchronous(separator))
  }

  /// Inserts the result of the `async` throwing closure `separator` between the elements, after
  /// every `every` of them; an error it throws ends the sequence.
  ///
  /// ```swift
  /// let chapters = sections.interspersed(every: 3, with: { try await loadDivider() })
  /// ```
  ///
  /// - Parameters:
  ///   - every: How many elements come between two separators; at least 1.
  ///   - separator: Called for each separator, when it is due.
  @inlinable
  public func interspersed(
    every: Int = 1,
    with separator: @Sendable @escaping () async throws -> Element
  ) -> AsyncThrowingInterspersedSequence<Self> {
    AsyncThrowingInterspersedSequence(base: self, every: every, separator: .asynchronous(separator))
  }
}

/// An asynchronous sequence of its base's elements with a separator between them, made by a
/// closure that may throw; made by `interspersed(every:with:)` with a throwing closure.
///
/// ```swift
/// for try await part in pages.interspersed(with: { try pageBreak() }) { render(part) }
/// ```
///
/// It throws `any Error`: the base's failure or the closure's; either ends the sequence.
public struct AsyncThrowingInterspersedSequence<Base: AsyncSequence> {
  /// How a separator is made.
  @usableFromInline
  enum Separator {
    case synchronous(@Sendable () throws -> Base.Element)
    case asynchronous(@Sendable () async throws -> Base.Element)
  }

  @usableFromInline let base: Base
  @usableFromInline let every: Int
  @usableFromInline let separator: Separator

  @inlinable
  init(base: Base, every: Int, separator: Separator) {
    precondition(every > 0, "interspersed(every:with:) needs every > 0, got \(every)")
    self.base = base
    self.every = every
    self.separator = separator
  }
}

extension AsyncThrowingInterspersedSequence: AsyncSequence {
  /// The base's element; separators are of the same type.
  public typealias Element = Base.Element
  /// The base's failure or the separator closure's.
  public typealias Failure = any Error

  /// Creates an iterator over the elements and separators.
  ///
  /// ```swift
  /// var iterator = pages.interspersed(with: { try pageBreak() }).makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      cursor: InterspersedCursor(base: base.makeAsyncIterator(), every: every), separator: separator
    )
  }

  /// Produces the base's elements with the separators between them.
  ///
  /// ```swift
  /// while let part = try await iterator.next() { render(part) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var cursor: InterspersedCursor<Base.AsyncIterator>
    @usableFromInline let separator: Separator

    @inlinable
    init(cursor: InterspersedCursor<Base.AsyncIterator>, separator: Separator) {
      self.cursor = cursor
      self.separator = separator
    }

    /// The next element or separator; `nil` at the end, and for ever after the end or an error.
    ///
    /// ```swift
    /// let part = try await iterator.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(any Error) -> Element? {
      switch try await cursor.next(isolation: actor) {
      case .element(let element): return element
      case .end: return nil
      case .separator:
        do {
          switch separator {
          case .synchronous(let makeSeparator): return try makeSeparator()
          case .asynchronous(let makeSeparator): return try await makeSeparator()
          }
        } catch {
          cursor.finish()
          throw error
        }
      }
    }

    /// The next element or separator; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(any Error) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncThrowingInterspersedSequence.Separator: Sendable where Base.Element: Sendable {}
extension AsyncThrowingInterspersedSequence: Sendable where Base: Sendable, Base.Element: Sendable {
}
extension AsyncThrowingInterspersedSequence.Iterator: Sendable
where Base.AsyncIterator: Sendable, Base.Element: Sendable {}
