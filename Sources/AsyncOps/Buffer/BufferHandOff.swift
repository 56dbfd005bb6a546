/// One element of a buffered base on its way from the reading task to the consumer.
///
/// `@unchecked Sendable` because `buffer(policy:)` accepts elements that are not `Sendable`, as
/// swift-async-algorithms' does, while the buffer's storage moves them from the task that reads
/// the base to the consuming task. Safe because each element is handed over, never shared: the
/// reading task gets it from the base's `next()`, stores it in the buffer and never touches it
/// again; the consumer takes it out of the buffer exactly once (an element the policy drops is
/// only released). At no moment do two tasks hold one element. What the base itself does with a
/// value after returning it is the base's own contract, as for any `AsyncSequence` (`Base` is
/// `Sendable`, so it is already iterated away from where it was made).
@usableFromInline
struct BufferHandOff<Value>: @unchecked Sendable {
  @usableFromInline var value: Value

  @inlinable
  init(_ value: Value) {
    self.value = value
  }
}

/// The base of a buffer seen through ``BufferHandOff``: the same elements and failure, each
/// wrapped so the storage can move it between tasks (see ``BufferHandOff`` for why that is sound).
@usableFromInline
struct BufferHandOffSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable {
  @usableFromInline typealias Element = BufferHandOff<Base.Element>
  @usableFromInline typealias Failure = Base.Failure

  @usableFromInline let base: Base

  @inlinable
  init(_ base: Base) {
    self.base = base
  }

  @inlinable
  func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator())
  }

  /// Reads the base and wraps each element.
  @usableFromInline
  struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var base: Base.AsyncIterator

    @inlinable
    init(base: Base.AsyncIterator) {
      self.base = base
    }

    @inlinable
    mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      guard let element = try await base.next(isolation: actor) else { return nil }
      return BufferHandOff(element)
    }

    @inlinable
    mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}
