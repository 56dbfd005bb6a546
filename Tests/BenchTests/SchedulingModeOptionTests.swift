import Testing

@testable import asyncops_bench

@Suite("asyncops-bench: the scheduling-mode options")
struct SchedulingModeOptionTests {
  @Test func modesMeasuresBothModesWithTheNamedCases() throws {
    let options = try BenchOptions.parse(["combineLatest2", "--modes", "--repetitions", "3"])
    #expect(options.modes)
    #expect(options.mode == nil)
    #expect(options.cases.map(\.name) == ["combineLatest2"])
    #expect(options.repetitions == 3)
  }

  @Test func modeNamesOneModeAndRejectsAnyOtherWord() throws {
    #expect(try BenchOptions.parse(["--mode", "pinned"]).mode == .pinned)
    #expect(try BenchOptions.parse(["--mode", "free", "--json"]).mode == .free)
    #expect(throws: BenchOptions.UsageError.self) { try BenchOptions.parse(["--mode", "fast"]) }
    #expect(throws: BenchOptions.UsageError.self) { try BenchOptions.parse(["--mode"]) }
  }

  @Test func modesRefusesOptionsThatContradictIt() {
    for arguments in [
      ["--modes", "--mode", "free"], ["--modes", "--svg", "chart.svg"],
      ["--modes", "--compare", "a.json", "b.json"],
    ] {
      #expect(throws: BenchOptions.UsageError.self, "\(arguments)") {
        try BenchOptions.parse(arguments)
      }
    }
  }

  @Test func eachChildGetsTheParentsArgumentsWithJSONAndItsMode() {
    let arguments = ["share-1", "--modes", "--json", "--quick"]
    #expect(
      BenchOptions.childArguments(arguments, mode: .pinned)
        == ["share-1", "--quick", "--json", "--mode", "pinned"])
    #expect(
      BenchOptions.childArguments(["--modes"], mode: .free) == ["--json", "--mode", "free"])
  }

  @Test func theChildsModeIsReadBeforeParsingFromTheWholeCommandLine() {
    #expect(SchedulingMode.requested(in: ["bench", "x", "--mode", "pinned"]) == .pinned)
    #expect(SchedulingMode.requested(in: ["bench", "--mode"]) == nil)
    #expect(SchedulingMode.requested(in: ["bench", "--modes"]) == nil)
  }

  @Test func modesReportTakesEveryFileAfterItAndNothingElse() throws {
    let options = try BenchOptions.parse(["--modes-report", "a.json", "b.json"])
    #expect(options.modesReport == ["a.json", "b.json"])
    #expect(throws: BenchOptions.UsageError.self) { try BenchOptions.parse(["--modes-report"]) }
    #expect(throws: BenchOptions.UsageError.self) {
      try BenchOptions.parse(["--modes-report", "a.json", "--json"])
    }
    #expect(throws: BenchOptions.UsageError.self) {
      try BenchOptions.parse(["--modes", "--modes-report", "a.json"])
    }
  }

  @Test func theProcessMayRunOnAtLeastOneCore() {
    #expect(!SchedulingMode.allowedCores().isEmpty)
  }
}
