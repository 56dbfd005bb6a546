/// An output marble that differs from the expected one, shown as a readable diff.
///
/// ```swift
/// if let mismatch = MarbleMismatch(expected: "--a|", actual: "---a|") {
///   print(mismatch)
///   // expected: --a|
///   //   actual: ---a|
///   //             ^ first difference at position 2
/// }
/// ```
public struct MarbleMismatch: Error, Hashable, Sendable, CustomStringConvertible {
  /// What the output was expected to be.
  public var expected: String
  /// What the output was.
  public var actual: String
  /// Names the output in the message, e.g. `"consumer 2"`; empty for a single output.
  public var label: String

  /// Returns `nil` when the two marbles are the same text, otherwise the mismatch.
  ///
  /// The comparison is of text: to ignore spaces, quotes around one-character elements and empty
  /// ticks after the last event, compare parsed `MarbleTimeline`s first and build the mismatch
  /// from their `description`s, as `expectMarbles` does.
  public init?(expected: String, actual: String, label: String = "") {
    guard expected != actual else { return nil }
    self.expected = expected
    self.actual = actual
    self.label = label
  }

  /// The zero-based character position of the first difference.
  public var firstDifference: Int {
    zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expected.count, actual.count)
  }

  /// Both marbles, aligned, with a caret under the first difference.
  public var description: String {
    let heading = label.isEmpty ? "marbles differ" : "marbles differ for \(label)"
    return """
      \(heading)
      expected: \(expected)
        actual: \(actual)
                \(String(repeating: " ", count: firstDifference))^ first difference at position \(firstDifference)
      """
  }
}
