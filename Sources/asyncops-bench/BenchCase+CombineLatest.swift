import AsyncOps

extension BenchCase {
  /// `combineLatest2`: two synchronous `0..<N` bases (gated after their first element, see
  /// ``GatedCountingSequence``). One element = one input element (`2N`);
  /// the run checks that every input element but the first of each base made one tuple
  /// (`2N - 1` tuples) and that the last tuple holds every base's last element.
  static let combineLatest2 = BenchCase(
    name: "combineLatest2",
    summary: "combineLatest of 2 synchronous 0..<N bases; per input element",
    size: 300_000, quickSize: 5_000, repetitions: 3,
    measure: { count in
      var tuples = 0
      var last = (-1, -1)
      let gate = StartGate(parties: 2)
      let base = GatedCountingSequence(count: count, gate: gate)
      for await tuple in combineLatest(base, base) {
        tuples &+= 1
        last = tuple
      }
      return combineOutcome(
        count, bases: 2, tuples: tuples, lastIsFinal: last == (count - 1, count - 1))
    })

  /// `combineLatest3`: as `combineLatest2`, with three bases (`3N` input elements).
  static let combineLatest3 = BenchCase(
    name: "combineLatest3",
    summary: "combineLatest of 3 synchronous 0..<N bases; per input element",
    size: 300_000, quickSize: 5_000, repetitions: 3,
    measure: { count in
      var tuples = 0
      var last = (-1, -1, -1)
      let gate = StartGate(parties: 3)
      let base = GatedCountingSequence(count: count, gate: gate)
      for await tuple in combineLatest(base, base, base) {
        tuples &+= 1
        last = tuple
      }
      let final = count - 1
      return combineOutcome(
        count, bases: 3, tuples: tuples, lastIsFinal: last == (final, final, final))
    })

  /// `combineLatest4`: as `combineLatest2`, with four bases (`4N` input elements).
  static let combineLatest4 = BenchCase(
    name: "combineLatest4",
    summary: "combineLatest of 4 synchronous 0..<N bases; per input element",
    size: 300_000, quickSize: 5_000, repetitions: 3,
    measure: { count in
      var tuples = 0
      var last = (-1, -1, -1, -1)
      let gate = StartGate(parties: 4)
      let base = GatedCountingSequence(count: count, gate: gate)
      for await tuple in combineLatest(base, base, base, base) {
        tuples &+= 1
        last = tuple
      }
      let final = count - 1
      return combineOutcome(
        count, bases: 4, tuples: tuples, lastIsFinal: last == (final, final, final, final))
    })
}

/// The outcome of a combineLatest run over `bases` bases of `count` elements each: the checksum
/// is the tuple count, off by one when the last tuple is not every base's last element.
func combineOutcome(_ count: Int, bases: Int, tuples: Int, lastIsFinal: Bool) -> RunOutcome {
  RunOutcome(
    elements: bases * count, checksum: tuples &+ (lastIsFinal ? 0 : 1),
    expected: bases * count - (bases - 1), extraFields: [("tuples", Double(tuples))])
}
