import Testing

@testable import asyncops_bench

/// Every repetition carries the machine's steal time during it: the `steal` column of
/// `/proc/stat`'s all-CPU line, read before and after the repetition, outside its timing.
@Suite("asyncops-bench: the hypervisor's steal time beside every repetition")
struct HostStealTests {
  @Test func theStealColumnIsTheEighthNumberOfTheAllCPULine() {
    let text = """
      cpu  6580615 4 918420 4134326 15004 0 2930 8046 0 0
      cpu0 3671737 2 500665 1650261 2009 0 382 4007 0 0
      intr 1 2 3
      """
    #expect(HostSteal.stealTicks(inProcStat: text) == 8046)
  }

  @Test func aShortLineOrNoAllCPULineGivesNothing() {
    #expect(HostSteal.stealTicks(inProcStat: "cpu  1 2 3 4 5 6 7\n") == nil)
    #expect(HostSteal.stealTicks(inProcStat: "cpu0 1 2 3 4 5 6 7 8\nintr 1\n") == nil)
    #expect(HostSteal.stealTicks(inProcStat: "cpu  1 2 3 4 5 6 7 x\n") == nil)
    #expect(HostSteal.stealTicks(inProcStat: "") == nil)
  }

  @Test func everyTimedRepetitionCarriesItsSteal() async throws {
    let benchCase = BenchCase(
      name: "x", summary: "x", size: 10, quickSize: 10, repetitions: 3,
      measure: { size in RunOutcome(elements: size, checksum: 0, expected: 0) })
    let runner = BenchRunner(quick: false, repetitionsOverride: nil, progress: ProgressLine())
    let measured = try await runner.measure(benchCase)
    // Linux has had the column since 2.6.11; the warm-up is not among the repetitions.
    #expect(measured.runsStealMilliseconds.count == 3)
    #expect(measured.runsStealMilliseconds.allSatisfy { $0 >= 0 })
  }
}
