import AsyncOps
import Testing

/// SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestCompacted.swift, rewritten in Swift Testing.
@Suite(.timeLimit(.minutes(1))) struct CompactedTests {
  /// test_compacted_is_equivalent_to_compactMap_when_input_as_nil_elements
  @Test func dropsTheNilElementsLikeCompactMap() async {
    let source = [1, 2, nil, 3, 4, nil, 5]
    let compacted: AsyncCompactedSequence<AsyncSyncSequence<[Int?]>, Int> = source.async.compacted()
    #expect(await Array(compacted) == source.compactMap { $0 })
  }

  /// test_compacted_produces_nil_next_element_when_iteration_is_finished
  @Test func returnsNilAgainAfterTheEnd() async {
    var iterator = [1, nil, 2].async.compacted().makeAsyncIterator()
    var values: [Int] = []
    while let value = await iterator.next() { values.append(value) }
    #expect(values == [1, 2])
    #expect(await iterator.next() == nil)
  }

  /// test_compacted_is_equivalent_to_compactMap_when_input_as_no_nil_elements
  @Test func passesEveryElementOfABaseWithoutNil() async {
    let source: [Int?] = [1, 2, 3, 4, 5]
    #expect(await Array(source.async.compacted()) == [1, 2, 3, 4, 5])
  }

  /// test_compacted_throws_when_root_sequence_throws
  @Test func theBasesErrorEndsTheSequence() async throws {
    var iterator = [1, nil, 3, 4, 5, nil, 7].async.map { try failing(at: 4, $0) }.compacted()
      .makeAsyncIterator()
    var values: [Int] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == [1, 3])
    #expect(try await iterator.next() == nil)
  }

  /// test_compacted_finishes_when_iteration_task_is_cancelled
  @Test func cancellingTheConsumerEndsAnEndlessBase() async {
    let endless = EndlessElements<String?>(value: "test").async.compacted()
    #expect(await elementsTakenUntilCancelled(endless) >= 1)
  }
}
