// See AsyncAdjacentPairsSequence.swift: the iterator is the whole operator (no task, no storage).

extension Sequence {
  /// This sequence's elements as an `AsyncSequence` that never suspends and never throws.
  ///
  /// ```swift
  /// for await letter in ["a", "b", "c"].async { print(letter) }
  /// let sum = await (1...3).async.reductions(+)   // 1, 3, 6
  /// ```
  ///
  /// Iteration ends (`nil`) once the consuming task is cancelled, so even an endless sequence
  /// stops with its loop.
  @inlinable
  public var async: AsyncSyncSequence<Self> {
    AsyncSyncSequence(base: self)
  }
}

/// A synchronous `Sequence` as an `AsyncSequence`; made by the `async` property of a sequence.
///
/// ```swift
/// let source: AsyncSyncSequence<[Int]> = [1, 2, 3].async
/// ```
///
/// It never throws (`Failure` is `Never`) and returns `nil` when the consuming task is cancelled.
public struct AsyncSyncSequence<Base: Sequence>: AsyncSequence {
  /// The base's element.
  public typealias Element = Base.Element
  /// It never throws.
  public typealias Failure = Never

  @usableFromInline let base: Base

  @inlinable
  init(base: Base) {
    self.base = base
  }

  /// Creates an iterator over the base's elements.
  ///
  /// ```swift
  /// var iterator = [1, 2].async.makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeIterator())
  }

  /// Produces the base's elements, until the end or the cancellation of the consuming task.
  ///
  /// ```swift
  /// while let value = await iterator.next() { print(value) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    /// `nil` once the sequence has ended, so it never restarts (and the base is released).
    @usableFromInline var base: Base.Iterator?

    @inlinable
    init(base: Base.Iterator) {
      self.base = base
    }

    /// The next element; `nil` at the end or once the task is cancelled, and for ever after.
    ///
    /// ```swift
    /// let value = await iterator.next(isolation: #isolation)
    /// ```
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element?
    {
      guard !Task.isCancelled, let element = base?.next() else {
        base = nil
        return nil
      }
      return element
    }

    /// The next element; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async -> Element? {
      await next(isolation: nil)
    }
  }
}

extension AsyncSyncSequence: Sendable where Base: Sendable {}
extension AsyncSyncSequence.Iterator: Sendable where Base.Iterator: Sendable {}
