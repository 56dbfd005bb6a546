/// An operator case, written once over any ``IntSource``: the registry turns it into one
/// ``BenchCase`` per source kind (`name`, `name-async`, `name-async-channel`), so every operator
/// is measured on a synchronous source and on sources whose producer task suspends per element.
///
/// ```swift
/// struct RemoveDuplicatesWorkload: OperatorWorkload {
///   let name = "removeDuplicates"
///   let measures = "removeDuplicates of %@; per input element"
///   let sizes = WorkloadSizes(sync: 1_000_000, async: 200_000)
///
///   func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
///     var sum = 0
///     for await value in source.values(count: count).removeDuplicates() { sum &+= value }
///     return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
///   }
/// }
/// ```
///
/// and one line in ``BenchCase/registry``: `.variants(of: RemoveDuplicatesWorkload())`.
protocol OperatorWorkload: Sendable {
  /// The synchronous case's name; the async variants append their source's suffix.
  var name: String { get }
  /// The `--help` line; `%@` stands for the source's phrase.
  var measures: String { get }
  /// `N` per source kind.
  var sizes: WorkloadSizes { get }

  /// One timed run over `count` values of `source` (`N`; the elements processed may be a
  /// multiple of it, e.g. one per consumer).
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome
}

/// The workload sizes of an operator case.
struct WorkloadSizes: Sendable {
  /// `N` with the synchronous source.
  var sync: Int
  /// `N` with a suspending source (each element costs at least one task hop, so it is smaller).
  var async: Int
  /// `N` under `--quick`, every source.
  var quick: Int = 2_000
}

extension [BenchCase] {
  /// The `-async` and `-async-channel` cases of `workload` only.
  static func asyncVariants(of workload: some OperatorWorkload) -> [BenchCase] {
    [
      .operatorCase(workload, source: StreamSource(), size: workload.sizes.async),
      .operatorCase(workload, source: ChannelSource(), size: workload.sizes.async),
    ]
  }

  /// The cases of `workload`, one per source kind: synchronous, `-async` (an `AsyncStream` with a
  /// producer task), `-async-channel` (a rendezvous channel).
  static func variants(of workload: some OperatorWorkload) -> [BenchCase] {
    [
      .operatorCase(workload, source: SynchronousSource(), size: workload.sizes.sync),
      .operatorCase(workload, source: StreamSource(), size: workload.sizes.async),
      .operatorCase(workload, source: ChannelSource(), size: workload.sizes.async),
    ]
  }
}

extension BenchCase {
  /// The minimum repetitions of an operator case: enough for a median and quartiles.
  static let operatorRepetitions = 7

  /// `workload` on `source`.
  static func operatorCase<Workload: OperatorWorkload, Source: IntSource>(
    _ workload: Workload, source: Source, size: Int
  ) -> BenchCase {
    BenchCase(
      name: workload.name + Source.nameSuffix,
      summary: workload.measures.replacing("%@", with: Source.phrase),
      size: size, quickSize: workload.sizes.quick, repetitions: operatorRepetitions,
      measure: { count in await workload.run(source, count: count) })
  }
}
