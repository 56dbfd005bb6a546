import AsyncOps
import AsyncOpsTesting
import Testing

/// Every marble diagram and code sample of AsyncOps.docc/RemoveDuplicates.md.
@Suite struct RemoveDuplicatesArticleTests {
  @Test func anElementEqualToTheLastEmittedIsDropped() async throws {
    try await expectMarbles(["aab-bba-a|"], "a-b---a--|") { inputs, _ in
      inputs[0].removeDuplicates()
    }
  }

  @Test func theSampleComparesIgnoringCase() async throws {
    try await expectMarbles(["aAb-B-a|"], "a-b---a|") { inputs, _ in
      // The sample, verbatim:
      inputs[0].removeDuplicates { $0.lowercased() == $1.lowercased() }
    }
  }

  @Test func aNonTransitiveComparisonComparesWithTheLastEmittedElement() async throws {
    let withinOne = [1, 2, 3].asyncElements.removeDuplicates { abs($0 - $1) <= 1 }
    #expect(await collectElements(withinOne) == [1, 3])
  }

  @Test func theFailureStillArrives() async throws {
    try await expectMarbles(["aa-^"], "a--^") { inputs, _ in inputs[0].removeDuplicates() }
  }
}
