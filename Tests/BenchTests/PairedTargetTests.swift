import Testing

@testable import asyncops_bench

/// A target judged on a ratio the case measured beside each repetition (`Target.field`), not on
/// two cases' medians: `search-1m` against the read of the text made in the same repetition.
@Suite("asyncops-bench: paired targets")
struct PairedTargetTests {
  private typealias Result = TargetJudgement.Result
  private let paired = BenchTargets.Target(
    caseName: "search-1m", limit: 1.6, reference: "scan-limit-1m", field: "passOverScanLimit")

  @Test func aPairedTargetIsJudgedOnTheCasesOwnRatioNotOnTheReferenceCase() throws {
    // The reference case ran while the machine was fast (the unpaired ratio would be 2.5×); the
    // pass and its own read, made together, say 1.4×.
    let results = [
      Result(caseName: "scan-limit-1m", mode: "", nsPerElement: 2),
      Result(
        caseName: "search-1m", mode: "", nsPerElement: 5, fields: ["passOverScanLimit": 1.4]),
    ]
    let verdict = try #require(TargetJudgement.judge(results, targets: [paired]).first)
    #expect(verdict.worse.ratio == 1.4)
    #expect(verdict.met)
  }

  @Test func aPairedTargetIsJudgedInTheWorseMode() throws {
    let results = [
      Result(
        caseName: "search-1m", mode: "pinned", nsPerElement: 9, fields: ["passOverScanLimit": 1.7]),
      Result(
        caseName: "search-1m", mode: "free", nsPerElement: 5, fields: ["passOverScanLimit": 1.3]),
    ]
    let verdict = try #require(TargetJudgement.judge(results, targets: [paired]).first)
    #expect(verdict.worse.mode == "pinned")
    #expect(!verdict.met)
  }

  @Test func aCaseWithoutTheFieldIsNotJudged() {
    let results = [Result(caseName: "search-1m", mode: "", nsPerElement: 5)]
    #expect(TargetJudgement.judge(results, targets: [paired]).isEmpty)
  }

  @Test func theFieldIsReadBackFromAJSONLine() throws {
    let object: JSONLines.Object = [
      ("case", .string("search-1m")), ("mode", .string("free")), ("nsPerElement", .number(5)),
      ("passOverScanLimit", .number(1.25)),
    ]
    let row = try #require(ModeRow(object))
    #expect(row.result.fields["passOverScanLimit"] == 1.25)
  }

  @Test func theSearchTargetIsPaired() {
    #expect(BenchTargets.all.contains(paired))
    #expect(BenchTargets.targetLabel(paired) == "search-1m / scan-limit-1m, paired")
  }
}
