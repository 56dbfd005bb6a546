import Testing

@testable import asyncops_bench

/// The hand-written floors of issue #30's targets move every element they are given: a floor
/// that lost or repeated elements would be "fast" for the wrong reason and set a floor no operator
/// could honestly reach.
@Suite("asyncops-bench: the shape floors move every element")
struct ShapeFloorTests {
  @Test(arguments: [
    "floor-combineLatest2", "floor-combineLatest3", "floor-combineLatest4",
    "floor-combineLatest2-unspecialised", "floor-combineLatest2-async-channel",
    "floor-combineLatest3-async-channel", "floor-combineLatest4-async-channel", "floor-share-1",
    "floor-debounce-burst",
  ])
  func aFloorRunAtItsQuickSizeGivesItsExpectedChecksum(_ name: String) async throws {
    let benchCase = try #require(BenchCase.named(name), "\(name) is registered")
    let body = try await benchCase.prepare(benchCase.quickSize)
    for _ in 0..<3 {
      let outcome = try await body()
      #expect(outcome.checksum == outcome.expected, "\(name): checksum")
      #expect(outcome.elements > 0, "\(name): elements")
    }
  }
}
