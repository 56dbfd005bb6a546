import Testing

@testable import asyncops_bench

@Suite("asyncops-bench: targets are judged in the worse scheduling mode")
struct WorseModeJudgementTests {
  private typealias Result = TargetJudgement.Result
  private let target = BenchTargets.Target(caseName: "combineLatest2", limit: 1.5)

  private func run(pinned: (handoff: Double, case: Double), free: (handoff: Double, case: Double))
    -> [Result]
  {
    [
      Result(caseName: "handoff", mode: "pinned", nsPerElement: pinned.handoff),
      Result(caseName: "combineLatest2", mode: "pinned", nsPerElement: pinned.case),
      Result(caseName: "handoff", mode: "free", nsPerElement: free.handoff),
      Result(caseName: "combineLatest2", mode: "free", nsPerElement: free.case),
    ]
  }

  @Test func aTargetMetOnlyInTheLuckyModeIsMissed() throws {
    // Pinned 1.2×, free 2×: the free mode decides.
    let verdicts = TargetJudgement.judge(
      run(pinned: (500, 600), free: (500, 1000)), targets: [target])
    let verdict = try #require(verdicts.first)
    #expect(verdict.ratio(in: "pinned") == 1.2)
    #expect(verdict.ratio(in: "free") == 2)
    #expect(verdict.worse.mode == "free")
    #expect(!verdict.met)
  }

  @Test func eachModeIsDividedByItsOwnHandoff() throws {
    // The free case is slower in ns, but so is free's handoff: 1.4× in both, met.
    let verdicts = TargetJudgement.judge(
      run(pinned: (400, 560), free: (600, 840)), targets: [target])
    let verdict = try #require(verdicts.first)
    #expect(verdict.ratios.map(\.ratio) == [1.4, 1.4])
    #expect(verdict.met)
  }

  @Test func theWorseModeCanBeThePinnedOne() throws {
    let verdicts = TargetJudgement.judge(
      run(pinned: (400, 800), free: (600, 600)), targets: [target])
    let verdict = try #require(verdicts.first)
    #expect(verdict.worse.mode == "pinned")
    #expect(!verdict.met)
  }

  @Test func aRatioExactlyAtTheLimitIsMet() throws {
    let verdicts = TargetJudgement.judge(
      run(pinned: (400, 600), free: (400, 600)), targets: [target])
    #expect(try #require(verdicts.first).met)
  }

  @Test func channelTargetsDivideBySourceAsyncChannelOfTheSameMode() throws {
    let channel = BenchTargets.Target(
      caseName: "share-1-async-channel", limit: 2, reference: "source-async-channel")
    let results = [
      Result(caseName: "source-async-channel", mode: "pinned", nsPerElement: 1000),
      Result(caseName: "share-1-async-channel", mode: "pinned", nsPerElement: 1500),
      Result(caseName: "source-async-channel", mode: "free", nsPerElement: 500),
      Result(caseName: "share-1-async-channel", mode: "free", nsPerElement: 1500),
    ]
    let verdict = try #require(TargetJudgement.judge(results, targets: [channel]).first)
    #expect(verdict.ratios.map(\.ratio) == [1.5, 3])
    #expect(!verdict.met)
  }

  @Test func aTargetWithoutItsCaseOrReferenceIsNotJudged() {
    let onlyHandoff = [Result(caseName: "handoff", mode: "free", nsPerElement: 500)]
    #expect(TargetJudgement.judge(onlyHandoff, targets: [target]).isEmpty)
    let noHandoff = [Result(caseName: "combineLatest2", mode: "free", nsPerElement: 500)]
    #expect(TargetJudgement.judge(noHandoff, targets: [target]).isEmpty)
  }

  @Test func aRunWithoutModesIsJudgedAsOneMode() throws {
    let results = [
      Result(caseName: "handoff", mode: "", nsPerElement: 500),
      Result(caseName: "combineLatest2", mode: "", nsPerElement: 700),
    ]
    let verdict = try #require(TargetJudgement.judge(results, targets: [target]).first)
    #expect(verdict.ratios.count == 1)
    #expect(verdict.met)
  }

  @Test func everyChannelVariantHasATargetAgainstTheChannelAlone() {
    let channelTargets = BenchTargets.all.filter { $0.reference == "source-async-channel" }
    #expect(
      Set(channelTargets.map(\.caseName)) == [
        "debounce-burst-async-channel", "combineLatest2-async-channel",
        "combineLatest3-async-channel", "combineLatest4-async-channel", "share-1-async-channel",
        "share-4-async-channel", "share-16-async-channel", "merge2-async-channel",
      ])
    #expect(channelTargets.allSatisfy { $0.limit == 2 })
  }

  @Test func theMarkdownReportCountsTheRunsThatMetATarget() {
    let row = ModeRow.fixture
    let met = [
      row("handoff", "pinned", 500), row("combineLatest2", "pinned", 600),
      row("handoff", "free", 500), row("combineLatest2", "free", 700),
    ]
    let missed = [
      row("handoff", "pinned", 500), row("combineLatest2", "pinned", 600),
      row("handoff", "free", 500), row("combineLatest2", "free", 900),
    ]
    let lines = ModesReport.markdown([("1.json", met), ("2.json", missed)])
    let line = lines.first { $0.hasPrefix("| combineLatest2 |") }
    #expect(
      line == "| combineLatest2 | ≤ 1.50 | 1.20 / 1.40 met | 1.20 / 1.80 **missed** "
        + "| **missed** (met in 1 of 2) |")
  }

  @Test func compareMatchesCasesModeByMode() {
    typealias Entry = BenchComparison.Entry
    let base = [
      Entry(name: "handoff", nsPerElement: 500, noise: 0, ratioToHandoff: 1, mode: "pinned"),
      Entry(name: "handoff", nsPerElement: 500, noise: 0, ratioToHandoff: 1, mode: "free"),
    ]
    let new = [
      Entry(name: "handoff", nsPerElement: 500, noise: 0, ratioToHandoff: 1, mode: "free"),
      Entry(name: "handoff", nsPerElement: 400, noise: 0, ratioToHandoff: 1, mode: "pinned"),
    ]
    let lines = BenchComparison.report(base: base, new: new, basePath: "b", newPath: "n")
    #expect(lines.contains { $0.hasPrefix("handoff [free]") && $0.contains("within noise") })
    #expect(lines.contains { $0.hasPrefix("handoff [pinned]") && $0.contains("faster") })
  }
}
