/// The pure core of `chain`, shared by every arity: which base is read, and when the chain ends.
///
/// Rules (Chain rules 1–3): the bases are read one after the other; a base is not iterated
/// before the one before it has finished; a failure ends the chain; after the end every `next()`
/// returns `nil`. A consumer whose task is cancelled ends the chain when its current base ends
/// (a later base is not started for a cancelled consumer).
@usableFromInline
struct ChainStateMachine: Sendable {
  @usableFromInline
  enum State: Sendable, Equatable {
    /// Reading the base at this index.
    case reading(Int)
    case ended
  }

  @usableFromInline let baseCount: Int
  @usableFromInline var state: State

  /// A chain of `baseCount` bases; with none it has ended before it starts.
  @inlinable
  init(baseCount: Int) {
    precondition(baseCount >= 0, "chain: a negative base count")
    self.baseCount = baseCount
    state = baseCount == 0 ? .ended : .reading(0)
  }

  /// The base to read next, or `nil` when the chain has ended.
  @inlinable
  var currentBase: Int? {
    if case .reading(let index) = state { return index }
    return nil
  }

  /// The current base finished; `cancelled` tells whether the consumer's task is cancelled.
  /// Returns the next base to read, or `nil` when the chain has ended.
  @inlinable
  mutating func baseFinished(cancelled: Bool) -> Int? {
    guard case .reading(let index) = state else { return nil }
    guard index + 1 < baseCount, !cancelled else {
      state = .ended
      return nil
    }
    state = .reading(index + 1)
    return index + 1
  }

  /// The current base failed: the chain ends (the caller throws the failure once).
  @inlinable
  mutating func baseFailed() {
    state = .ended
  }
}
