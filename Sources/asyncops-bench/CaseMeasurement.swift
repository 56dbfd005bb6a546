/// The measured result of one case: medians over its timed repetitions.
struct CaseMeasurement: Sendable {
  /// The case's name.
  let name: String
  /// Elements processed by one run.
  let elements: Int
  /// Timed repetitions (warm-ups excluded).
  let repetitions: Int
  /// Median nanoseconds per element over the repetitions.
  let nsPerElement: Double
  /// Fastest and slowest repetition, in nanoseconds per element.
  let fastestNsPerElement: Double
  /// See ``fastestNsPerElement``.
  let slowestNsPerElement: Double
  /// Peak resident-memory growth during the case (see ``PeakMemoryProbe``), if measurable.
  let peakMemoryBytes: Int?
  /// The median of each of the case's extra fields, in the case's order.
  let extraFields: [(name: String, value: Double)]

  /// Elements per second at the median speed.
  var elementsPerSecond: Double {
    nsPerElement > 0 ? 1e9 / nsPerElement : 0
  }

  /// This case's cost as a multiple of the floor's, if the floor was measured.
  func ratio(to floor: CaseMeasurement?) -> Double? {
    guard let floor, floor.nsPerElement > 0 else { return nil }
    return nsPerElement / floor.nsPerElement
  }
}

/// The median of `values` (the mean of the middle two for an even count); 0 when empty.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return 0 }
  let middle = sorted.count / 2
  return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}
