import AsyncOps

// The task-free operators without a case of their own elsewhere: each reads its base in the
// consumer's task, so its floor is a plain loop over the same base (see `LoopFloorWorkload`).

/// `removeDuplicates` (and `-async`, `-async-channel`): `removeDuplicates()` of `0..<N` (no two
/// neighbours are equal, so every element passes). One element = one input element.
struct RemoveDuplicatesWorkload: OperatorWorkload {
  let name = "removeDuplicates"
  let measures = "removeDuplicates() of %@ (every element passes); per input element"
  let sizes = WorkloadSizes(sync: 1_000_000, async: 200_000)

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var sum = 0
    for await value in source.values(count: count).removeDuplicates() { sum &+= value }
    return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
  }
}

/// `compacted` (and `-async`, `-async-channel`): `compacted()` of `0..<N` with every odd element
/// made `nil` (by the same `map` in the floor). One element = one input element; the checksum is
/// the sum of the even elements.
struct CompactedWorkload: OperatorWorkload {
  let name = "compacted"
  let measures = "compacted() of %@, every odd element nil; per input element"
  let sizes = WorkloadSizes(sync: 1_000_000, async: 200_000)

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var sum = 0
    for await value in source.values(count: count).map(Self.evenOrNil).compacted() {
      sum &+= value
    }
    return RunOutcome(elements: count, checksum: sum, expected: Self.expected(count))
  }

  /// The element if even, else `nil`.
  @Sendable static func evenOrNil(_ value: Int) -> Int? {
    value & 1 == 0 ? value : nil
  }

  /// The sum of the even elements of `0..<count`.
  static func expected(_ count: Int) -> Int {
    2 &* triangular((count + 1) / 2)
  }
}

/// `interspersed` (and `-async`, `-async-channel`): `interspersed(with: -1)` of `0..<N`. One
/// element = one input element; the checksum is the sum of the output (the separators subtract
/// `N - 1`).
struct InterspersedWorkload: OperatorWorkload {
  let name = "interspersed"
  let measures = "interspersed(with: -1) of %@; per input element"
  let sizes = WorkloadSizes(sync: 1_000_000, async: 200_000)

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var sum = 0
    for await value in source.values(count: count).interspersed(with: -1) { sum &+= value }
    return RunOutcome(elements: count, checksum: sum, expected: Self.expected(count))
  }

  /// The output's sum for `0..<count`.
  static func expected(_ count: Int) -> Int {
    triangular(count) &- max(count &- 1, 0)
  }
}

/// `joined` (and `-async`, `-async-channel`): `0..<N`, each element made a two-element inner
/// sequence (`[v, v].async`, by the same `map` in the floor), `joined()`. One element = one output
/// element (`2 × N`).
struct JoinedWorkload: OperatorWorkload {
  let name = "joined"
  let measures = "joined() of %@, each element made [v, v].async; per output element"
  let sizes = WorkloadSizes(sync: 500_000, async: 100_000)

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var sum = 0
    for await value in source.values(count: count).map(Self.pair).joined() { sum &+= value }
    return RunOutcome(elements: 2 * count, checksum: sum, expected: 2 &* triangular(count))
  }

  /// `[value, value]` as an `AsyncSequence`.
  @Sendable static func pair(_ value: Int) -> AsyncSyncSequence<[Int]> {
    [value, value].async
  }
}

/// `mapError` (and `-async`, `-async-channel`): `mapError` of `0..<N` (whose base cannot fail:
/// the operator only passes elements on). One element = one input element.
struct MapErrorWorkload: OperatorWorkload {
  /// The error `mapError` makes (never, here).
  struct Failure: Error {}

  let name = "mapError"
  let measures = "mapError of %@ (never fails); per input element"
  let sizes = WorkloadSizes(sync: 1_000_000, async: 200_000)

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    var sum = 0
    do {
      for try await value in source.values(count: count).mapError(Self.failure) { sum &+= value }
    } catch {
      sum = -1
    }
    return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
  }

  /// The transform: its base cannot fail, so it is never called.
  @Sendable static func failure(_ never: Never) -> Failure {}
}

extension BenchCase {
  /// `async-range`: `(0..<N).async`, the `Sequence`-to-`AsyncSequence` adapter, summed. One
  /// element = one element. (Synchronous only: the adapter is its own source.)
  static let asyncRange = BenchCase(
    name: "async-range",
    summary: "(0..<N).async iterated; per element",
    size: 1_000_000, quickSize: 2_000, repetitions: operatorRepetitions,
    measure: { count in await runAsyncRange(count) })
}

@inline(never)
private func runAsyncRange(_ count: Int) async -> RunOutcome {
  var sum = 0
  for await value in (0..<count).async { sum &+= value }
  return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
}
