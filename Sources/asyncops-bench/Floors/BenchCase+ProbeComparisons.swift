extension BenchCase {
  /// Operator cases measured a second time against a probe instead of their shape floor:
  /// comparison `X-suffix` runs operator case `X`'s body and is paired with the probe
  /// `floor-X-suffix` (their repetitions alternated, in the same run and mode), exactly as `X` is
  /// paired with `floor-X`.
  ///
  /// A probe does its floor's work with one more thing the operator must do; measured apart, a
  /// minute from its operator, its ratio to the operator is a ratio of two medians, which the free
  /// mode's bimodal runs make meaningless. Paired, it says in both modes how much of the
  /// operator's distance to its floor that one thing accounts for. Not targets: the operator is
  /// judged against its floor only.
  static let probeComparisons: [(operatorCase: String, probe: String)] = [
    ("share-1", "floor-share-1-broadcast"),
    ("share-4", "floor-share-4-cancellable"),
    ("share-16", "floor-share-16-cancellable"),
    ("timeout", "floor-timeout-clocked"),
    ("mapLatest-switch", "floor-mapLatest-switch-transformed"),
  ]

  /// The comparison cases, each a copy of its operator case named after its probe.
  static let comparisonCases: [BenchCase] = probeComparisons.map { operatorName, probe in
    guard let operatorCase = operatorCases.first(where: { $0.name == operatorName }) else {
      preconditionFailure("asyncops-bench: no operator case \(operatorName) to compare")
    }
    return BenchCase(
      name: comparisonName(of: probe),
      summary: "comparison: \(operatorName)'s body again, paired with the probe \(probe)",
      size: operatorCase.size, quickSize: operatorCase.quickSize,
      repetitions: operatorCase.repetitions, warmups: operatorCase.warmups,
      prepare: operatorCase.prepare)
  }

  /// The names of the comparison cases (`share-1-broadcast`, `timeout-clocked`, …), each judged
  /// against its probe.
  static let comparisonNames = probeComparisons.map { comparisonName(of: $0.probe) }

  /// `floor-share-1-broadcast` → `share-1-broadcast`: the name whose shape floor is the probe.
  private static func comparisonName(of probe: String) -> String {
    String(probe.dropFirst("floor-".count))
  }
}
