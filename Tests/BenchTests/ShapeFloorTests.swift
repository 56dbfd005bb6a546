import Synchronization
import Testing

@testable import asyncops_bench

/// Every operator case has the hand-written floor of its own shape, `floor-X`, and the floors move
/// every element they are given: a floor that lost or repeated elements would be "fast" for the
/// wrong reason and set a floor no operator could honestly reach.
@Suite("asyncops-bench: the shape floors", .serialized)
struct ShapeFloorTests {
  /// Every operator case's name.
  static let operatorNames = BenchCase.operatorCases.map(\.name)

  @Test func everyOperatorCaseHasItsFloorRegistered() {
    #expect(!Self.operatorNames.isEmpty)
    for name in Self.operatorNames {
      #expect(BenchCase.named("floor-" + name) != nil, "floor-\(name) is registered")
    }
  }

  /// The probes registered beside the floors (not shapes' floors), each with the floor whose work
  /// it does.
  static let probes = [
    ("floor-combineLatest2-unspecialised", "floor-combineLatest2"),
    ("floor-compacted-generic", "floor-compacted"),
    ("floor-timeout-clocked", "floor-timeout"),
    ("floor-mapLatest-switch-transformed", "floor-mapLatest-switch"),
    ("floor-share-1-broadcast", "floor-share-1"),
    ("floor-share-4-cancellable", "floor-share-4"),
    ("floor-share-16-cancellable", "floor-share-16"),
  ]

  @Test func everyShapeFloorIsTheFloorOfAnOperatorCase() {
    let probeNames = Set(Self.probes.map(\.0))
    let floors = BenchCase.shapeFloorCases.map(\.name).filter { !probeNames.contains($0) }
    #expect(Set(floors) == Set(Self.operatorNames.map { "floor-" + $0 }))
  }

  /// The floor does the operator case's work: the same elements and the same expected checksum
  /// at the same size, and its own checksum matches, run after run.
  @Test(arguments: operatorNames)
  func theFloorMovesTheSameElementsAsItsOperatorCase(_ name: String) async throws {
    let operatorCase = try #require(BenchCase.named(name))
    let floor = try #require(BenchCase.named("floor-" + name))
    #expect(floor.size == operatorCase.size, "\(name): the same N")
    #expect(floor.quickSize == operatorCase.quickSize, "\(name): the same quick N")
    let operatorOutcome = try await operatorCase.prepare(operatorCase.quickSize)()
    let body = try await floor.prepare(floor.quickSize)
    for _ in 0..<3 {
      let outcome = try await body()
      #expect(outcome.checksum == outcome.expected, "floor-\(name): checksum")
      #expect(outcome.elements > 0, "floor-\(name): elements")
      #expect(outcome.elements == operatorOutcome.elements, "floor-\(name): elements as \(name)")
      // withLatestFrom drops the elements before its second sequence's first one (WithLatestFrom
      // rule 2), so its expected sum depends on when that element landed; its floor drops none.
      if !name.hasPrefix("withLatestFrom") {
        #expect(outcome.expected == operatorOutcome.expected, "floor-\(name): expected as \(name)")
      }
    }
  }

  /// Each probe beside a floor does its floor's work: the same elements and checksum.
  @Test(arguments: probes)
  func theProbesBesideTheFloorsDoTheirFloorsWork(_ name: String, floorName: String) async throws {
    let probe = try #require(BenchCase.named(name))
    let floor = try #require(BenchCase.named(floorName))
    let outcome = try await probe.prepare(probe.quickSize)()
    let floorOutcome = try await floor.prepare(probe.quickSize)()
    #expect(outcome.checksum == outcome.expected)
    #expect(outcome.elements == floorOutcome.elements)
    #expect(outcome.expected == floorOutcome.expected)
  }

  @Test func everyOperatorCaseIsJudgedAgainstItsFloor() {
    for name in Self.operatorNames {
      let target = BenchTargets.all.first { $0.caseName == name && $0.reference == "floor-" + name }
      #expect(target != nil, "\(name) has a shape-floor target")
      let synchronousTaskFree = [
        "chain2", "reductions", "adjacentPairs", "chunks", "removeDuplicates", "compacted",
        "interspersed", "joined", "mapError", "async-range", "retry",
      ].contains(name)
      #expect(target?.limit == (synchronousTaskFree ? 1.5 : 1.25), "\(name)'s limit")
    }
    #expect(ShapeFloors.target(for: "chain2-async-channel").limit == 1.25)
  }

