extension ChannelStateMachine: InvariantChecking {
  /// Asserts: while open, senders and consumers never both wait (a rendezvous happens at once);
  /// each queue is in the order its parties arrived (increasing ids); once ended, nobody waits.
  @inlinable
  func checkInvariants() {
    assert(
      waitingSends.isEmpty || waitingConsumers.isEmpty, "channel: senders and consumers both wait")
    assert(
      zip(waitingSends, waitingSends.dropFirst()).allSatisfy { $0.id < $1.id },
      "channel: the waiting sends are not in arrival order")
    assert(
      zip(waitingConsumers, waitingConsumers.dropFirst()).allSatisfy { $0.id < $1.id },
      "channel: the waiting consumers are not in arrival order")
    if termination != nil {
      assert(
        waitingSends.isEmpty && waitingConsumers.isEmpty, "channel: a party waits after the end")
    }
  }
}
