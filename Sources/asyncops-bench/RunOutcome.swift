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
