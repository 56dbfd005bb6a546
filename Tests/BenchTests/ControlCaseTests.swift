import Testing

@testable import asyncops_bench

/// The controls: a few shape floors measured against a copy of themselves, exactly as an operator
/// case is measured against its floor, so that their ratio shows the measurement's own spread.
@Suite("asyncops-bench: the controls")
struct ControlCaseTests {
  @Test(arguments: BenchCase.controlledCaseNames)
  func aControlAndItsFloorAreBothCopiesOfTheShapeFloor(_ name: String) async throws {
    let floor = try #require(BenchCase.named("floor-" + name))
    let control = try #require(BenchCase.named("control-" + name))
    let controlFloor = try #require(BenchCase.named("floor-control-" + name))
    for copy in [control, controlFloor] {
      expectMeasuredAlike(copy, as: floor)
      let outcome = try await copy.prepare(copy.quickSize)()
      let floorOutcome = try await floor.prepare(floor.quickSize)()
      #expect(outcome.checksum == outcome.expected, "\(copy.name): checksum")
      #expect(outcome.elements == floorOutcome.elements, "\(copy.name): elements as its floor")
    }
  }

  /// A control or a probe comparison (`ProbeComparisonTests`) is measured with its floor, as an
  /// operator case is, but is neither an operator case nor a target.
  @Test(arguments: BenchCase.controlNames + BenchCase.comparisonNames)
  func aCaseJudgedApartIsPairedButIsNeitherAnOperatorCaseNorATarget(_ name: String) {
    #expect(!BenchCase.operatorCases.contains { $0.name == name })
    #expect(!BenchTargets.all.contains { $0.caseName == name })
    #expect(BenchCase.pairedCaseNames.contains(name))
  }

  @Test func aControlIsPlannedRightAfterItsCopyOfTheFloor() throws {
    let options = try BenchOptions.parse(["control-merge2", "merge2"])
    #expect(
      options.plannedCases.map(\.name) == [
        "handoff", "floor", "floor-control-merge2", "control-merge2", "floor-merge2", "merge2",
      ])
  }

  /// The tables apart from the targets: the controls, and the probe comparisons
  /// (`ProbeComparisonTests`). Each has its heading before its lines, and is left out when no run
  /// measured one of its cases.
  static let sectionsApart = [
    ("Controls, not targets", "control-zip2"),
    ("Probe comparisons, not targets", "share-1-broadcast"),
  ]

  @Test(arguments: sectionsApart)
  func theMarkdownReportJudgesEachSectionApartFromTheTargets(_ heading: String, _ name: String) {
    let row = ModeRow.fixture
    let floor = "floor-" + name
    let run = [
      row("handoff", "pinned", 500), row("handoff", "free", 500),
      row(floor, "pinned", 800), row(name, "pinned", 810),
      row(floor, "free", 1_000), row(name, "free", 1_400),
    ]
    let lines = ModesReport.markdown([("1.json", run)])
    let headingIndex = lines.firstIndex { $0.hasPrefix(heading) }
    let line = lines.firstIndex { $0.hasPrefix("| \(name) /") }
    #expect(headingIndex != nil)
    #expect(
      line.map { lines[$0] }
        == "| \(name) / \(floor) | ≤ 1.25 | 1.01 / 1.40 **missed** | **missed** (met in 0 of 1) |")
    if let headingIndex, let line { #expect(headingIndex < line) }
    for (other, _) in Self.sectionsApart where other != heading {
      #expect(!lines.contains { $0.hasPrefix(other) }, "no \(other) without their cases")
    }
    let withoutThem = ModesReport.markdown([("1.json", Array(run.prefix(2)))])
    #expect(!withoutThem.contains { $0.hasPrefix(heading) })
  }
}
