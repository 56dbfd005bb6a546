import Foundation
import MarbleEngines
import Testing

/// `brew-search marbles` with a delay past the runners' default drain of 10,000 ticks: the output
/// is complete, or the operator is refused with a message — never silently cut.
@Suite struct MarblesLongDelayTests {
  static func dashes(_ count: Int) -> String { String(repeating: "-", count: count) }

  @Test func throttlePastTenThousandTicksPrintsTheWholeOutput() throws {
    let result = try BrewSearchProcess.run(["marbles", "throttle:10003", "ab|"])
    #expect(result.status == 0, "\(result.stderr)")
    let line = "a" + Self.dashes(10_002) + "[b|]"
    #expect(result.stdout == "pull: \(line)\npush: \(line)\n", "\(result.stdout.prefix(80))")
  }

  @Test func mapLatestPastTenThousandTicksPrintsTheWholeOutput() throws {
    let result = try BrewSearchProcess.run(["marbles", "mapLatest:10003", "ab|"])
    #expect(result.status == 0, "\(result.stderr)")
    let line = Self.dashes(10_004) + "[b|]"
    #expect(result.stdout == "pull: \(line)\npush: \(line)\n", "\(result.stdout.prefix(80))")
  }

  @Test(arguments: [
    MarbleOperator.throttle(ticks: 20_000, latest: true), .throttle(ticks: 20_000, latest: false),
    .debounce(ticks: 20_000), .mapLatest(ticks: 20_000),
  ])
  func bothEnginesDrainPastTheLongestDelay(operation: MarbleOperator) async throws {
    // No finish: each operator's last output comes 20,000 ticks after an input.
    for engine in MarbleEngine.allCases {
      let output = try await MarbleEvaluation.evaluate(operation, inputs: ["ab-c"], engine: engine)
      #expect(output[0].ticks.count > 20_000, "\(engine): \(output[0].description.suffix(20))")
    }
  }

  @Test func theDiagramOfALongDelayShowsTheLateElement() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    let svg = folder.appendingPathComponent("long.svg")
    let result = try BrewSearchProcess.run([
      "marbles", "--engine", "pull", "--svg", svg.path, "throttle:10003", "ab|",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let picture = try String(contentsOf: svg, encoding: .utf8)
    // The input's b and the output's b, which comes 10,003 ticks later.
    #expect(picture.components(separatedBy: ">b</text>").count - 1 == 2, "the late b is drawn")
  }

  @Test(arguments: [
    "throttle:100001", "debounce:200000", "mapLatest:999999999", "debounce:3:maxWait=100001",
  ])
  func aDelayPastTheLimitIsRefusedWithAMessage(operation: String) throws {
    let result = try BrewSearchProcess.run(["marbles", operation, "ab|"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("past the limit of 100000 ticks"), "\(result.stderr)")
  }
}
