extension CombineLatestStateMachine: InvariantChecking {
  /// Asserts, while combining: the counters count the bases in their states; the arrival queue
  /// holds exactly the bases whose element waits; a waiting consumer means no element waits.
  @inlinable
  func checkInvariants() {
    guard case .combining(let combining) = state else { return }
    var awaitingFirst = 0
    var unfinished = 0
    var waiting = 0
    for base in bases {
      switch base {
      case .awaitingFirst:
        awaitingFirst += 1
        unfinished += 1
      case .reading:
        unfinished += 1
      case .waiting:
        waiting += 1
        unfinished += 1
      case .finished:
        break
      }
    }
    assert(
      combining.awaitingFirstCount == awaitingFirst,
      "combineLatest: awaitingFirstCount does not count the bases awaiting their first element")
    assert(
      combining.unfinishedCount == unfinished,
      "combineLatest: unfinishedCount does not count the unfinished bases")
    assert(
      arrivals.count == waiting, "combineLatest: the arrival queue and the waiting bases differ")
    assert(
      combining.consumer == nil || arrivals.isEmpty,
      "combineLatest: the consumer waits beside a waiting element")
  }
}
