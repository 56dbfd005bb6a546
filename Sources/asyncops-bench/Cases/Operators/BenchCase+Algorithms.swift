import AsyncOps

/// `reductions`: the running sum (`reductions(+)`, the synchronous-closure overload) of 0..<N.
/// One element = one input element; the run fails unless the last running sum is the sum of
/// 0..<N.
struct ReductionsWorkload: OperatorWorkload {
  let name = "reductions"
  let measures = "reductions(+) of %@; per input element"
  let sizes = WorkloadSizes(sync: 1_000_000, async: 200_000)

  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var last = 0
    for await total in source.values(count: count).reductions(+) { last = total }
    return RunOutcome(elements: count, checksum: last, expected: triangular(count))
  }
}

/// `adjacentPairs`: the pairs of 0..<N. One element = one input element; the run fails unless
/// the second halves of the pairs sum to the sum of 0..<N (every element but the first is the
/// second half of exactly one pair).
struct AdjacentPairsWorkload: OperatorWorkload {
  let name = "adjacentPairs"
  let measures = "adjacentPairs() of %@; per input element"
  let sizes = WorkloadSizes(sync: 1_000_000, async: 200_000)

  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var sum = 0
    for await (_, second) in source.values(count: count).adjacentPairs() { sum &+= second }
    return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
  }
}
