/// The floor of a task-free operator (one that reads its base in the consumer's task: chain,
/// reductions, adjacentPairs, chunks(ofCount:), removeDuplicates, compacted, interspersed,
/// joined, mapError; and retry, which needs no task either, though ours reads ahead in one): the same source, read by a plain loop that does the operator's work by
/// hand, in the consumer's task. Registered as `floor-X` for the operator's case `X` on every
/// source kind; the operator's ratio to it is all the operator adds to reading its base.
struct LoopFloorWorkload: OperatorWorkload {
  /// The operator whose work the loop does.
  enum Shape: Sendable {
    case chain2, reductions, adjacentPairs, chunks, removeDuplicates, compacted, interspersed
    case joined, mapError, retry
  }

  /// Which loop.
  let shape: Shape
  /// The operator's case name (`chain2`), sizes and phrase.
  let operatorName: String
  let sizes: WorkloadSizes

  /// The floor of `workload`, doing `shape`'s work by hand.
  init(_ shape: Shape, of workload: some OperatorWorkload) {
    self.shape = shape
    operatorName = workload.name
    sizes = workload.sizes
  }

  var name: String { "floor-" + operatorName }
  var measures: String { "\(operatorName) by hand: a plain loop over %@; per input element" }

  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    switch shape {
    case .chain2: await chainLoop(source, count: count)
    case .reductions: await reductionsLoop(source, count: count)
    case .adjacentPairs: await adjacentPairsLoop(source, count: count)
    case .chunks: await chunksLoop(source, count: count)
    case .removeDuplicates: await removeDuplicatesLoop(source, count: count)
    case .compacted: await compactedLoop(source, count: count)
    case .interspersed: await interspersedLoop(source, count: count)
    case .joined: await joinedLoop(source, count: count)
    case .mapError: await mapErrorLoop(source, count: count)
    case .retry: await retryLoop(source, count: count)
    }
  }
}

/// A retry of a base that never fails: the base, read by the consumer's loop (a failure would make
/// a new iterator of it, in the same loop).
@inline(never)
private func retryLoop<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
  var sum = 0
  for await value in source.values(count: count) { sum &+= value }
  return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
}

/// The two bases, one after the other (the second is not iterated before the first has ended).
@inline(never)
private func chainLoop<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
  var sum = 0
  for await value in source.values(count: count) { sum &+= value }
  for await value in source.values(count: count) { sum &+= value }
  return RunOutcome(elements: 2 * count, checksum: sum, expected: 2 &* triangular(count))
}

/// The running sum; the last one is the checksum.
@inline(never)
private func reductionsLoop<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
  var total = 0
  var last = 0
  for await value in source.values(count: count) {
    total &+= value
    last = total
  }
  return RunOutcome(elements: count, checksum: last, expected: triangular(count))
}

/// Each element with the one before; the second halves are summed.
@inline(never)
private func adjacentPairsLoop<Source: IntSource>(_ source: Source, count: Int) async
  -> RunOutcome
{
  var sum = 0
  var previous: Int?
  for await value in source.values(count: count) {
    if let first = previous {
      let pair = (first, value)
      sum &+= pair.1
    }
    previous = value
  }
  return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
}

/// Arrays of 16 (a new array per chunk, as the operator makes), the last one shorter.
@inline(never)
private func chunksLoop<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
  var sum = 0
  var chunks = 0
  var shaped = true
  var chunk: [Int] = []
  func emit(_ chunk: [Int]) {
    chunks += 1
    shaped = shaped && (chunk.count == 16 || chunk.last == count - 1)
    for value in chunk { sum &+= value }
  }
  for await value in source.values(count: count) {
    if chunk.isEmpty { chunk.reserveCapacity(16) }
    chunk.append(value)
    if chunk.count == 16 {
      emit(chunk)
      chunk = []
    }
  }
  if !chunk.isEmpty { emit(chunk) }
  return RunOutcome(
    elements: count, checksum: shaped ? sum : -1, expected: triangular(count),
    extraFields: [("chunks", Double(chunks))])
}

