import AsyncOps

extension BenchCase {
  /// `debounce-burst`: a burst of `N` elements from a synchronous source, debounced by one second
  /// on the `ContinuousClock`. Nothing is quiet for a second during the burst, so the only
  /// element emitted is the last one, flushed when the source finishes. One element = one input
  /// element; the run fails unless exactly the last element arrives.
  static let debounceBurst = BenchCase(
    name: "debounce-burst",
    summary: "debounce(1 s, ContinuousClock) of a synchronous 0..<N burst; per input element",
    size: 1_000_000, quickSize: 10_000, repetitions: 5,
    measure: { count in await runDebounceBurst(count) })
}

@inline(never)
private func runDebounceBurst(_ count: Int) async -> RunOutcome {
  var emitted = 0
  var last = -1
  for await value in CountingSequence(count: count).debounce(for: .seconds(1)) {
    emitted &+= 1
    last = value
  }
  // One emission, the last element: the checksum is wrong if anything else arrived.
  return RunOutcome(
    elements: count, checksum: last &+ (emitted &- 1) &* count, expected: count &- 1,
    extraFields: [("emitted", Double(emitted))])
}
