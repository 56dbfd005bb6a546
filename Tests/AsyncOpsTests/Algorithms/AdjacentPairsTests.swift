import AsyncOps
import Testing

/// SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestAdjacentPairs.swift, rewritten in Swift Testing.
@Suite(.timeLimit(.minutes(1))) struct AdjacentPairsTests {
  /// test_adjacentPairs_produces_tuples_of_adjacent_values_of_original_element
  @Test func pairsEachElementWithTheOneBeforeIt() async {
    var pairs: [[Int]] = []
    for await (first, second) in (1...5).async.adjacentPairs() { pairs.append([first, second]) }
    #expect(pairs == [[1, 2], [2, 3], [3, 4], [4, 5]])
  }

  /// test_adjacentPairs_forwards_termination_from_source_when_iteration_is_finished
  @Test func returnsNilAgainAfterTheEnd() async {
    var iterator = (1...5).async.adjacentPairs().makeAsyncIterator()
    var count = 0
    while await iterator.next() != nil { count += 1 }
    #expect(count == 4)
    #expect(await iterator.next() == nil)
  }

  /// test_adjacentPairs_produces_empty_sequence_when_source_sequence_is_empty
  @Test func aBaseOfOneElementGivesNoPair() async {
    var count = 0
    for await _ in (0..<1).async.adjacentPairs() { count += 1 }
    #expect(count == 0)
  }

  /// test_adjacentPairs_throws_when_source_sequence_throws
  @Test func theBasesErrorEndsTheSequenceAfterThePairsBeforeIt() async throws {
    var iterator = (1...5).async.map { try failing(at: 4, $0) }.adjacentPairs()
      .makeAsyncIterator()
    var pairs: [[Int]] = []
    await #expect(throws: AlgorithmFailure()) {
      while let (first, second) = try await iterator.next() { pairs.append([first, second]) }
    }
    #expect(pairs == [[1, 2], [2, 3]])
    #expect(try await iterator.next() == nil)
  }

  /// test_adjacentPairs_finishes_when_iteration_task_is_cancelled
  @Test func cancellingTheConsumerEndsAnEndlessBase() async {
    #expect(await elementsTakenUntilCancelled(EndlessElements(value: 0).async.adjacentPairs()) >= 1)
  }
}
