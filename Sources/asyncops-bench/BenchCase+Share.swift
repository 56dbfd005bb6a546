import AsyncOps

extension BenchCase {
  /// The lossless policy of the share cases: each consumer may run this many elements behind.
  static let shareBufferLimit = 64

  /// `share-1`, `share-4`, `share-16`: a synchronous `0..<N` source shared, under
  /// `.bounded(shareBufferLimit)`, with that many consumers, each registered before the upstream
  /// starts and each checked to receive every element. One element = one element received by one
  /// consumer (`N × consumers`).
  static func share(consumers: Int) -> BenchCase {
    BenchCase(
      name: "share-\(consumers)",
      summary: "share(.bounded(\(shareBufferLimit))) of 0..<N to \(consumers) consumer"
        + (consumers == 1 ? "" : "s") + "; per consumer-element",
      size: 100_000, quickSize: 2_000, repetitions: 3,
      measure: { count in await shareRun(count, consumers: consumers) })
  }
}

@inline(never)
private func shareRun(_ count: Int, consumers: Int) async -> RunOutcome {
  let shared = CountingSequence(count: count).share(
    bufferingPolicy: .bounded(BenchCase.shareBufferLimit))
  // Every consumer registers before any task starts: a consumer made inside its task could
  // register after the others had already taken elements (the parent task may be preempted
  // between two `addTask`s), and would rightly miss them.
  let iterators = (0..<consumers).map { _ in MovedIterator(iterator: shared.makeAsyncIterator()) }
  let sum = await withTaskGroup(of: Int.self) { group in
    for moved in iterators {
      group.addTask {
        var iterator = moved.iterator
        var sum = 0
        while let value = await iterator.next() { sum &+= value }
        return sum
      }
    }
    return await group.reduce(0, &+)
  }
  return RunOutcome(
    elements: count * consumers, checksum: sum, expected: consumers &* triangular(count),
    extraFields: [("consumers", Double(consumers))])
}

/// A share consumer's iterator on its way into the one task that iterates it.
private struct MovedIterator: @unchecked Sendable {
  // @unchecked: the iterator holds only a `Sendable` consumer handle and a flag, but is not
  // declared `Sendable`; each one is handed to exactly one task and never used elsewhere.
  let iterator: AsyncShareSequence<CountingSequence>.Iterator
}
