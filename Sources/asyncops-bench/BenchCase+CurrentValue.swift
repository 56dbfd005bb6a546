import AsyncOps

extension BenchCase {
  /// `currentValue`: a sender task sends `1..<N` into an `AsyncCurrentValue` and, after each
  /// send, waits for the receiver's acknowledgement (a bare continuation hand-off), so no value is
  /// conflated away and every value is received. One element = one value sent and received.
  static let currentValue = BenchCase(
    name: "currentValue",
    summary: "AsyncCurrentValue send→receive, sender waits for each receipt; per value",
    size: 300_000, quickSize: 5_000, repetitions: 3,
    measure: { count in await currentValuePingPong(count) })
}

@inline(never)
private func currentValuePingPong(_ count: Int) async -> RunOutcome {
  let channel = AsyncCurrentValue(0)
  let receipts = HandoffMailbox()
  let receiver = Task {
    var sum = 0
    for await value in channel {
      sum &+= value
      receipts.send(value)
      if value == count - 1 { break }
    }
    return sum
  }
  _ = await receipts.receive()  // the current value, 0
  for value in 1..<count {
    channel.send(value)
    _ = await receipts.receive()
  }
  let sum = await receiver.value
  return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
}
