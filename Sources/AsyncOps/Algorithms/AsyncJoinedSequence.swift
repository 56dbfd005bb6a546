// See AsyncAdjacentPairsSequence.swift: the iterator is the whole operator (no task, no storage).
//
// Why `rethrows` here and not typed throws: the failure of a joined sequence is its outer
// sequence's or its inner sequences' — two types, and Swift cannot compute "`Never` if both are
// `Never`, else `any Error`" from a generic parameter. So, as swift-async-algorithms and the
// standard library's `flatMap` do, `Failure` is `any Error` and both `next()` and
// `next(isolation:)` are `rethrows`: the compiler's rethrows-conformance check then lets
// `for await` over non-throwing parts go without `try`, while `for try await` and generic code
// see `any Error`.

extension AsyncSequence where Element: AsyncSequence {
  /// The elements of each inner sequence, one inner sequence after the other.
  ///
  /// ```swift
  /// let pages = [[1, 2], [3], [4, 5]].map(\.async).async
  /// for await item in pages.joined() { print(item) }   // 1, 2, 3, 4, 5
  /// ```
  ///
  /// An inner sequence is iterated only once the one before it has finished.
  @inlinable
  public func joined() -> AsyncJoinedSequence<Self> {
    AsyncJoinedSequence(base: self)
  }
}

/// An asynchronous sequence of the elements of each of its base's inner sequences, in order;
/// made by `joined()`.
///
/// ```swift
/// for try await item in pagesOfResults.joined() { show(item) }
/// ```
///
/// An error of the base or of an inner sequence ends it.
public struct AsyncJoinedSequence<Base: AsyncSequence>: AsyncSequence
where Base.Element: AsyncSequence {
  /// The inner sequences' element.
  public typealias Element = Base.Element.Element
  /// The base's failure or an inner sequence's (`for await` needs no `try` when neither throws).
  public typealias Failure = any Error

  @usableFromInline let base: Base

  @inlinable
  init(base: Base) {
    self.base = base
  }

  /// Creates an iterator over the joined elements.
  ///
  /// ```swift
  /// var iterator = pages.joined().makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(outer: base.makeAsyncIterator())
  }

  /// Produces the elements of each inner sequence in turn.
  ///
  /// ```swift
  /// while let item = await iterator.next() { print(item) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    /// The base's failure or an inner sequence's.
    public typealias Failure = any Error

    // Not optional: an optional of a standard-library iterator (the usual outer one is `map`'s,
    // whose layout is resilient) is tested through its value witnesses, which look its generic
    // metadata up on every element; a flag is tested in place.
    @usableFromInline var outer: Base.AsyncIterator
    @usableFromInline var inner: Base.Element.AsyncIterator?
    /// Set once the sequence has ended (finished or thrown): it then returns `nil` for ever.
    @usableFromInline var ended = false

    @inlinable
    init(outer: Base.AsyncIterator) {
      self.outer = outer
    }

    /// The next element; `nil` at the end, and for ever after the end or an error.
    ///
    /// ```swift
    /// let item = try await iterator.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async rethrows -> Element? {
      do {
        while !ended {
          if inner != nil, let element = try await inner!.next(isolation: actor) {
            return element
          }
          inner = nil
          guard let sequence = try await outer.next(isolation: actor) else { break }
          inner = sequence.makeAsyncIterator()
        }
        end()
        return nil
      } catch {
        end()
        throw error
      }
    }

    /// The next element; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async rethrows -> Element? {
      try await next(isolation: nil)
    }

    @inlinable
    mutating func end() {
      ended = true
      inner = nil
    }
  }
}

extension AsyncJoinedSequence: Sendable where Base: Sendable {}
extension AsyncJoinedSequence.Iterator: Sendable
where Base.AsyncIterator: Sendable, Base.Element.AsyncIterator: Sendable {}
