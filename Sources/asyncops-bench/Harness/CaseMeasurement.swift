/// The measured result of one case: every timed repetition, summarised.
struct CaseMeasurement: Sendable {
  /// The case's name.
  let name: String
  /// Elements processed by one run.
  let elements: Int
  /// Nanoseconds per element of each timed repetition (warm-ups excluded), in run order.
  let runsNsPerElement: [Double]
  /// Context switches of the process per element in each timed repetition (see
  /// ``ContextSwitches``), in run order.
  let runsContextSwitchesPerElement: [Double]
  /// CPU time (every thread, user + system) per element in each timed repetition: wall time
  /// minus the time threads waited, plus the time both cores worked at once.
  let runsCpuNsPerElement: [Double]
  /// The machine's steal time in each timed repetition, in milliseconds (see ``HostSteal``); empty
  /// where it cannot be read.
  var runsStealMilliseconds: [Double] = []
  /// Peak resident-memory growth during the case (see ``PeakMemoryProbe``), if measurable.
  let peakMemoryBytes: Int?
  /// The median of each of the case's extra fields, in the case's order.
  let extraFields: [(name: String, value: Double)]

  /// Timed repetitions.
  var repetitions: Int { runsNsPerElement.count }
  /// Median nanoseconds per element over the repetitions: the case's figure.
  var nsPerElement: Double { RunStatistics.median(runsNsPerElement) }
  /// Fastest repetition, in nanoseconds per element.
  var fastestNsPerElement: Double { runsNsPerElement.min() ?? 0 }
  /// Slowest repetition, in nanoseconds per element.
  var slowestNsPerElement: Double { runsNsPerElement.max() ?? 0 }
  /// The spread of the repetitions: see ``RunStatistics/noise(_:)``.
  var noise: Double { RunStatistics.noise(runsNsPerElement) }

  /// Elements per second at the median speed.
  var elementsPerSecond: Double {
    nsPerElement > 0 ? 1e9 / nsPerElement : 0
  }

  /// What the targets judge this case on (one mode: `""`).
  var result: TargetJudgement.Result {
    TargetJudgement.Result(
      caseName: name, mode: "", nsPerElement: nsPerElement,
      fastestNsPerElement: fastestNsPerElement, slowestNsPerElement: slowestNsPerElement,
      fields: Dictionary(extraFields.map { ($0.name, $0.value) }) { first, _ in first },
      runsNsPerElement: runsNsPerElement)
  }

  /// This case's ratio to its shape floor `floor` (measured in the same run), as its target
  /// judges it (``TargetJudgement/shapeFloorRatio(_:to:statistic:)``).
  func shapeFloorRatio(to floor: CaseMeasurement?) -> Double? {
    floor.map { TargetJudgement.shapeFloorRatio(result, to: $0.result).ratio }
  }

  /// This case's cost as a multiple of `floor`'s (a floor case measured in the same run).
  func ratio(to floor: CaseMeasurement?) -> Double? {
    guard let floor, floor.nsPerElement > 0 else { return nil }
    return nsPerElement / floor.nsPerElement
  }
}

/// Order statistics of a case's repetitions.
enum RunStatistics {
  /// The median of `values` (the mean of the middle two for an even count); 0 when empty.
  static func median(_ values: [Double]) -> Double {
    quantile(values, 0.5)
  }

  /// The `q` quantile of `values`, interpolating linearly between order statistics; 0 when empty.
  static func quantile(_ values: [Double], _ q: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let position = q * Double(sorted.count - 1)
    let below = Int(position.rounded(.down))
    let above = min(below + 1, sorted.count - 1)
    let fraction = position - Double(below)
    return sorted[below] + (sorted[above] - sorted[below]) * fraction
  }

  /// The noise figure of a case: the interquartile range of its repetitions over their median
  /// (`0.10`: the middle half of the runs lies within a band 10% of the median wide). Unlike the
  /// full range, one run disturbed by another process does not inflate it. 0 with fewer than
  /// three runs.
  static func noise(_ values: [Double]) -> Double {
    let middle = median(values)
    guard values.count >= 3, middle > 0 else { return 0 }
    return (quantile(values, 0.75) - quantile(values, 0.25)) / middle
  }
}

/// The median of `values`; see ``RunStatistics/median(_:)``.
func median(_ values: [Double]) -> Double {
  RunStatistics.median(values)
}
