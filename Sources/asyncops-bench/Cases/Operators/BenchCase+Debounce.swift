import AsyncOps

/// `debounce-burst` (and `-async`, `-async-channel`): a burst of `N` elements debounced by one
/// second on the `ContinuousClock`. Nothing is quiet for a second during the burst, so the only
/// element emitted is the last one, flushed when the source finishes. One element = one input
/// element; the run fails unless exactly the last element arrives.
struct DebounceBurstWorkload: OperatorWorkload {
  let name = "debounce-burst"
  let measures = "debounce(1 s, ContinuousClock) of a 0..<N burst from %@; per input element"
  let sizes = WorkloadSizes(sync: 1_000_000, async: 200_000)

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var emitted = 0
    var last = -1
    for await value in source.values(count: count).debounce(for: .seconds(1)) {
      emitted &+= 1
      last = value
    }
    // One emission, the last element: the checksum is wrong if anything else arrived.
    return RunOutcome(
      elements: count, checksum: last &+ (emitted &- 1) &* count, expected: count &- 1,
      extraFields: [("emitted", Double(emitted))])
  }
}
