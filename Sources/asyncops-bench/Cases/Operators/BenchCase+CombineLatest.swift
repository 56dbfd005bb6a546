import AsyncOps

/// `combineLatest2`, `combineLatest3`, `combineLatest4` (and `-async`, `-async-channel`): that
/// many `0..<N` bases, each gated after its first element (see ``GatedSequence``). One element =
/// one input element (`bases × N`); the run checks that every input element but the first of
/// each base made one tuple (`bases × N - (bases - 1)` tuples) and that the last tuple holds every
/// base's last element.
struct CombineLatestWorkload: OperatorWorkload {
  /// 2, 3 or 4.
  let bases: Int

  var name: String { "combineLatest\(bases)" }
  var measures: String { "combineLatest of \(bases) bases, each 0..<N from %@; per input element" }
  var sizes: WorkloadSizes { WorkloadSizes(sync: 300_000 / bases, async: 150_000 / bases) }

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    let gate = StartGate(parties: bases)
    let base = GatedSequence(base: source.values(count: count), gate: gate)
    let final = count - 1
    var tuples = 0
    var lastIsFinal = false
    switch bases {
    case 2:
      var last = (-1, -1)
      for await tuple in combineLatest(base, base) {
        tuples &+= 1
        last = tuple
      }
      lastIsFinal = last == (final, final)
    case 3:
      var last = (-1, -1, -1)
      for await tuple in combineLatest(base, base, base) {
        tuples &+= 1
        last = tuple
      }
      lastIsFinal = last == (final, final, final)
    default:
      precondition(bases == 4, "combineLatest workload: 2, 3 or 4 bases")
      var last = (-1, -1, -1, -1)
      for await tuple in combineLatest(base, base, base, base) {
        tuples &+= 1
        last = tuple
      }
      lastIsFinal = last == (final, final, final, final)
    }
    return combineOutcome(count, bases: bases, tuples: tuples, lastIsFinal: lastIsFinal)
  }
}

/// The outcome of a combineLatest run over `bases` bases of `count` elements each: the checksum
/// is the tuple count, off by one when the last tuple is not every base's last element.
func combineOutcome(_ count: Int, bases: Int, tuples: Int, lastIsFinal: Bool) -> RunOutcome {
  RunOutcome(
    elements: bases * count, checksum: tuples &+ (lastIsFinal ? 0 : 1),
    expected: bases * count - (bases - 1), extraFields: [("tuples", Double(tuples))])
}
