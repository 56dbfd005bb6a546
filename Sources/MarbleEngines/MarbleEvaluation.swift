import AsyncOps
import AsyncOpsTesting
import MarbleNotation
import PushReference

/// The two implementations of the operators: pull (`AsyncOps`) and push (`PushReference`).
public enum MarbleEngine: String, CaseIterable, Hashable, Sendable {
  /// `AsyncOps`, the product: `AsyncSequence` operators on a `TestClock`.
  case pull
  /// `PushReference`, Combine's semantics on a `VirtualTimeScheduler`.
  case push
}

/// Evaluates one operator on marble inputs with either engine, on virtual time: the shared engine
/// of the conformance suite and of `brew-search marbles`.
///
/// ```swift
/// let outputs = try await MarbleEvaluation.evaluate(
///   .debounce(ticks: 3), inputs: ["abcd----e---f-g----|"], engine: .pull)
/// outputs[0].description   // "------d----e-----g-|"
/// ```
public enum MarbleEvaluation {
  /// Runs `operation` on `inputs` with `engine`; one output timeline per consumer (`share` has one
  /// per consumer tick, every other operator one).
  ///
  /// `combineLatest` elements are written as their parts concatenated (`'ax'`).
  /// - Throws: `MarbleOperatorError` when the number of inputs does not suit the operator,
  ///   `MarbleSyntaxError` for an invalid marble, or a virtual-time failure.
  public static func evaluate(
    _ operation: MarbleOperator, inputs: [String], engine: MarbleEngine,
    tick: Duration = .milliseconds(1)
  ) async throws -> [MarbleTimeline] {
    guard operation.inputCount.contains(inputs.count) else {
      let range = operation.inputCount
      let expected =
        range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
      throw MarbleOperatorError(
        "\(operation.name) takes \(expected) input marble\(range.upperBound == 1 ? "" : "s"), got \(inputs.count)"
      )
    }
    switch engine {
    case .pull: return try await PullMarbles.evaluate(operation, inputs: inputs, tick: tick)
    case .push: return try PushMarbles.evaluate(operation, inputs: inputs, tick: tick)
    }
  }
}

/// Writes a `combineLatest` tuple of strings as its parts concatenated.
func concatenatedParts(_ tuple: Any) -> String {
  let parts = Mirror(reflecting: tuple).children.map { "\($0.value)" }
  return parts.isEmpty ? "\(tuple)" : parts.joined()
}
