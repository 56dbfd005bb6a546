import MarbleEngines
import MarbleNotation

/// One random case run through both engines and compared with the prediction.
struct DifferentialRun: Sendable {
  let randomCase: RandomCase
  let pull: [String]
  let push: [String]
  /// What pull must produce: the push outputs plus the documented differences.
  let expectedPull: [String]
  let differences: Set<DocumentedDifference>

  var agrees: Bool { pull == expectedPull }

  /// Runs `randomCase` through both engines; an engine that throws is a disagreement.
  static func run(_ randomCase: RandomCase) async -> DifferentialRun {
    let marbles = randomCase.marbles
    let push: [MarbleTimeline]
    do {
      push = try await MarbleEvaluation.evaluate(
        randomCase.operation, inputs: marbles, engine: .push)
    } catch {
      return failed(randomCase, push: ["threw \(error)"])
    }
    let prediction = PullPrediction(push: push, for: randomCase)
    let pull: [String]
    do {
      pull = try await MarbleEvaluation.evaluate(
        randomCase.operation, inputs: marbles, engine: .pull
      ).map(\.description)
    } catch {
      pull = ["threw \(error)"]
    }
    return DifferentialRun(
      randomCase: randomCase, pull: pull, push: push.map(\.description),
      expectedPull: prediction.outputs.map(\.description), differences: prediction.differences)
  }

  private static func failed(_ randomCase: RandomCase, push: [String]) -> DifferentialRun {
    DifferentialRun(
      randomCase: randomCase, pull: [], push: push, expectedPull: ["(no prediction)"],
      differences: [])
  }

  /// The case, both outputs and the prediction, aligned for a failure message.
  var report: String {
    """
      case:          \(randomCase)
      push:          \(push)
      pull:          \(pull)
      expected pull: \(expectedPull)  (push + \(differenceList))
    """
  }

  private var differenceList: String {
    differences.isEmpty
      ? "no documented difference"
      : differences.map(\.rule).sorted().joined(
        separator: ", ")
  }
}