/// Each element unless it equals the one before.
@inline(never)
private func removeDuplicatesLoop<Source: IntSource>(_ source: Source, count: Int) async
  -> RunOutcome
{
  var sum = 0
  var previous: Int?
  for await value in source.values(count: count) where value != previous {
    previous = value
    sum &+= value
  }
  return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
}

/// The same `map` to optionals as the operator's case, unwrapped by hand.
@inline(never)
private func compactedLoop<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
  var sum = 0
  for await optional in source.values(count: count).map(CompactedWorkload.evenOrNil) {
    if let value = optional { sum &+= value }
  }
  return RunOutcome(elements: count, checksum: sum, expected: CompactedWorkload.expected(count))
}

/// The separator before every element but the first.
@inline(never)
private func interspersedLoop<Source: IntSource>(_ source: Source, count: Int) async
  -> RunOutcome
{
  var sum = 0
  var first = true
  for await value in source.values(count: count) {
    if !first { sum &+= -1 }
    first = false
    sum &+= value
  }
  return RunOutcome(elements: count, checksum: sum, expected: InterspersedWorkload.expected(count))
}

/// The same `map` to inner sequences as the operator's case, each inner one read by hand.
@inline(never)
private func joinedLoop<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
  var sum = 0
  for await inner in source.values(count: count).map(JoinedWorkload.pair) {
    for await value in inner { sum &+= value }
  }
  return RunOutcome(elements: 2 * count, checksum: sum, expected: 2 &* triangular(count))
}

/// The base itself (it cannot fail, so there is no error to map).
@inline(never)
private func mapErrorLoop<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
  var sum = 0
  for await value in source.values(count: count) { sum &+= value }
  return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
}

extension BenchCase {
  /// `floor-async-range`: `async-range`'s work with no adapter, a `for` loop over `0..<N` that
  /// asks `Task.isCancelled` before each element, as the adapter must (Algorithms rule 1: as in
  /// SAA, whose `.async` returns `nil` at the first `next()` after its task is cancelled).
  static let floorAsyncRange = BenchCase(
    name: "floor-async-range",
    summary: "async-range by hand: a plain for loop over 0..<N; per element",
    size: 1_000_000, quickSize: 2_000, repetitions: operatorRepetitions,
    measure: { count in runRangeLoop(count) })
}

@inline(never)
private func runRangeLoop(_ count: Int) -> RunOutcome {
  var sum = 0
  for value in 0..<count {
    if Task.isCancelled { break }
    sum &+= value
  }
  return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
}

extension BenchCase {
  /// `floor-compacted-generic`: `floor-compacted`'s loop written as a generic function over any
  /// sequence of optionals, as a generic adapter (the operator) reads its base. The standard
  /// library's `map` is then reached through its `AsyncIteratorProtocol` witness, unspecialised,
  /// even though the function itself is specialised for the concrete source: what reading the
  /// same base generically costs, not a shape's floor.
  static let floorCompactedGeneric = BenchCase(
    name: "floor-compacted-generic",
    summary: "floor-compacted as a generic function over its base (the standard library's map "
      + "reached through its protocol witness, as the operator reaches it); per input element",
    size: CompactedWorkload().sizes.sync, quickSize: 2_000, repetitions: operatorRepetitions,
    measure: { count in
      await compactedGenericLoop(CountingSequence(count: count).map(CompactedWorkload.evenOrNil))
    })
}

/// The optionals of `base` unwrapped by hand, generically.
@inline(never)
private func compactedGenericLoop<Base: AsyncSequence<Int?, Never>>(_ base: Base) async
  -> RunOutcome
{
  var sum = 0
  var count = 0
  for await optional in base {
    count &+= 1
    if let value = optional { sum &+= value }
  }
  return RunOutcome(elements: count, checksum: sum, expected: CompactedWorkload.expected(count))
}
