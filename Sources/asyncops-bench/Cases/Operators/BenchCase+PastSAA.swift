import AsyncOps

/// `delay` by zero on the `ContinuousClock`: every element goes through the driven shell (its
/// reader task, its lock, its timer task parked) without a real sleep, so the figure is the
/// shell's own per-element cost. One element = one input element; the run fails unless the sum
/// is that of 0..<N.
struct DelayWorkload: OperatorWorkload {
  let name = "delay"
  let measures = "delay(for: .zero) of %@; per input element"
  let sizes = WorkloadSizes(sync: 200_000, async: 100_000)
  /// The delay: zero, so the case measures what delay costs per element, not its waits.
  static let interval: Duration = .zero

  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var sum = 0
    for await value in source.values(count: count).delay(for: Self.interval) { sum &+= value }
    return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
  }
}

/// `timeout` of 60 s on the `ContinuousClock`, never reached: each `next()` sets a deadline the
/// timer task (asleep until an older one) does not need to be woken for. One element = one input
/// element; the run fails unless the sum is that of 0..<N.
struct TimeoutWorkload: OperatorWorkload {
  let name = "timeout"
  let measures = "timeout(after: 60 s) of %@, never reached; per input element"
  let sizes = WorkloadSizes(sync: 200_000, async: 100_000)

  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var sum = 0
    do {
      for try await value in source.values(count: count).timeout(after: .seconds(60)) {
        sum &+= value
      }
    } catch {
      return RunOutcome(elements: count, checksum: -1, expected: triangular(count))
    }
    return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
  }
}

/// `withLatestFrom` of a one-element second sequence: the elements before that element arrives
/// are dropped (WithLatestFrom rule 2), so the run checks that what was paired is a whole tail of
/// 0..<N. One element = one input element.
///
/// Both sequences wait at a gate after their first element until the other has reached it too,
/// so at most element 0 is dropped: a reader that read on unchecked could race through the whole
/// base before the second sequence's element landed, and the case would measure dropping.
struct WithLatestFromWorkload: OperatorWorkload {
  let name = "withLatestFrom"
  let measures = "withLatestFrom([1].async) of %@; per input element"
  let sizes = WorkloadSizes(sync: 200_000, async: 100_000)

  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var sum = 0
    var first: Int?
    let gate = StartGate(parties: 2)
    let base = GatedSequence(base: source.values(count: count), gate: gate)
    let other = GatedSequence(base: [1].async, gate: gate)
    for await (value, latest) in base.withLatestFrom(other) {
      if first == nil { first = value }
      sum &+= value &* latest
    }
    let expected = triangular(count) &- triangular(first ?? count)
    return RunOutcome(
      elements: count, checksum: sum, expected: expected,
      extraFields: [("dropped", Double(first ?? count))])
  }
}

/// `prefix(untilOutputFrom:)` of a second sequence that never produces: every element passes.
/// One element = one input element; the run fails unless the sum is that of 0..<N.
struct PrefixUntilOutputWorkload: OperatorWorkload {
  let name = "prefixUntilOutput"
  let measures = "prefix(untilOutputFrom:) a silent sequence, of %@; per input element"
  let sizes = WorkloadSizes(sync: 200_000, async: 100_000)

  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var sum = 0
    let silent = AsyncStream<Int> { _ in }
    for await value in source.values(count: count).prefix(untilOutputFrom: silent) {
      sum &+= value
    }
    return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
  }
}

/// `retry(1)` of a source that never fails: the cost of being ready to retry. One element = one
/// input element; the run fails unless the sum is that of 0..<N.
struct RetryWorkload: OperatorWorkload {
  let name = "retry"
  let measures = "retry(1) of %@, never failing; per input element"
  let sizes = WorkloadSizes(sync: 200_000, async: 100_000)

  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var sum = 0
    for await value in source.values(count: count).retry(1) { sum &+= value }
    return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
  }
}

extension [BenchCase] {
  /// The cases of the operators past swift-async-algorithms, each on every source kind.
  static var pastSAA: [BenchCase] {
    let workloads: [[BenchCase]] = [
      .variants(of: DelayWorkload()),
      .variants(of: TimeoutWorkload()),
      .variants(of: WithLatestFromWorkload()),
      .variants(of: PrefixUntilOutputWorkload()),
      .variants(of: RetryWorkload()),
    ]
    return workloads.flatMap { $0 }
  }
}
