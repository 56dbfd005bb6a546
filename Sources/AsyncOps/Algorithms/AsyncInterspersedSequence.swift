// See AsyncAdjacentPairsSequence.swift: the iterator is the whole operator (no task, no storage);
// InterspersedCursor holds the counting it shares with AsyncThrowingInterspersedSequence.

extension AsyncSequence {
  /// Inserts `separator` between the elements, after every `every` of them.
  ///
  /// ```swift
  /// for await part in ["A", "B", "C"].async.interspersed(with: "-") {
  ///   print(part)   // "A", "-", "B", "-", "C"
  /// }
  /// ```
  ///
  /// No separator comes before the first element or after the last one.
  ///
  /// - Parameters:
  ///   - every: How many elements come between two separators; at least 1.
  ///   - separator: The element to insert.
  @inlinable
  public func interspersed(every: Int = 1, with separator: Element)
    -> AsyncInterspersedSequence<Self>
  {
    AsyncInterspersedSequence(base: self, every: every, separator: .element(separator))
  }

  /// Inserts the result of `separator` between the elements, after every `every` of them.
  ///
  /// ```swift
  /// let counter = Counter()
  /// let numbered = lines.interspersed(every: 2, with: { counter.nextMarker() })
  /// ```
  ///
  /// - Parameters:
  ///   - every: How many elements come between two separators; at least 1.
  ///   - separator: Called for each separator, when it is due.
  @inlinable
  public func interspersed(
    every: Int = 1,
    with separator: @Sendable @escaping () -> Element
  ) -> AsyncInterspersedSequence<Self> {
    AsyncInterspersedSequence(base: self, every: every, separator: .synchronous(separator))
  }

  /// Inserts the result of the `async` closure `separator` between the elements, after every
  /// `every` of them.
  ///
  /// ```swift
  /// let framed = frames.interspersed(with: { await keyFrames.next() })
  /// ```
  ///
  /// The closure is awaited when the separator is due; cancelling the consuming task while it
  /// runs is up to the closure (the sequence itself ends at the base's next read).
  ///
  /// - Parameters:
  ///   - every: How many elements come between two separators; at least 1.
  ///   - separator: Called for each separator, when it is due.
  @inlinable
  public func interspersed(
    every: Int = 1,
    with separator: @Sendable @escaping () async -> Element
  ) -> AsyncInterspersedSequence<Self> {
    AsyncInterspersedSequence(base: self, every: every, separator: .asynchronous(separator))
  }
}

/// An asynchronous sequence of its base's elements with a separator between them, after every
/// `every` elements; made by `interspersed(every:with:)` with a value or a closure that does not
/// throw.
///
/// ```swift
/// let csv = await String(fields.interspersed(with: ","))
/// ```
///
/// It throws what its base throws (`Failure` is the base's).
public struct AsyncInterspersedSequence<Base: AsyncSequence> {
  /// How a separator is made.
  @usableFromInline
  enum Separator {
    case element(Base.Element)
    case synchronous(@Sendable () -> Base.Element)
    case asynchronous(@Sendable () async -> Base.Element)
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

extension AsyncInterspersedSequence: AsyncSequence {
  /// The base's element; separators are of the same type.
  public typealias Element = Base.Element
  /// The base's failure.
  public typealias Failure = Base.Failure

  /// Creates an iterator over the elements and separators.
  ///
  /// ```swift
  /// var iterator = words.interspersed(with: " ").makeAsyncIterator()
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
  /// while let part = await iterator.next() { print(part) }
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
    ) async throws(Failure) -> Element? {
      switch try await cursor.next(isolation: actor) {
      case .element(let element): return element
      case .end: return nil
      case .separator:
        switch separator {
        case .element(let element): return element
        case .synchronous(let makeSeparator): return makeSeparator()
        case .asynchronous(let makeSeparator): return await makeSeparator()
        }
      }
    }

    /// The next element or separator; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncInterspersedSequence.Separator: Sendable where Base.Element: Sendable {}
extension AsyncInterspersedSequence: Sendable where Base: Sendable, Base.Element: Sendable {}
extension AsyncInterspersedSequence.Iterator: Sendable
where Base.AsyncIterator: Sendable, Base.Element: Sendable {}
