import Testing

@testable import asyncops_bench

/// The probe comparisons: an operator case measured again, paired with a probe instead of its
/// shape floor, so that what the probe's one extra thing accounts for is measured in both modes.
@Suite("asyncops-bench: the probe comparisons")
struct ProbeComparisonTests {
  @Test(arguments: BenchCase.probeComparisons.map(\.operatorCase))
  func aComparisonRunsItsOperatorCasesBody(_ operatorName: String) async throws {
    let comparison = try #require(
      BenchCase.probeComparisons.first { $0.operatorCase == operatorName })
    let operatorCase = try #require(BenchCase.named(operatorName))
    let probe = try #require(BenchCase.named(comparison.probe))
    let copy = try #require(BenchCase.named(String(comparison.probe.dropFirst("floor-".count))))
    expectMeasuredAlike(copy, as: operatorCase)
    #expect(probe.size == operatorCase.size, "\(probe.name): the same N as \(operatorName)")
    let outcome = try await copy.prepare(copy.quickSize)()
    let operatorOutcome = try await operatorCase.prepare(operatorCase.quickSize)()
    let probeOutcome = try await probe.prepare(copy.quickSize)()
    #expect(outcome.checksum == outcome.expected, "\(copy.name): checksum")
    #expect(outcome.elements == operatorOutcome.elements, "\(copy.name): elements")
    #expect(probeOutcome.checksum == probeOutcome.expected, "\(probe.name): checksum")
    #expect(probeOutcome.elements == outcome.elements, "\(probe.name): elements as \(copy.name)")
  }

  /// Each comparison is named after its probe (that it is paired and not a target:
  /// `ControlCaseTests`).
  @Test func aComparisonIsNamedAfterItsProbe() {
    #expect(
      BenchCase.comparisonNames == [
        "share-1-broadcast", "share-4-cancellable", "share-16-cancellable", "timeout-clocked",
        "mapLatest-switch-transformed",
      ])
    for (_, probe) in BenchCase.probeComparisons {
      #expect(BenchCase.comparisonNames.contains { "floor-" + $0 == probe })
    }
  }

  @Test func aComparisonIsPlannedRightAfterItsProbe() throws {
    let options = try BenchOptions.parse(["share-1-broadcast", "share-1"])
    #expect(
      options.plannedCases.map(\.name) == [
        "handoff", "floor", "floor-share-1-broadcast", "share-1-broadcast", "floor-share-1",
        "share-1",
      ])
  }
}
