import AsyncOps

/// `channel-1to1` and `channel-4to4`: `AsyncChannel` rendezvous between tasks. Every element
/// costs a suspension of its sender or its consumer (the channel has no buffer), so these measure
/// the hand-off, not the operator logic; `handoff` is their floor.
extension BenchCase {
  /// `channel-1to1`: one task sends `0..<N`, one task receives; per element.
  static let channelOneToOne = BenchCase(
    name: "channel-1to1",
    summary: "AsyncChannel: 1 sender task → 1 consumer task, rendezvous; per element",
    size: 200_000, quickSize: 2_000, repetitions: operatorRepetitions,
    measure: { count in await channelExchange(count: count, senders: 1, consumers: 1) })

  /// `channel-4to4`: four tasks send a quarter of `0..<N` each, four tasks receive; per element.
  static let channelFourToFour = BenchCase(
    name: "channel-4to4",
    summary: "AsyncChannel: 4 sender tasks → 4 consumer tasks, rendezvous; per element",
    size: 200_000, quickSize: 2_000, repetitions: operatorRepetitions,
    measure: { count in await channelExchange(count: count, senders: 4, consumers: 4) })
}

/// Sends `0..<count` from `senders` tasks (each a contiguous share) to `consumers` tasks, then
/// finishes the channel; the checksum is the sum of what the consumers received.
@inline(never)
private func channelExchange(count: Int, senders: Int, consumers: Int) async -> RunOutcome {
  let channel = AsyncChannel<Int>()
  let sum = await withTaskGroup(of: Int.self) { group in
    for _ in 0..<consumers {
      group.addTask {
        var sum = 0
        for await value in channel { sum &+= value }
        return sum
      }
    }
    await withTaskGroup(of: Void.self) { sending in
      for sender in 0..<senders {
        let range = (count * sender / senders)..<(count * (sender + 1) / senders)
        sending.addTask {
          for value in range { await channel.send(value) }
        }
      }
    }
    channel.finish()
    return await group.reduce(0, &+)
  }
  return RunOutcome(
    elements: count, checksum: sum, expected: triangular(count),
    extraFields: [("senders", Double(senders)), ("consumers", Double(consumers))])
}
