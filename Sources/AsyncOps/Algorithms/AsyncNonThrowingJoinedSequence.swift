// Why this type: `AsyncJoinedSequence` and `AsyncJoinedBySeparatorSequence` must say `Failure ==
// any Error` (see AsyncJoinedSequence.swift), so a generic `async rethrows` function over an
// `AsyncSequence` — `Array(_:)`, `String(_:)`, `Set(_:)`, `Dictionary(uniqueKeysWithValues:)` —
// would demand `try` even for parts that cannot fail, where swift-async-algorithms' callers write
// none. When the base, its inner sequences and the separator all have `Failure == Never`, these
// more specific overloads of `joined()` and `joined(separator:)` are chosen, and their result says
// `Failure == Never`. A caller that names the general type still gets it.

extension AsyncSequence where Element: AsyncSequence, Failure == Never, Element.Failure == Never {
  /// The elements of each inner sequence, one inner sequence after the other, as a sequence that
  /// cannot fail (neither the base nor its inner sequences can).
  ///
  /// ```swift
  /// let items = await Array([[1, 2], [3]].map(\.async).async.joined())   // [1, 2, 3], no try
  /// ```
  @inlinable
  public func joined() -> AsyncNonThrowingJoinedSequence<AsyncJoinedSequence<Self>> {
    AsyncNonThrowingJoinedSequence(AsyncJoinedSequence(base: self))
  }

  /// The elements of each inner sequence with the elements of `separator` between two of them, as
  /// a sequence that cannot fail (no part of it can).
  ///
  /// ```swift
  /// let text = await String(["ab".async, "cd".async].async.joined(separator: "-".async))  // "ab-cd"
  /// ```
  ///
  /// - Parameter separator: The elements to insert between two inner sequences.
  @inlinable
  public func joined<Separator: AsyncSequence>(
    separator: Separator
  ) -> AsyncNonThrowingJoinedSequence<AsyncJoinedBySeparatorSequence<Self, Separator>>
  where Separator.Failure == Never {
    AsyncNonThrowingJoinedSequence(AsyncJoinedBySeparatorSequence(base: self, separator: separator))
  }
}

/// A joined sequence whose parts cannot fail, with `Failure == Never`: what `joined()` and
/// `joined(separator:)` return when neither the base, its inner sequences nor the separator can
/// throw.
///
/// ```swift
/// let pages = [[1, 2], [3]].map(\.async).async
/// for await item in pages.joined() { print(item) }       // 1, 2, 3
/// let all = await Array(pages.joined())                   // no `try`
/// ```
///
/// It iterates `Joined` (an ``AsyncJoinedSequence`` or ``AsyncJoinedBySeparatorSequence``)
/// exactly as that sequence would; only its failure type differs.
public struct AsyncNonThrowingJoinedSequence<Joined: AsyncSequence>: AsyncSequence {
  /// The inner sequences' element.
  public typealias Element = Joined.Element
  /// No part can fail.
  public typealias Failure = Never

  @usableFromInline let joined: Joined

  /// Made only by the `joined` overloads above, from parts whose failure is `Never`.
  @inlinable
  init(_ joined: Joined) {
    self.joined = joined
  }

  /// Creates an iterator over the joined elements.
  ///
  /// ```swift
  /// var iterator = pages.joined().makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(joined.makeAsyncIterator())
  }

  /// Produces the joined elements; `nil` at the end and for ever after.
  ///
  /// ```swift
  /// while let item = await iterator.next() { print(item) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var joined: Joined.AsyncIterator

    @inlinable
    init(_ joined: Joined.AsyncIterator) {
      self.joined = joined
    }

    /// The next element, or `nil` at the end.
    ///
    /// ```swift
    /// let item = await iterator.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element?
    {
      do {
        return try await joined.next(isolation: actor)
      } catch {
        // Unreachable: `Joined` is only made by the overloads above, whose base, inner sequences
        // and separator all have `Failure == Never`, and the joined iterators throw nothing of
        // their own.
        preconditionFailure("a joined sequence of parts that cannot fail threw \(error)")
      }
    }

    /// The next element; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async -> Element? {
      await next(isolation: nil)
    }
  }
}

extension AsyncNonThrowingJoinedSequence: Sendable where Joined: Sendable {}
extension AsyncNonThrowingJoinedSequence.Iterator: Sendable where Joined.AsyncIterator: Sendable {}
