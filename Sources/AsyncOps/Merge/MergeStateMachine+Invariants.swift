extension MergeStateMachine: InvariantChecking {
  /// Asserts: before the first `next()` nothing waits; a waiting consumer means no element waits;
  /// at most one element waits per unfinished base (its reader is suspended until it is taken);
  /// a draining merge has elements left to take; an ended merge holds none.
  @inlinable
  func checkInvariants() {
    switch state {
    case .idle:
      assert(waiting.isEmpty, "merge: an element waits before the readers started")
    case .merging(let consumer, let unfinished):
      assert(unfinished >= 1, "merge: merging with no unfinished base")
      assert(consumer == nil || waiting.isEmpty, "merge: the consumer waits beside an element")
      assert(waiting.count <= unfinished, "merge: more waiting elements than unfinished bases")
    case .draining:
      assert(!waiting.isEmpty, "merge: draining with nothing left to take")
    case .ended:
      assert(waiting.isEmpty, "merge: an element waits after the end")
    }
  }
}
