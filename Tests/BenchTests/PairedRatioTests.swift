import Testing

@testable import asyncops_bench

/// A shape-floor target's ratio is the median of its paired repetitions' ratios: repetition *i*
/// of the floor and of its operator ran one after the other, so a slow stretch slows both sides of
/// one ratio, where it could slow only one of the two medians.
@Suite("asyncops-bench: shape-floor targets are judged on paired repetitions")
struct PairedRatioTests {
  private typealias Result = TargetJudgement.Result
  private let target = ShapeFloors.target(for: "zip2")

  /// `floor-zip2` and `zip2` in `mode`, each with its repetitions and their median.
  private func pair(floor: [Double], zip: [Double], mode: String = "free") -> [Result] {
    [
      Result(
        caseName: "floor-zip2", mode: mode, nsPerElement: RunStatistics.median(floor),
        runsNsPerElement: floor),
      Result(
        caseName: "zip2", mode: mode, nsPerElement: RunStatistics.median(zip),
        runsNsPerElement: zip),
    ]
  }

  /// Floor and operator, three repetitions each: the second pair ran in a slow stretch (both
  /// sides 2×), the first floor repetition was fast on its own.
  private var results: [Result] { pair(floor: [600, 2_000, 1_000], zip: [1_100, 2_200, 1_050]) }

  @Test func theRatioIsTheMedianOfThePairsNotOfTheMedians() throws {
    let verdict = try #require(TargetJudgement.judge(results, targets: [target]).first)
    // Pairs: 1100/600 ≈ 1.83, 2200/2000 = 1.1, 1050/1000 = 1.05; their median 1.1.
    #expect(abs(verdict.worse.ratio - 1.1) < 1e-9)
    #expect(abs(verdict.worse.fastest - 1.05) < 1e-9)
    #expect(abs(verdict.worse.slowest - 1_100.0 / 600) < 1e-9)
    #expect(verdict.met)
    let byMedians = try #require(
      TargetJudgement.judge(results, targets: [target], statistic: .ratioOfMedians).first)
    #expect(abs(byMedians.worse.ratio - 1.1) < 1e-9)
  }

  @Test func aSlowStretchBeginningBetweenTwoPairsMovesTheMediansButNotThePairs() throws {
    // A slow stretch (2×) begins after the floor's second repetition: it takes the operator's
    // second and third and the floor's third.
    let results = pair(floor: [900, 900, 1_900], zip: [1_000, 2_000, 2_100], mode: "pinned")
    let paired = try #require(TargetJudgement.judge(results, targets: [target]).first)
    #expect(abs(paired.worse.ratio - 1_000.0 / 900) < 1e-9)
    #expect(paired.met)
    let byMedians = try #require(
      TargetJudgement.judge(results, targets: [target], statistic: .ratioOfMedians).first)
    #expect(abs(byMedians.worse.ratio - 2_000.0 / 900) < 1e-9)
    #expect(!byMedians.met)
  }

  @Test func unequalOrMissingRepetitionsFallBackToTheRatioOfMedians() throws {
    let unequal = [
      Result(caseName: "floor-zip2", mode: "", nsPerElement: 1_000, runsNsPerElement: [1_000]),
      Result(
        caseName: "zip2", mode: "", nsPerElement: 1_500, runsNsPerElement: [1_000, 1_500, 2_000]),
    ]
    let verdict = try #require(TargetJudgement.judge(unequal, targets: [target]).first)
    #expect(verdict.worse.ratio == 1.5)
    #expect(!verdict.met)
    let missing = [
      Result(caseName: "floor-zip2", mode: "", nsPerElement: 1_000),
      Result(caseName: "zip2", mode: "", nsPerElement: 1_200),
    ]
    let fallback = try #require(TargetJudgement.judge(missing, targets: [target]).first)
    #expect(fallback.worse.ratio == 1.2)
  }

  @Test func aFoldedFloorRepetitionCountsAsTheLeastALoopCosts() throws {
    let chain = ShapeFloors.target(for: "chain2")
    let results = [
      Result(caseName: "floor-chain2", mode: "", nsPerElement: 0, runsNsPerElement: [0, 0, 0]),
      Result(caseName: "chain2", mode: "", nsPerElement: 1.2, runsNsPerElement: [1.2, 1.3, 1.1]),
    ]
    let verdict = try #require(TargetJudgement.judge(results, targets: [chain]).first)
    #expect(abs(verdict.worse.ratio - 1.2 / ShapeFloors.foldedLoopNsPerElement) < 1e-9)
  }

  @Test func aHandoffTargetIsStillTheRatioOfMedians() throws {
    let handoffTarget = BenchTargets.Target(caseName: "combineLatest2", limit: 1.5)
    let results = [
      Result(caseName: "handoff", mode: "", nsPerElement: 500, runsNsPerElement: [100, 500, 900]),
      Result(
        caseName: "combineLatest2", mode: "", nsPerElement: 600,
        runsNsPerElement: [900, 600, 100]),
    ]
    let verdict = try #require(TargetJudgement.judge(results, targets: [handoffTarget]).first)
    #expect(verdict.worse.ratio == 1.2)
  }

  @Test func theMarkdownReportCountsTargetsUnderBothStatistics() {
    func row(_ name: String, _ mode: String, _ runs: [Double]) -> ModeRow {
      let line =
        "{\"case\": \"\(name)\", \"mode\": \"\(mode)\", \"nsPerElement\": "
        + "\(RunStatistics.median(runs)), \"runsNsPerElement\": \(runs)}"
      return ModeRow.rows(try! JSONLines.parse(line))[0]
    }
    // Paired 1.1 in both modes; the ratio of medians is 2 in free (the floor's slow repetition
    // fell on its own).
    let run = [
      row("floor-zip2", "pinned", [1_000, 1_000, 1_000]),
      row("zip2", "pinned", [1_100, 1_100, 1_100]),
      row("floor-zip2", "free", [500, 500, 2_000]), row("zip2", "free", [1_000, 550, 2_200]),
    ]
    let lines = ModesReport.markdown([("1.json", run)])
    #expect(lines.contains { $0.hasPrefix("| zip2 / floor-zip2 | ≤ 1.25 | 1.10 / 1.10 met |") })
    #expect(
      lines.contains(
        "- judged: the median of the paired repetitions' ratios: 1 of 1 targets met in every run."))
    #expect(
      lines.contains("- not judged: the ratio of the two medians: 0 of 1 targets met in every run.")
    )
  }

  @Test func theShapeColumnAndTheJSONFieldShowTheJudgedFigure() throws {
    func measurement(_ name: String, _ runs: [Double]) -> CaseMeasurement {
      CaseMeasurement(
        name: name, elements: 1_000, runsNsPerElement: runs,
        runsContextSwitchesPerElement: runs.map { _ in 0 }, runsCpuNsPerElement: runs,
        peakMemoryBytes: nil, extraFields: [])
    }
    let floor = measurement("floor-zip2", [900, 900, 1_900])
    let zip = measurement("zip2", [1_000, 2_000, 2_100])
    let ratio = try #require(zip.shapeFloorRatio(to: floor))
    #expect(abs(ratio - 1_000.0 / 900) < 1e-9)
    #expect(zip.shapeFloorRatio(to: nil) == nil)
    let folded = measurement("floor-chain2", [0.001, 0.002, 0.001])
    let chain = measurement("chain2", [0.6, 0.7, 0.65])
    #expect(abs(try #require(chain.shapeFloorRatio(to: folded)) - 0.65) < 1e-9)
  }
}
