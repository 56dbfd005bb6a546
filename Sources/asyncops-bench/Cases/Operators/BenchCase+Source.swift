/// `source-async`, `source-async-channel`: the operator cases' suspending sources iterated
/// directly, with no operator: what the source alone costs per element, so an operator's
/// `-async` figure can be split into the source's hop and the operator's own work. (The
/// synchronous source alone costs nothing measurable: the optimiser folds the loop.) One element
/// = one value received.
struct SourceOnlyWorkload: OperatorWorkload {
  let name = "source"
  let measures = "%@ iterated directly, no operator; per element"
  let sizes = WorkloadSizes(sync: 1_000_000, async: 200_000)

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var received = 0
    var sum = 0
    for await value in source.values(count: count) {
      received &+= 1
      sum &+= value
    }
    return RunOutcome(elements: received, checksum: sum, expected: triangular(count))
  }
}