  /// A loop floor the optimiser folded (under 1 ns per element) is taken as 1 ns: the operator
  /// is judged against a loop that still reads its elements, and the case is reported rather than
  /// dropped for a zero floor.
  @Test func aFoldedLoopFloorIsTakenAsOneNanosecondPerElement() throws {
    let results = [
      TargetJudgement.Result(caseName: "floor-chain2", mode: "pinned", nsPerElement: 0),
      TargetJudgement.Result(caseName: "chain2", mode: "pinned", nsPerElement: 0.7),
      TargetJudgement.Result(caseName: "floor-chain2", mode: "free", nsPerElement: 0.002),
      TargetJudgement.Result(caseName: "chain2", mode: "free", nsPerElement: 1.6),
    ]
    let verdict = try #require(
      TargetJudgement.judge(results, targets: [ShapeFloors.target(for: "chain2")]).first)
    #expect(verdict.ratio(in: "pinned") == 0.7)
    #expect(verdict.ratio(in: "free") == 1.6)
    #expect(!verdict.met, "1.6 ns is more than 1.5 × a loop that is not folded")
    let handoffTarget = BenchTargets.Target(caseName: "chain2", limit: 2, reference: "handoff")
    let zeroHandoff = [
      TargetJudgement.Result(caseName: "handoff", mode: "free", nsPerElement: 0),
      TargetJudgement.Result(caseName: "chain2", mode: "free", nsPerElement: 1),
    ]
    #expect(TargetJudgement.judge(zeroHandoff, targets: [handoffTarget]).isEmpty)
  }

  @Test func aShapeFloorTargetIsJudgedInTheWorseModeAgainstThatModesFloor() throws {
    let results = [
      TargetJudgement.Result(caseName: "floor-merge2", mode: "pinned", nsPerElement: 100),
      TargetJudgement.Result(caseName: "merge2", mode: "pinned", nsPerElement: 120),
      TargetJudgement.Result(caseName: "floor-merge2", mode: "free", nsPerElement: 200),
      TargetJudgement.Result(caseName: "merge2", mode: "free", nsPerElement: 300),
    ]
    let verdict = try #require(
      TargetJudgement.judge(results, targets: [ShapeFloors.target(for: "merge2")]).first)
    #expect(verdict.ratio(in: "pinned") == 1.2)
    #expect(verdict.ratio(in: "free") == 1.5)
    #expect(verdict.worse.mode == "free")
    #expect(!verdict.met)
  }

  @Test func anOperatorCaseIsPlannedRightAfterItsFloor() throws {
    let options = try BenchOptions.parse(["chain2", "merge2-async"])
    #expect(
      options.plannedCases.map(\.name) == [
        "handoff", "floor", "floor-chain2", "chain2", "floor-merge2-async", "merge2-async",
      ])
    let floorNamedToo = try BenchOptions.parse(["floor-chain2", "chain2"])
    #expect(
      floorNamedToo.plannedCases.map(\.name) == ["handoff", "floor", "floor-chain2", "chain2"])
  }

  @Test func aFloorNamedAwayFromItsOperatorIsStillPlannedRightBeforeIt() throws {
    let options = try BenchOptions.parse([
      "floor-zip2", "floor-merge2", "merge2", "control-share-1", "zip2", "floor-control-share-1",
    ])
    #expect(
      options.plannedCases.map(\.name) == [
        "handoff", "floor", "floor-merge2", "merge2", "floor-control-share-1", "control-share-1",
        "floor-zip2", "zip2",
      ])
  }

  /// Every case named, sorted by name (so most `floor-X` come far from their `X`), as the
  /// selection of the series 1206c–1206e was: each paired case still comes right after its own
  /// floor, and every named case is planned exactly once.
  @Test func aSortedSelectionOfEveryCasePairsEachOperatorWithItsFloor() throws {
    let names = BenchCase.registry.map(\.name).sorted()
    let planned = try BenchOptions.parse(names).plannedCases.map(\.name)
    #expect(planned.count == names.count)
    #expect(Set(planned) == Set(names))
    for (index, name) in planned.enumerated() where BenchCase.pairedCaseNames.contains(name) {
      #expect(
        index > 0 && planned[index - 1] == ShapeFloors.floorName(of: name),
        "\(name) is planned after \(index > 0 ? planned[index - 1] : "nothing")")
    }
  }
}

/// A shape floor and its operator case are measured together, their timed repetitions alternated,
/// so that both medians come from the same stretch of time (a case's speed on this machine can sit
/// in one of two states for seconds at a time).
@Suite("asyncops-bench: a floor and its operator are measured alternately")
struct AlternatedMeasurementTests {
  /// Runs of the two cases, in the order they ran.
  private final class RunLog: Sendable {
    private let runs = Mutex<[String]>([])
    func append(_ name: String) { runs.withLock { $0.append(name) } }
    var names: [String] { runs.withLock { $0 } }
  }

  private func loggedCase(_ name: String, repetitions: Int, log: RunLog) -> BenchCase {
    BenchCase(
      name: name, summary: name, size: 10, quickSize: 10, repetitions: repetitions,
      measure: { size in
        log.append(name)
        return RunOutcome(elements: size, checksum: 0, expected: 0)
      })
  }

  @Test func theWarmUpsComeFirstThenTheRepetitionsAlternate() async throws {
    let log = RunLog()
    let runner = BenchRunner(quick: false, repetitionsOverride: nil, progress: ProgressLine())
    let (floor, measured) = try await runner.measurePair(
      floor: loggedCase("floor-x", repetitions: 3, log: log),
      operator: loggedCase("x", repetitions: 3, log: log))
    #expect(log.names == ["floor-x", "x", "floor-x", "x", "floor-x", "x", "floor-x", "x"])
    #expect(floor.name == "floor-x" && floor.runsNsPerElement.count == 3)
    #expect(measured.name == "x" && measured.runsNsPerElement.count == 3)
  }

  @Test func oneByOneIsAnOptionForToolsThatTimeEachCaseByItsOutputLine() throws {
    #expect(try BenchOptions.parse(["zip2", "--one-by-one"]).oneByOne)
    #expect(try !BenchOptions.parse(["zip2"]).oneByOne)
  }

  @Test func unequalRepetitionsAlternateWhileBothHaveRepetitionsLeft() async throws {
    let log = RunLog()
    let runner = BenchRunner(quick: false, repetitionsOverride: nil, progress: ProgressLine())
    _ = try await runner.measurePair(
      floor: loggedCase("floor-x", repetitions: 1, log: log),
      operator: loggedCase("x", repetitions: 3, log: log))
    #expect(log.names == ["floor-x", "x", "floor-x", "x", "x", "x"])
  }
}
