extension ShareStateMachine: InvariantChecking {
  /// Asserts: `consumers` is sorted by id; a consumer with a waiter has an empty buffer; the
  /// replay holds at most `replayLimit` elements; `fullConsumerCount` counts the consumers that
  /// hold the upstream back (under `.bounded(n)`: for `n ≥ 1`, those whose buffer holds `n` or
  /// more elements and that do not wait; for `n = 0`, every consumer that does not wait; under the
  /// other policies none); a stop timer is armed only for a share with a stop delay, and only
  /// while no consumer is registered.
  @inlinable
  func checkInvariants() {
    assert(
      zip(consumers, consumers.dropFirst()).allSatisfy { $0.id < $1.id },
      "share: the consumers are not sorted by id")
    assert(
      consumers.allSatisfy { $0.waiter == nil || $0.buffer.isEmpty },
      "share: a waiting consumer has buffered elements")
    assert(replay.count <= replayLimit, "share: the replay holds more than its limit")
    var holdingBack = 0
    if let limit = boundedLimit {
      for consumer in consumers where consumer.waiter == nil && consumer.buffer.count >= limit {
        holdingBack += 1
      }
    }
    assert(
      stopTimer == nil || (consumers.isEmpty && stopping == .afterDelay),
      "share: a stop timer is armed while a consumer is registered, or without a stop delay")
    assert(
      fullConsumerCount == holdingBack,
      "share: fullConsumerCount does not count the consumers that hold the upstream back")
  }
}
