/// `floor-combineLatest2`, `-3`, `-4` (and `-async`, `-async-channel`): the `combineLatestN`
/// case's work (the same gated bases from the same source, sizes and checksum) done by
/// ``FloorCombineLatest``, the minimal hand-written implementation of combineLatest's hand-over
/// protocol for `Int`s. The operator's ratio to it is what generics, the parameter pack, the state
/// machine and cancellation add.
struct CombineLatestFloorWorkload: OperatorWorkload {
  /// 2, 3 or 4.
  let bases: Int

  var name: String { "floor-combineLatest\(bases)" }
  var measures: String {
    "hand-written Int combineLatest of \(bases) bases from %@ (the semantics' minimal shape); "
      + "per input element"
  }
  var sizes: WorkloadSizes { CombineLatestWorkload(bases: bases).sizes }

  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    await floorCombineLatestRun(bases: bases, count: count, source: source)
  }
}

/// `floor-share-1`, `-4`, `-16` (and `-async`, `-async-channel`): the `share-N` case's work (the
/// same source, `N` consumers, a buffer of ``ShareWorkload/bufferLimit`` each) done by
/// ``FloorShare`` (one consumer) or ``FloorShareMany``: one upstream task depositing each element
/// in every consumer's buffer, share's wake-up rule.
struct ShareFloorWorkload: OperatorWorkload {
  /// 1, 4 or 16.
  let consumers: Int

  var name: String { "floor-share-\(consumers)" }
  var measures: String {
    "hand-written Int bounded(\(ShareWorkload.bufferLimit)) buffer, one upstream task reading %@ "
      + "to \(consumers) consumer" + (consumers == 1 ? "" : "s") + "; per consumer-element"
  }
  var sizes: WorkloadSizes { ShareWorkload(consumers: consumers).sizes }

  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    consumers == 1
      ? await floorShareRun(source.values(count: count), count: count)
      : await floorShareManyRun(source.values(count: count), count: count, consumers: consumers)
  }
}

/// `floor-timeout`, `floor-withLatestFrom`, `floor-prefixUntilOutput` (and `-async`,
/// `-async-channel`): the shape those driven operators share, by hand — their base read at most one
/// element ahead by a task of its own and handed to the consumer through one lock (``FloorShare``
/// with a limit of 1). Their timer task (timeout) and the reader of the second sequence
/// (withLatestFrom, prefix(untilOutputFrom:)) are not in it: what those add is the operator's to
/// justify.
///
/// `floor-delay` reads on without pause instead (Delay rule 1: delay never parks its reader; what
/// is read while the consumer is busy queues up) and stamps each element with the clock's time, so
/// its floor is ``FloorDelay``: a growing queue of stamped elements, each handed on once due.
struct DrivenFloorWorkload: OperatorWorkload {
  /// The operator's case name (`delay`) and sizes.
  let operatorName: String
  let sizes: WorkloadSizes
  /// Whether the operator reads its base without pause (delay) rather than one element ahead.
  let readsWithoutPause: Bool

  /// The floor of `workload`; `readsWithoutPause` as the operator reads its base.
  init(of workload: some OperatorWorkload, readsWithoutPause: Bool = false) {
    operatorName = workload.name
    sizes = workload.sizes
    self.readsWithoutPause = readsWithoutPause
  }

  var name: String { "floor-" + operatorName }
  var measures: String {
    "\(operatorName)'s shape by hand: %@ read "
      + (readsWithoutPause
        ? "without pause into a queue, each element stamped" : "one element ahead")
      + " by its own task, handed over through one lock; per input element"
  }

  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    readsWithoutPause
      ? await floorDelayRun(
        source.values(count: count), count: count, interval: DelayWorkload.interval)
      : await floorShareRun(source.values(count: count), count: count, limit: 1)
  }
}

/// `floor-buffer-bounded` (and `-async`, `-async-channel`): the `buffer-bounded` case's work done
/// by ``FloorShare`` with a limit of ``BufferBoundedWorkload/limit``: one task reads ahead into a
/// bounded buffer, the consumer drains it (the same shape as a one-consumer share).
struct BufferFloorWorkload: OperatorWorkload {
  let name = "floor-buffer-bounded"
  var measures: String {
    "hand-written Int bounded(\(BufferBoundedWorkload.limit)) buffer read ahead from %@ by its "
      + "own task; per element"
  }
  let sizes = BufferBoundedWorkload().sizes

  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    await floorShareRun(
      source.values(count: count), count: count, limit: BufferBoundedWorkload.limit)
  }
}

