import MarbleEngines
import Testing

/// One row of the conformance table: an operator, its input marbles, and what each engine must
/// produce — one output for both, or, where a rule documents a difference, one per engine.
struct ConformanceScenario: Sendable, CustomTestStringConvertible {
  /// What the engines must produce: one output marble per consumer.
  enum Expectation: Sendable {
    /// Both engines produce these outputs.
    case same([String])
    /// The engines differ, as `difference` documents.
    case different(pull: [String], push: [String], difference: DocumentedDifference)
  }

  /// Reads like the behaviour the scenario pins.
  let name: String
  let operation: MarbleOperator
  let inputs: [String]
  let expectation: Expectation
  /// The virtual duration of one marble position.
  let tick: Duration

  var testDescription: String { name }

  /// The outputs `engine` must produce, one per consumer.
  func expectedOutputs(for engine: MarbleEngine) -> [String] {
    switch (expectation, engine) {
    case (.same(let outputs), _): outputs
    case (.different(let pull, _, _), .pull): pull
    case (.different(_, let push, _), .push): push
    }
  }

  /// The documented difference the scenario pins, if the engines differ.
  var difference: DocumentedDifference? {
    if case .different(_, _, let difference) = expectation { return difference }
    return nil
  }

  /// A scenario in which both engines produce `outputs` (one per consumer).
  static func agree(
    _ name: String, _ operation: MarbleOperator, _ inputs: [String], _ outputs: String...,
    tick: Duration = .milliseconds(1)
  ) -> Self {
    Self(name: name, operation: operation, inputs: inputs, expectation: .same(outputs), tick: tick)
  }

  /// A scenario in which the engines differ, as `difference` documents.
  static func differ(
    _ name: String, _ operation: MarbleOperator, _ inputs: [String],
    pull: [String], push: [String], because difference: DocumentedDifference,
    tick: Duration = .milliseconds(1)
  ) -> Self {
    Self(
      name: name, operation: operation, inputs: inputs,
      expectation: .different(pull: pull, push: push, difference: difference), tick: tick)
  }
}
