extension BenchCase {
  /// `floor`: a producer task yields `N` Ints into an `AsyncStream` with an unbounded buffer; the
  /// consumer iterates it. One element = one value through the stream. The producer runs ahead
  /// of the consumer, so this is contended buffer throughput, not one hop per element: it costs
  /// several `handoff`s and its run-to-run spread is wide (whether the consumer is parked when a
  /// value arrives varies). The denominator of every `ratioToFloor`. (A bounded `AsyncStream`
  /// buffer drops elements, so it cannot be a lossless floor.)
  static let floor = BenchCase(
    name: floorName,
    summary: "AsyncStream hand-off from a producer task to the consumer; per element",
    size: 200_000, quickSize: 5_000, repetitions: operatorRepetitions,
    measure: { count in await streamHandOff(count) })

  /// `handoff`: two tasks ping-pong values through bare `withUnsafeContinuation` mailboxes.
  /// One element = one hand-off from one task to the other (a round trip is two elements): the
  /// physical floor, what moving one element from one task to another (and waking it) costs at
  /// least, and the denominator of every `ratioToHandoff`.
  static let handoff = BenchCase(
    name: handoffName,
    summary: "withUnsafeContinuation ping-pong between two tasks; per one-way hand-off",
    size: 400_000, quickSize: 10_000, repetitions: operatorRepetitions,
    measure: { count in await continuationPingPong(roundTrips: count / 2) })
}

/// Sends `0..<count` through an `AsyncStream` from a producer task and sums what arrives.
@inline(never)
private func streamHandOff(_ count: Int) async -> RunOutcome {
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
  let producer = Task {
    for value in 0..<count { continuation.yield(value) }
    continuation.finish()
  }
  var received = 0
  var sum = 0
  for await value in stream {
    received &+= 1
    sum &+= value
  }
  await producer.value
  return RunOutcome(elements: received, checksum: sum, expected: triangular(count))
}

/// Ping-pongs `0..<roundTrips` between the calling task and an echo task; sums both directions.
@inline(never)
private func continuationPingPong(roundTrips: Int) async -> RunOutcome {
  let toEcho = HandoffMailbox()
  let fromEcho = HandoffMailbox()
  let echo = Task {
    var echoed = 0
    for _ in 0..<roundTrips {
      let value = await toEcho.receive()
      echoed &+= value
      fromEcho.send(value)
    }
    return echoed
  }
  var sum = 0
  for value in 0..<roundTrips {
    toEcho.send(value)
    sum &+= await fromEcho.receive()
  }
  // Both directions must have carried every value: the echo task's own sum counts too.
  let echoed = await echo.value
  return RunOutcome(
    elements: 2 &* roundTrips, checksum: sum &+ echoed, expected: 2 &* triangular(roundTrips),
    extraFields: [("roundTrips", Double(roundTrips))])
}

/// `0 + 1 + ... + (count - 1)`, the checksum of `0..<count`.
func triangular(_ count: Int) -> Int {
  count > 0 ? count &* (count &- 1) / 2 : 0
}
