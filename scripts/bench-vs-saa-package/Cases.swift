// The shared cases of the side-by-side run, written once and compiled twice by
// scripts/bench-vs-saa: once as `SAACases` (the import below becomes `import AsyncAlgorithms`) and
// once as `OursCases` (`import AsyncOps`). The sources (CountingSequence, RendezvousSequence,
// ProducedStream, GatedSequence) are the bench's own files, copied into each module, so both
// libraries' generic code is specialised for them in the same way.
import LIBRARY

/// One run: elements processed, and the checksum beside the one it must equal.
public struct Outcome: Sendable {
  /// Elements processed: the divisor of the run's time.
  public let elements: Int
  /// What the consumer saw, summed.
  public let checksum: Int
  /// What an honest run sees.
  public let expected: Int
}

/// One case: its name, `N`, and the timed run.
public struct Case: Sendable {
  /// The bench's name for the case.
  public let name: String
  /// `N`.
  public let size: Int
  /// One timed run over `N`.
  public let run: @Sendable (Int) async -> Outcome
}

func triangular(_ count: Int) -> Int { count > 0 ? count &* (count &- 1) / 2 : 0 }

/// Sums a sequence of Ints.
@inline(never)
func sum<S: AsyncSequence>(_ sequence: S) async -> Int where S.Element == Int, S.Failure == Never {
  var total = 0
  for await value in sequence { total &+= value }
  return total
}

@inline(never)
func channelExchange(count: Int, senders: Int, consumers: Int) async -> Outcome {
  let channel = AsyncChannel<Int>()
  let total = await withTaskGroup(of: Int.self) { group in
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
        sending.addTask { for value in range { await channel.send(value) } }
      }
    }
    channel.finish()
    return await group.reduce(0, &+)
  }
  return Outcome(elements: count, checksum: total, expected: triangular(count))
}

@inline(never)
func combine(bases: Int, count: Int) async -> Outcome {
  let gate = StartGate(parties: bases)
  let base = GatedSequence(base: CountingSequence(count: count), gate: gate)
  let final = count - 1
  var tuples = 0
  var lastIsFinal = false
  if bases == 2 {
    var last = (-1, -1)
    for await tuple in combineLatest(base, base) {
      tuples &+= 1
      last = tuple
    }
    lastIsFinal = last == (final, final)
  } else {
    var last = (-1, -1, -1)
    for await tuple in combineLatest(base, base, base) {
      tuples &+= 1
      last = tuple
    }
    lastIsFinal = last == (final, final, final)
  }
  return Outcome(
    elements: bases * count, checksum: tuples &+ (lastIsFinal ? 0 : 1),
    expected: bases * count - (bases - 1))
}

@inline(never)
func chunked<S: AsyncSequence & Sendable>(_ base: S, count: Int) async -> Outcome
where S.Element == Int, S.Failure == Never {
  var total = 0
  var shaped = true
  for await chunk in base.chunks(ofCount: 16) {
    shaped = shaped && (chunk.count == 16 || chunk.last == count - 1)
    for value in chunk { total &+= value }
  }
  return Outcome(elements: count, checksum: shaped ? total : -1, expected: triangular(count))
}

/// A burst of `count` elements debounced by 1 s on the `ContinuousClock`: only the last is
/// emitted, on finish, and the checksum says so.
@inline(never)
func debouncedBurst<S: AsyncSequence & Sendable>(_ base: S, count: Int) async -> Outcome
where S.Element == Int, S.Failure == Never {
  var emitted = 0
  var last = -1
  for await value in base.debounce(for: .seconds(1)) {
    emitted &+= 1
    last = value
  }
  return Outcome(elements: count, checksum: last &+ (emitted &- 1) &* count, expected: count &- 1)
}

@inline(never)
func runningSum<S: AsyncSequence & Sendable>(_ base: S, count: Int) async -> Outcome
where S.Element == Int, S.Failure == Never {
  var last = 0
  for await total in base.reductions(+) { last = total }
  return Outcome(elements: count, checksum: last, expected: triangular(count))
}

