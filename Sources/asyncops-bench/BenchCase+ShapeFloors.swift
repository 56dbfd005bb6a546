extension BenchCase {
  /// `floor-combineLatest2`, `-3`, `-4`: the `combineLatestN` case's work (the same gated
  /// synchronous bases, sizes and checksum) done by ``FloorCombineLatest``, the minimal
  /// hand-written implementation of combineLatest's hand-over protocol for `Int`s. Its ratio to
  /// `handoff` is the floor of the shape the semantics require; the operator's ratio to it is
  /// what generics, the parameter pack, the state machine and cancellation add.
  static func floorCombineLatest(bases: Int) -> BenchCase {
    BenchCase(
      name: "floor-combineLatest\(bases)",
      summary: "hand-written Int combineLatest of \(bases) bases (the semantics' minimal shape); "
        + "per input element",
      size: 300_000 / bases, quickSize: 2_000, repetitions: operatorRepetitions,
      measure: { count in await floorCombineLatestRun(bases: bases, count: count) })
  }

  /// `floor-combineLatest2-async-channel`, `-3-`, `-4-`: the floor above on the bases of the
  /// `combineLatestN-async-channel` cases (each a rendezvous channel fed by its own producer task,
  /// the same sizes): the least an operator that reads each base on a task of its own costs on
  /// that source, the floor of the `≤ 2× source-async-channel` targets.
  static func floorCombineLatestChannel(bases: Int) -> BenchCase {
    BenchCase(
      name: "floor-combineLatest\(bases)" + ChannelSource.nameSuffix,
      summary: "floor-combineLatest\(bases) on rendezvous-channel bases; per input element",
      size: 150_000 / bases, quickSize: 2_000, repetitions: operatorRepetitions,
      measure: { count in
        await floorCombineLatestRun(bases: bases, count: count, source: ChannelSource())
      })
  }

  /// `floor-combineLatest2-unspecialised`: `floor-combineLatest2` with each reader reading its
  /// base through `any AsyncSequence<Int, Never>`, so the base's `next` calls are generic async
  /// calls as in the operator: what the unspecialised reader alone adds to the floor.
  static let floorCombineLatest2Unspecialised = BenchCase(
    name: "floor-combineLatest2-unspecialised",
    summary: "floor-combineLatest2 with each base read through an existential (unspecialised, as "
      + "the operator's readers); per input element",
    size: 150_000, quickSize: 2_000, repetitions: operatorRepetitions,
    measure: { count in await floorCombineLatestRun(bases: 2, count: count, unspecialised: true) })

  /// `floor-share-1`: the `share-1` case's work (a synchronous `0..<N`, one consumer, a buffer of
  /// ``ShareWorkload/bufferLimit``) done by ``FloorShare``, the minimal hand-written bounded
  /// buffer between one upstream task and one consumer with share's wake-up rule.
  static let floorShare1 = BenchCase(
    name: "floor-share-1",
    summary: "hand-written Int bounded(\(ShareWorkload.bufferLimit)) buffer, one upstream task to "
      + "one consumer (share-1's minimal shape); per element",
    size: 800_000, quickSize: 2_000, repetitions: operatorRepetitions,
    measure: { count in await floorShareRun(count: count) })
}

@inline(never)
private func floorCombineLatestRun<Source: IntSource>(
  bases: Int, count: Int, source: Source = SynchronousSource(), unspecialised: Bool = false
) async -> RunOutcome {
  precondition((1...4).contains(bases), "floor-combineLatest: 1 to 4 bases")
  let gate = StartGate(parties: bases)
  let base = GatedSequence(base: source.values(count: count), gate: gate)
  let combination = FloorCombineLatest(bases: bases)
  let final = count - 1
  var tuples = 0
  var last: FloorCombineLatest.Tuple = (-1, -1, -1, -1)
  await withTaskGroup(of: Void.self) { group in
    for index in 0..<bases {
      if unspecialised {
        group.addTask { await combination.readUnspecialised(base, index: index) }
      } else {
        group.addTask { await combination.read(base, index: index) }
      }
    }
    while let tuple = await combination.next() {
      tuples &+= 1
      last = tuple
    }
  }
  let lastIsFinal =
    last.0 == final && (bases < 2 || last.1 == final) && (bases < 3 || last.2 == final)
    && (bases < 4 || last.3 == final)
  return combineOutcome(count, bases: bases, tuples: tuples, lastIsFinal: lastIsFinal)
}

@inline(never)
private func floorShareRun(count: Int) async -> RunOutcome {
  let buffer = FloorShare(limit: ShareWorkload.bufferLimit)
  var sum = 0
  await withTaskGroup(of: Void.self) { group in
    group.addTask { await buffer.upstream(CountingSequence(count: count)) }
    while let value = await buffer.next() { sum &+= value }
  }
  return RunOutcome(
    elements: count, checksum: sum, expected: triangular(count),
    extraFields: [("consumers", 1)])
}
