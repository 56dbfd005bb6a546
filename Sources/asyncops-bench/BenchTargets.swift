/// The speed targets of issue #19, as ratios to `handoff` measured in the same run: printed
/// after the table so each run says which it meets.
enum BenchTargets {
  /// One target: a case's median must cost at most `limit` × `handoff`'s median.
  struct Target {
    /// The case.
    let caseName: String
    /// The largest ratio to `handoff` that meets the target.
    let limit: Double
  }

  /// Every target, in report order.
  static let all: [Target] =
    ["combineLatest2", "combineLatest3", "combineLatest4"].map { Target(caseName: $0, limit: 1.5) }
    + ["share-1", "share-4", "share-16"].flatMap { name in
      [
        Target(caseName: name, limit: 0.5),
        Target(caseName: name + StreamSource.nameSuffix, limit: 1.5),
        Target(caseName: name + ChannelSource.nameSuffix, limit: 1.5),
      ]
    }
    + [
      Target(caseName: "debounce-burst", limit: 0.1),
      Target(caseName: "debounce-burst" + StreamSource.nameSuffix, limit: 1.5),
      Target(caseName: "debounce-burst" + ChannelSource.nameSuffix, limit: 1.5),
      Target(caseName: "currentValue-pingpong", limit: 2),
    ]

  /// The report lines for the targets whose case was measured (none without `handoff`).
  static func lines(_ measured: [CaseMeasurement], handoff: CaseMeasurement?) -> [String] {
    guard let handoff, handoff.nsPerElement > 0 else { return [] }
    let evaluated = all.compactMap { target -> String? in
      guard let measurement = measured.first(where: { $0.name == target.caseName }) else {
        return nil
      }
      let ratio = measurement.nsPerElement / handoff.nsPerElement
      let fastest = measurement.fastestNsPerElement / handoff.nsPerElement
      let slowest = measurement.slowestNsPerElement / handoff.nsPerElement
      return "  " + target.caseName.padding(to: 28)
        + NumberFormatting.fixed(ratio, 2).leftPadding(to: 6) + " ≤ "
        + NumberFormatting.fixed(target.limit, 2).padding(to: 6)
        + (ratio <= target.limit ? "met   " : "missed")
        + "  (runs \(NumberFormatting.fixed(fastest, 2))–\(NumberFormatting.fixed(slowest, 2)))"
    }
    guard !evaluated.isEmpty else { return [] }
    return ["targets (median ×handoff of this run; met when ≤ the limit):"] + evaluated
  }
}
