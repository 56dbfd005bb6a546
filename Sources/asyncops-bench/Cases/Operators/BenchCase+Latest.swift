import AsyncOps

extension BenchCase {
  /// `throttle-burst`: a burst of `N` elements from a synchronous source, throttled by 1 ms on
  /// the `ContinuousClock` (latest). The first element is emitted at once, then one every
  /// millisecond while the burst lasts, and the last one after the finish. One element = one
  /// input element; the run fails unless the output is increasing, starts with 0 and ends with
  /// the last element.
  static let throttleBurst = BenchCase(
    name: "throttle-burst",
    summary: "throttle(1 ms, ContinuousClock) of a synchronous 0..<N burst; per input element",
    size: 1_000_000, quickSize: 10_000, repetitions: 5,
    measure: { count in await runThrottleBurst(count) })

  /// `mapLatest-switch`: `mapLatest` with a trivial transform (it returns its element) over a
  /// synchronous 0..<N source: every element starts a transform task and supersedes the one
  /// before, and the consumer takes whatever result is newest when it asks. One element = one
  /// input element; the run fails unless the output is increasing and ends with the last element.
  static let mapLatestSwitch = BenchCase(
    name: "mapLatest-switch",
    summary: "mapLatest { $0 } of a synchronous 0..<N source; per input element",
    size: 1_000_000, quickSize: 10_000, repetitions: 5,
    measure: { count in await runMapLatestSwitch(count) })
}

@inline(never)
private func runThrottleBurst(_ count: Int) async -> RunOutcome {
  var emitted = 0
  var first = -1
  var last = -1
  var increasing = true
  for await value in CountingSequence(count: count).throttle(for: .milliseconds(1)) {
    if emitted == 0 { first = value }
    increasing = increasing && value > last
    emitted &+= 1
    last = value
  }
  let valid = first == 0 && increasing
  return RunOutcome(
    elements: count, checksum: valid ? last : -1, expected: count &- 1,
    extraFields: [("emitted", Double(emitted))])
}

@inline(never)
private func runMapLatestSwitch(_ count: Int) async -> RunOutcome {
  var emitted = 0
  var last = -1
  var increasing = true
  for await value in CountingSequence(count: count).mapLatest({ $0 }) {
    increasing = increasing && value > last
    emitted &+= 1
    last = value
  }
  return RunOutcome(
    elements: count, checksum: increasing ? last : -1, expected: count &- 1,
    extraFields: [("emitted", Double(emitted))])
}
