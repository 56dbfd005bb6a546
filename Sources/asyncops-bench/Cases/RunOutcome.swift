/// What one timed run of a ``BenchCase`` reports back to the harness.
struct RunOutcome: Sendable {
  /// The number of elements the run processed: the divisor of its duration.
  let elements: Int
  /// A checksum of everything the consumer received.
  let checksum: Int
  /// The checksum an honest run must produce; the harness fails the case on a mismatch.
  let expected: Int
  /// Case-specific figures (e.g. `tuples`, `p50Ms`); the report shows each one's median over the
  /// repetitions, in this order.
  let extraFields: [(name: String, value: Double)]
  /// The duration of the part of the run that is the case, when the case times it itself
  /// because the run also does untimed work (`search-1m` empties the cache first and reads the
  /// text after its pass); `nil`: the whole run is timed. (The CPU and context-switch figures
  /// still cover the whole run.)
  var timedNanoseconds: Double? = nil

  /// Creates an outcome; `extraFields` become extra columns of the JSON object and table notes.
  init(
    elements: Int, checksum: Int, expected: Int,
    extraFields: [(name: String, value: Double)] = []
  ) {
    self.elements = elements
    self.checksum = checksum
    self.expected = expected
    self.extraFields = extraFields
  }
}
