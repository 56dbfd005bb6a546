import AsyncOps
import AsyncOpsTesting
import Testing

@Suite struct RemoveDuplicatesTests {
  @Test func consecutiveEqualElementsAreDroppedAtTheirTicks() async throws {
    try await expectMarbles(["aab-bba-a|"], "a-b---a--|") { inputs, _ in
      inputs[0].removeDuplicates()
    }
  }

  @Test func anElementEqualToAnOlderButNotTheLastOneIsKept() async throws {
    let values = await collectElements([1, 1, 2, 1, 1, 3, 3, 1].asyncElements.removeDuplicates())
    #expect(values == [1, 2, 1, 3, 1])
  }

  @Test func aCustomPredicateComparesWithTheLastEmittedElement() async throws {
    // 1 is emitted; 2 is within 1 of it and dropped; 3 is compared with 1 (the last emitted),
    // not with the dropped 2, so it is kept.
    let values = await collectElements(
      [1, 2, 3, 4, 6].asyncElements.removeDuplicates { abs($0 - $1) <= 1 })
    #expect(values == [1, 3, 6])
  }

  @Test func aFailureOfTheBasePassesThrough() async throws {
    try await expectMarbles(["aa-^"], "a--^") { inputs, _ in inputs[0].removeDuplicates() }
  }

  @Test func aNonThrowingBaseGivesANonThrowingSequence() async {
    let sequence = [1, 1].asyncElements.removeDuplicates()
    var iterator = sequence.makeAsyncIterator()
    let first = await iterator.next()  // no `try`: the failure type is Never
    let second = await iterator.next()
    #expect(first == 1)
    #expect(second == nil)
  }

  /// Base [1, 2, 3, 4], the predicate throws on 2: `next()` gives 1, throws, and then `nil`, not
  /// 3 (Algorithms rule 2).
  @Test func aPredicateThatThrowsEndsTheSequence() async throws {
    struct PredicateFailure: Error {}
    var iterator = [1, 2, 3, 4].asyncElements.removeDuplicates { @Sendable _, new throws in
      if new == 2 { throw PredicateFailure() }
      return false
    }.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    await #expect(throws: PredicateFailure.self) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
  }
}