extension BenchCase {
  /// `floor-timeout-clocked`: `floor-timeout` (the bare hand-over through one lock) whose consumer
  /// also reads the `ContinuousClock` each time it is about to wait, as Timeout rule 1 needs (a
  /// wait's deadline is its start plus the interval). Without the timer task: what the clock read
  /// alone adds to the floor, not a shape's floor.
  static let floorTimeoutClocked = BenchCase(
    name: "floor-timeout-clocked",
    summary: "floor-timeout whose consumer reads the ContinuousClock before each wait (as "
      + "timeout's deadline needs); per input element",
    size: TimeoutWorkload().sizes.sync, quickSize: 2_000, repetitions: operatorRepetitions,
    measure: { count in await floorTimeoutClockedRun(count: count) })

  /// `floor-share-1-broadcast`: ``FloorShareMany`` (the hand-written broadcast of `floor-share-4`
  /// and `-16`) with one consumer, over the synchronous source. `floor-share-1` is a
  /// single-consumer buffer, which `share` is not even with one consumer: another may register at
  /// any moment, so every element goes through a registry of per-consumer buffers and a count of
  /// the full ones. This probe is that broadcast's least with one consumer, without share's
  /// generics, consumer ids, policies or replay: what the broadcast's shape alone adds to the
  /// single-consumer floor, not a shape's floor.
  static let floorShare1Broadcast = BenchCase(
    name: "floor-share-1-broadcast",
    summary: "floor-share-4's hand-written broadcast with one consumer (a registry of one buffer, "
      + "where floor-share-1 has a single-consumer buffer); per consumer-element",
    size: ShareWorkload(consumers: 1).sizes.sync, quickSize: 2_000,
    repetitions: operatorRepetitions,
    measure: { count in
      await floorShareManyRun(SynchronousSource().values(count: count), count: count, consumers: 1)
    })

  /// `floor-share-4-cancellable`, `floor-share-16-cancellable`: `floor-share-4` and `-16`
  /// (``FloorShareMany``) whose consumers ask `Task.isCancelled` on their fast path, as the
  /// operator and `floor-share-1` do and those two floors do not: what that question alone adds
  /// to the floor, not a shape's floor.
  static let floorShareManyCancellable: [BenchCase] = [4, 16].map { consumers in
    BenchCase(
      name: "floor-share-\(consumers)-cancellable",
      summary: "floor-share-\(consumers) whose consumers ask Task.isCancelled on their fast path "
        + "(as the operator's do); per consumer-element",
      size: ShareWorkload(consumers: consumers).sizes.sync, quickSize: 2_000,
      repetitions: operatorRepetitions,
      measure: { count in
        await floorShareManyRun(
          SynchronousSource().values(count: count), count: count, consumers: consumers,
          asksCancellation: true)
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

/// ``FloorShare`` of one element ahead over the synchronous source, its consumer reading the
/// clock before each wait (a call into the runtime the optimiser cannot drop); `waits` counts
/// the reads.
@inline(never)
private func floorTimeoutClockedRun(count: Int) async -> RunOutcome {
  let buffer = FloorShare(limit: 1)
  let clock = ContinuousClock()
  var waits = 0
  var sum = 0
  await withTaskGroup(of: Void.self) { group in
    group.addTask { await buffer.upstream(SynchronousSource().values(count: count)) }
    while let value = await buffer.next(beforeWaiting: {
      _ = clock.now
      waits &+= 1
    }) {
      sum &+= value
    }
  }
  return RunOutcome(
    elements: count, checksum: sum, expected: triangular(count),
    extraFields: [("waits", Double(waits))])
}

@inline(never)
private func floorShareRun<Base: AsyncSequence & Sendable>(
  _ base: Base, count: Int, limit: Int = ShareWorkload.bufferLimit
) async -> RunOutcome where Base.Element == Int, Base.Failure == Never {
  let buffer = FloorShare(limit: limit)
  var sum = 0
  await withTaskGroup(of: Void.self) { group in
    group.addTask { await buffer.upstream(base) }
    while let value = await buffer.next() { sum &+= value }
  }
  return RunOutcome(
    elements: count, checksum: sum, expected: triangular(count),
    extraFields: [("consumers", 1)])
}
