import AsyncOps

extension BenchCase {
  /// `currentValue`: a sender task sends `1..<N` into an `AsyncCurrentValue` and, after each
  /// send, waits for the receiver's acknowledgement (a bare continuation hand-off), so no value is
  /// conflated away and every value is received. One element = one value sent and received, which
  /// is two hand-offs: the send→receive one and the acknowledgement.
  static let currentValue = BenchCase(
    name: "currentValue",
    summary: "AsyncCurrentValue send→receive, sender waits for each receipt; per value",
    size: 300_000, quickSize: 5_000, repetitions: operatorRepetitions,
    measure: { count in await currentValueWithReceipts(count) })

  /// `currentValue-pingpong`: as `handoff`, with an `AsyncCurrentValue` in place of each bare
  /// mailbox: the sender sends into one, an echo task receives and sends it back through the
  /// other. One element = one send→receive (a round trip is two), so its ratio to `handoff` is
  /// the cost of one `AsyncCurrentValue` hand-off against a bare one. The source is already a
  /// task that suspends per value, so this case has no `-async` variant.
  static let currentValuePingPong = BenchCase(
    name: "currentValue-pingpong",
    summary: "AsyncCurrentValue ping-pong between two tasks; per one-way send→receive",
    size: 300_000, quickSize: 5_000, repetitions: operatorRepetitions,
    measure: { count in await currentValueEcho(roundTrips: count / 2) })
}

@inline(never)
private func currentValueWithReceipts(_ count: Int) async -> RunOutcome {
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

@inline(never)
private func currentValueEcho(roundTrips: Int) async -> RunOutcome {
  let toEcho = AsyncCurrentValue(0)
  let fromEcho = AsyncCurrentValue(0)
  let echo = Task {
    var echoed = 0
    // The first value this iterator yields is the current value, 0, or, if the sender was
    // quicker, already 1 (it yields the newest): only values from 1 on are echoed.
    for await value in toEcho where value > 0 {
      echoed &+= value
      fromEcho.send(value)
      if value == roundTrips { break }
    }
    return echoed
  }
  // Nothing is sent into `fromEcho` before 1 is sent into `toEcho`, below: its first value is 0.
  var replies = fromEcho.makeAsyncIterator()
  _ = await replies.next()  // the current value, 0
  var sum = 0
  for value in 1...roundTrips {
    toEcho.send(value)
    // The echo sends each value back before this task sends the next, so none is conflated.
    sum &+= await replies.next() ?? 0
  }
  let echoed = await echo.value
  return RunOutcome(
    elements: 2 &* roundTrips, checksum: sum &+ echoed,
    expected: 2 &* triangular(roundTrips &+ 1),
    extraFields: [("roundTrips", Double(roundTrips))])
}
