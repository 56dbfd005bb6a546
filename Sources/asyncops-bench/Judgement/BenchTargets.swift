/// The speed targets, each a ratio to a reference case measured in the same run and mode: printed
/// after the table so each run says which it meets, and judged in the worse scheduling mode under
/// `--modes` (see ``TargetJudgement``). Every operator case also has its shape-floor target (see
/// ``ShapeFloors``).
enum BenchTargets {
  /// One target: a case's median must cost at most `limit` × the reference case's median.
  struct Target: Equatable, Sendable {
    /// The case.
    let caseName: String
    /// The largest ratio to the reference that meets the target.
    let limit: Double
    /// The denominator: `handoff`, `source-async-channel` for the `-async-channel` variants, or
    /// the case's own shape floor (`floor-` + its name).
    var reference: String = BenchCase.handoffName
    /// When set, the ratio is not taken between two cases' medians but is this figure of the
    /// case itself: a ratio to `reference`'s work that the case measured beside each of its own
    /// repetitions (paired), so that a change in the machine's speed between two cases measured
    /// a minute apart cannot decide the target.
    var field: String? = nil
  }

  /// The reference of the channel targets: the rendezvous channel alone, no operator.
  static let channelSourceName = "source" + ChannelSource.nameSuffix

  /// Every target, in report order. A target whose case is not registered (e.g. `merge2` before
  /// it exists) is simply never measured, so never reported.
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
      Target(caseName: "currentValue", limit: 2),
      Target(caseName: "currentValue-pingpong", limit: 2),
    ]
    // Search: a parallel pass within 1.6× of one core's read of the text (the memory
    // floor), each pass beside its own read (`passOverScanLimit`: the machine's speed moved
    // 2× between the two cases of one run), and a non-ASCII pass within 2× of an ASCII one.
    + [
      Target(
        caseName: "search-1m", limit: 1.6, reference: "scan-limit-1m", field: "passOverScanLimit"),
      Target(caseName: "search-1m-nonascii", limit: 2, reference: "search-1m"),
    ]
    // On the rendezvous channel (one real hop per element, the fair comparison with
    // other libraries) each operator costs at most twice the channel alone.
    + [
      "debounce-burst", "combineLatest2", "combineLatest3", "combineLatest4", "share-1", "share-4",
      "share-16", "merge2",
    ].map {
      Target(caseName: $0 + ChannelSource.nameSuffix, limit: 2, reference: channelSourceName)
    }
    // Every operator case within its shape's floor.
    + ShapeFloors.targets(operatorCases: BenchCase.operatorCases.map(\.name))

  /// The report lines for the targets whose case was measured in a single-mode run.
  static func lines(_ measured: [CaseMeasurement], handoff: CaseMeasurement?) -> [String] {
    let results = measured.map(\.result)
    let verdicts = TargetJudgement.judge(results, targets: all)
    guard !verdicts.isEmpty else { return [] }
    return [
      "targets (×reference of this run: median of the paired repetitions against a shape floor, "
        + "else of the medians; met when ≤ the limit):"
    ]
      + verdicts.map { verdict in
        let ratio = verdict.worse
        return "  " + targetLabel(verdict.target).padding(to: 50)
          + NumberFormatting.fixed(ratio.ratio, 2).leftPadding(to: 6) + " ≤ "
          + NumberFormatting.fixed(verdict.target.limit, 2).padding(to: 6)
          + (verdict.met ? "met   " : "missed")
          + "  (runs \(NumberFormatting.fixed(ratio.fastest, 2))–"
          + "\(NumberFormatting.fixed(ratio.slowest, 2)))"
      }
  }

  /// `combineLatest2`, or `share-1-async-channel / source-async-channel` for a target whose
  /// reference is not `handoff`.
  static func targetLabel(_ target: Target) -> String {
    if target.field != nil { return "\(target.caseName) / \(target.reference), paired" }
    return target.reference == BenchCase.handoffName
      ? target.caseName : "\(target.caseName) / \(target.reference)"
  }
}
