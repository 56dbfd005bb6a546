extension ZipStateMachine: InvariantChecking {
  /// Asserts: `heldCount` counts the held readers; nothing is held before the readers start or
  /// after the end; a waiting consumer means the current tuple is incomplete.
  @inlinable
  func checkInvariants() {
    assert(
      heldCount == held.reduce(0) { $0 + ($1 == nil ? 0 : 1) },
      "zip: heldCount does not count the held readers")
    switch state {
    case .idle, .ended:
      assert(heldCount == 0, "zip: a reader is held outside the zipping state")
    case .zipping(let consumer):
      assert(consumer == nil || !tupleIsComplete, "zip: the consumer waits beside a full tuple")
    }
  }
}