/// Every shared case, in table order.
public let cases: [Case] = [
  Case(name: "chain2", size: 500_000) { n in
    let total = await sum(chain(CountingSequence(count: n), CountingSequence(count: n)))
    return Outcome(elements: 2 * n, checksum: total, expected: 2 &* triangular(n))
  },
  Case(name: "chain2-async-channel", size: 50_000) { n in
    let total = await sum(chain(RendezvousSequence(count: n), RendezvousSequence(count: n)))
    return Outcome(elements: 2 * n, checksum: total, expected: 2 &* triangular(n))
  },
  Case(name: "channel-1to1", size: 100_000) { n in
    await channelExchange(count: n, senders: 1, consumers: 1)
  },
  Case(name: "channel-4to4", size: 100_000) { n in
    await channelExchange(count: n, senders: 4, consumers: 4)
  },
  Case(name: "merge2", size: 100_000) { n in
    let base = CountingSequence(count: n)
    let total = await sum(merge(base, base))
    return Outcome(elements: 2 * n, checksum: total, expected: 2 &* triangular(n))
  },
  Case(name: "merge3", size: 60_000) { n in
    let base = CountingSequence(count: n)
    let total = await sum(merge(base, base, base))
    return Outcome(elements: 3 * n, checksum: total, expected: 3 &* triangular(n))
  },
  Case(name: "zip2", size: 100_000) { n in
    let base = CountingSequence(count: n)
    var total = 0
    for await (a, b) in zip(base, base) { total &+= a &+ b }
    return Outcome(elements: 2 * n, checksum: total, expected: 2 &* triangular(n))
  },
  Case(name: "combineLatest2", size: 100_000) { n in await combine(bases: 2, count: n) },
  Case(name: "combineLatest3", size: 60_000) { n in await combine(bases: 3, count: n) },
  Case(name: "debounce-burst", size: 1_000_000) { n in
    await debouncedBurst(CountingSequence(count: n), count: n)
  },
  Case(name: "debounce-burst-async", size: 100_000) { n in
    await debouncedBurst(ProducedStream(count: n), count: n)
  },
  Case(name: "throttle-burst", size: 500_000) { n in
    var last = -1
    var increasing = true
    for await value in CountingSequence(count: n)._throttle(for: .milliseconds(1)) {
      increasing = increasing && value > last
      last = value
    }
    return Outcome(elements: n, checksum: increasing ? last : -1, expected: n &- 1)
  },
  Case(name: "buffer-bounded", size: 500_000) { n in
    let total = await sum(CountingSequence(count: n).buffer(policy: .bounded(64)))
    return Outcome(elements: n, checksum: total, expected: triangular(n))
  },
  Case(name: "chunks", size: 1_000_000) { n in await chunked(CountingSequence(count: n), count: n)
  },
  Case(name: "chunks-async-channel", size: 100_000) { n in
    await chunked(RendezvousSequence(count: n), count: n)
  },
  Case(name: "removeDuplicates", size: 1_000_000) { n in
    let total = await sum(CountingSequence(count: n).removeDuplicates())
    return Outcome(elements: n, checksum: total, expected: triangular(n))
  },
  Case(name: "reductions", size: 1_000_000) { n in
    await runningSum(CountingSequence(count: n), count: n)
  },
  Case(name: "reductions-async-channel", size: 100_000) { n in
    await runningSum(RendezvousSequence(count: n), count: n)
  },
  Case(name: "adjacentPairs", size: 1_000_000) { n in
    var total = 0
    for await (_, second) in CountingSequence(count: n).adjacentPairs() { total &+= second }
    return Outcome(elements: n, checksum: total, expected: triangular(n))
  },
  Case(name: "compacted", size: 1_000_000) { n in
    // Every odd element is nil: half the elements are dropped.
    let optionals = CountingSequence(count: n).map { $0 & 1 == 0 ? $0 : nil }
    var total = 0
    for await value in optionals.compacted() { total &+= value }
    return Outcome(elements: n, checksum: total, expected: 2 &* triangular((n + 1) / 2))
  },
  Case(name: "interspersed", size: 1_000_000) { n in
    // Separator -1 between elements: the sum is the elements' sum less (n - 1).
    let total = await sum(CountingSequence(count: n).interspersed(with: -1))
    return Outcome(elements: n, checksum: total, expected: triangular(n) &- (n &- 1))
  },
]
