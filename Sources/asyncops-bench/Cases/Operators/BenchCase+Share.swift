import AsyncOps

/// `share-1`, `share-4`, `share-16` (and `-async`, `-async-channel`): a `0..<N` source shared,
/// under `.bounded(limit)`, with that many consumers, each registered before the upstream starts
/// and each checked to receive every element. One element = one element received by one
/// consumer (`N × consumers`).
struct ShareWorkload: OperatorWorkload {
  /// The lossless policy of the share cases: each consumer may run this many elements behind.
  static let bufferLimit = 64

  /// How many consumers iterate the shared sequence, each in its own task.
  let consumers: Int

  var name: String { "share-\(consumers)" }
  var measures: String {
    "share(.bounded(\(Self.bufferLimit))) of 0..<N from %@ to \(consumers) consumer"
      + (consumers == 1 ? "" : "s") + "; per consumer-element"
  }
  var sizes: WorkloadSizes {
    WorkloadSizes(sync: 800_000 / consumers, async: 200_000 / consumers)
  }

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    let shared = source.values(count: count).share(bufferingPolicy: .bounded(Self.bufferLimit))
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
}

/// A share consumer's iterator on its way into the one task that iterates it.
private struct MovedIterator<Base: AsyncSequence & Sendable>: @unchecked Sendable
where Base.Element: Sendable {
  // @unchecked: the iterator holds only a `Sendable` consumer handle and a flag, but is not
  // declared `Sendable`; each one is handed to exactly one task and never used elsewhere.
  let iterator: AsyncShareSequence<Base>.Iterator
}
