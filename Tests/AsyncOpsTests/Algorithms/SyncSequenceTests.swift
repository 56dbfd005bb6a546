import AsyncOps
import Testing

/// SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestLazy.swift (`Sequence.async`), rewritten in Swift
/// Testing.
@Suite(.timeLimit(.minutes(1))) struct SyncSequenceTests {
  /// test_lazy_outputs_elements_and_finishes_when_source_is_array
  @Test func producesTheElementsOfAnArrayInOrder() async {
    var iterator = [1, 2, 3, 4].async.makeAsyncIterator()
    var values: [Int] = []
    while let value = await iterator.next() { values.append(value) }
    #expect(values == [1, 2, 3, 4])
    #expect(await iterator.next() == nil)
  }

  /// test_lazy_outputs_elements_and_finishes_when_source_is_set
  @Test func producesEveryElementOfASet() async {
    let source: Set = [1, 2, 3, 4]
    var values: Set<Int> = []
    for await value in source.async { values.insert(value) }
    #expect(values == source)
  }

  /// test_lazy_finishes_without_elements_when_source_is_empty
  @Test func anEmptyBaseGivesNothing() async {
    var iterator = [Int]().async.makeAsyncIterator()
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
  }

  /// test_lazy_triggers_expected_iterator_events_when_source_is_iterated
  @Test func makesOneIteratorAndCallsNextOncePerElementAndOnceAtTheEnd() async {
    let source = RecordingSequence([1, 2, 3])
    #expect(source.events.isEmpty)
    var values: [Int] = []
    for await value in source.async { values.append(value) }
    #expect(values == [1, 2, 3])
    #expect(source.events == [.makeIterator, .next, .next, .next, .next])
  }

  /// test_lazy_stops_triggering_iterator_events_when_source_is_pastEnd
  @Test func doesNotCallTheBaseAgainAfterTheEnd() async {
    let source = RecordingSequence([1, 2, 3])
    var iterator = source.async.makeAsyncIterator()
    while await iterator.next() != nil {}
    #expect(await iterator.next() == nil)
    #expect(source.events == [.makeIterator, .next, .next, .next, .next])
  }

  /// test_lazy_finishes_when_task_is_cancelled
  @Test func cancellingTheConsumerEndsAnEndlessBase() async {
    #expect(await elementsTakenUntilCancelled(EndlessElements(value: "test").async) >= 1)
  }

  @Test func anIteratorThatAsksWhileCancelledEndsForEver() async {
    let task = Task {
      var iterator = [1, 2, 3].async.makeAsyncIterator()
      withUnsafeCurrentTask { $0?.cancel() }
      let whileCancelled = await iterator.next()
      return whileCancelled
    }
    #expect(await task.value == nil)
  }
}
