import AsyncOps
import PushReference

/// `merge2`, `merge3`, `merge8` (and `-async`, `-async-channel`): that many `0..<N` bases merged.
/// One element = one input element (`bases × N`); the checksum is the sum of every element.
struct MergeWorkload: OperatorWorkload {
  /// 2, 3 or 8.
  let bases: Int

  var name: String { "merge\(bases)" }
  var measures: String { "merge of \(bases) bases, each 0..<N from %@; per input element" }
  var sizes: WorkloadSizes { WorkloadSizes(sync: 300_000 / bases, async: 150_000 / bases) }

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    let base = source.values(count: count)
    var sum = 0
    switch bases {
    case 2:
      for await value in merge(base, base) { sum &+= value }
    case 3:
      for await value in merge(base, base, base) { sum &+= value }
    default:
      precondition(bases == 8, "merge workload: 2, 3 or 8 bases")
      for await value in merge(base, base, base, base, base, base, base, base) { sum &+= value }
    }
    return RunOutcome(
      elements: bases * count, checksum: sum, expected: bases &* triangular(count))
  }
}

/// `zip2`, `zip3` (and `-async`, `-async-channel`): that many `0..<N` bases zipped. One element =
/// one input element (`bases × N`); the checksum is the sum of every tuple's parts.
struct ZipWorkload: OperatorWorkload {
  /// 2 or 3.
  let bases: Int

  var name: String { "zip\(bases)" }
  var measures: String { "zip of \(bases) bases, each 0..<N from %@; per input element" }
  var sizes: WorkloadSizes { WorkloadSizes(sync: 300_000 / bases, async: 150_000 / bases) }

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    let base = source.values(count: count)
    var sum = 0
    if bases == 2 {
      for await (a, b) in zip(base, base) { sum &+= a &+ b }
    } else {
      precondition(bases == 3, "zip workload: 2 or 3 bases")
      for await (a, b, c) in zip(base, base, base) { sum &+= a &+ b &+ c }
    }
    return RunOutcome(
      elements: bases * count, checksum: sum, expected: bases &* triangular(count))
  }
}

/// `chain2` (and `-async`, `-async-channel`): two `0..<N` bases, one after the other. One element
/// = one input element (`2 × N`); the checksum is the sum of every element.
struct ChainWorkload: OperatorWorkload {
  let name = "chain2"
  let measures = "chain of 2 bases, each 0..<N from %@; per input element"
  let sizes = WorkloadSizes(sync: 500_000, async: 100_000)

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    let base = source.values(count: count)
    var sum = 0
    for await value in chain(base, base) { sum &+= value }
    return RunOutcome(elements: 2 * count, checksum: sum, expected: 2 &* triangular(count))
  }
}

/// The push twins of `merge2` and `zip2` on `PushReference`.
extension BenchCase {
  /// `push-merge2`: two subjects sent `0..<N` in turn, merged, one sink.
  static let pushMerge2 = BenchCase(
    name: "push-merge2",
    summary: "PassthroughSubject ×2 Publishers.Merge, sent in turn; per input element",
    size: 300_000, quickSize: 5_000, repetitions: 3,
    measure: { count in
      let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
      let sum = PushSum()
      let cancellable = a.merge(with: b).sink { sum.add($0) }
      for value in 0..<count {
        a.send(value)
        b.send(value)
      }
      cancellable.cancel()
      return RunOutcome(elements: 2 * count, checksum: sum.value, expected: 2 &* triangular(count))
    })

  /// `push-zip2`: two subjects sent `0..<N` in turn, zipped, one sink.
  static let pushZip2 = BenchCase(
    name: "push-zip2",
    summary: "PassthroughSubject ×2 Publishers.Zip, sent in turn; per input element",
    size: 300_000, quickSize: 5_000, repetitions: 3,
    measure: { count in
      let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
      let sum = PushSum()
      let cancellable = a.zip(b).sink { sum.add($0.0 &+ $0.1) }
      for value in 0..<count {
        a.send(value)
        b.send(value)
      }
      cancellable.cancel()
      return RunOutcome(elements: 2 * count, checksum: sum.value, expected: 2 &* triangular(count))
    })
}

/// A running sum for a push case's sink.
private final class PushSum: @unchecked Sendable {
  // @unchecked: only ever touched by the one thread that runs the case's synchronous loop (the
  // push engine delivers on the sending thread).
  private(set) var value = 0

  func add(_ amount: Int) { value &+= amount }
}
