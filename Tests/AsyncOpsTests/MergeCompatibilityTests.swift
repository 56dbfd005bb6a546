import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// swift-async-algorithms 1.1.5's `TestMerge.swift` (TestMerge2 and TestMerge3), rewritten for
/// Swift Testing: same meaning, our tools. Each test cites the tests it stands for.
@Suite struct MergeCompatibilityTests {
  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestMerge.swift TestMerge2
  //   test_merge_makes_sequence_with_elements_from_sources_when_all_have_same_size
  //   test_merge_makes_sequence_with_elements_from_sources_when_first_is_longer
  //   test_merge_makes_sequence_with_elements_from_sources_when_second_is_longer
  @Test(arguments: [
    ([1, 2, 3], [4, 5, 6]), ([1, 2, 3, 4, 5, 6, 7], [8, 9, 10]), ([1, 2, 3], [4, 5, 6, 7]),
  ])
  func mergeOfTwoHasEveryElementOfBothAndThenNil(first: [Int], second: [Int]) async {
    let outcome = await collectAll(merge(first.asyncElements, second.asyncElements))
    #expect(outcome.elements.sorted() == (first + second).sorted())
    #expect(outcome.pastEnd == [true, true])
    // Each base's own order is kept.
    #expect(outcome.elements.filter(first.contains) == first)
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestMerge.swift TestMerge3
  //   test_merge_makes_sequence_with_elements_from_sources_when_all_have_same_size
  //   ..._when_first_is_longer, ..._when_second_is_longer, ..._when_third_is_longer,
  //   ..._when_first_and_second_are_longer, ..._when_first_and_third_are_longer,
  //   ..._when_second_and_third_are_longer
  @Test(arguments: [
    ([1, 2, 3], [4, 5, 6], [7, 8, 9]), ([1, 2, 3, 4, 5], [6, 7], [8, 9]),
    ([1, 2], [3, 4, 5, 6, 7], [8, 9]), ([1, 2], [3, 4], [5, 6, 7, 8, 9]),
    ([1, 2, 3, 4], [5, 6, 7, 8], [9]), ([1, 2, 3, 4], [5], [6, 7, 8, 9]),
    ([1], [2, 3, 4, 5], [6, 7, 8, 9]),
  ])
  func mergeOfThreeHasEveryElementOfEachAndThenNil(a: [Int], b: [Int], c: [Int]) async {
    let outcome = await collectAll(merge(a.asyncElements, b.asyncElements, c.asyncElements))
    #expect(outcome.elements.sorted() == (a + b + c).sorted())
    #expect(outcome.pastEnd == [true, true])
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestMerge.swift TestMerge2
  //   test_merge_produces_three_elements_from_first_and_throws_when_first_is_longer_and_throws_after_three_elements
  //   test_merge_produces_three_elements_from_first_and_throws_when_first_is_shorter_and_throws_after_three_elements
  //   test_merge_produces_three_elements_from_second_and_throws_when_second_is_longer_and_throws_after_three_elements
  //   test_merge_produces_three_elements_from_second_and_throws_when_second_is_shorter_and_throws_after_three_elements
  @Test(arguments: [([1, 2, 3, 4, 5], [6, 7, 8]), ([1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11])])
  func mergeOfTwoThrowsAfterTheElementsBeforeTheFailure(first: [Int], second: [Int]) async {
    let throwingFirst = await collectAll(
      merge(first.asyncElements.map { try throwOn(4, $0) }, second.asyncElements))
    #expect(throwingFirst.failure is PortFailure)
    #expect(Set(throwingFirst.elements).isSuperset(of: [1, 2, 3]))
    #expect(!throwingFirst.elements.contains(4))
    #expect(throwingFirst.pastEnd == [true, true])
    let throwingSecond = await collectAll(
      merge(second.asyncElements, first.asyncElements.map { try throwOn(4, $0) }))
    #expect(throwingSecond.failure is PortFailure)
    #expect(Set(throwingSecond.elements).isSuperset(of: [1, 2, 3]))
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestMerge.swift TestMerge3
  //   test_merge_produces_three_elements_from_first_and_throws_when_first_is_longer_and_throws_after_three_elements
  //   (and the same for the second and the third base, longer and shorter)
  @Test(arguments: 0..<3)
  func mergeOfThreeThrowsAfterTheElementsBeforeTheFailureOfAnyBase(failing: Int) async {
    let throwing = [1, 2, 3, 4, 5].asyncElements.map { try throwOn(4, $0) }
    let quiet = [10, 11].asyncElements.map { $0 }
    let outcome =
      switch failing {
      case 0: await collectAll(merge(throwing, quiet, quiet))
      case 1: await collectAll(merge(quiet, throwing, quiet))
      default: await collectAll(merge(quiet, quiet, throwing))
      }
    #expect(outcome.failure is PortFailure)
    #expect(Set(outcome.elements).isSuperset(of: [1, 2, 3]))
    #expect(outcome.pastEnd == [true, true])
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestMerge.swift TestMerge2 and TestMerge3
  //   test_merge_makes_sequence_with_ordered_elements_when_sources_follow_a_timeline
  // (SAA's diagram ends every input at its last tick; ours spells the second input's `|`.)
  @Test func mergeFollowsTheTimelineOfItsBases() async throws {
    try await expectMarbles(["a-c-e-g-|", "-b-d-f-h|"], "abcdefgh|") { inputs, _ in
      merge(inputs[0], inputs[1])
    }
    try await expectMarbles(["a---e---|", "-b-d-f-h|", "--c---g-|"], "abcdefgh|") { inputs, _ in
      merge(inputs[0], inputs[1], inputs[2])
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestMerge.swift TestMerge2 and TestMerge3
  //   test_merge_finishes_when_iteration_task_is_cancelled, test_merge_when_cancelled
  @Test(.timeLimit(.minutes(1)), arguments: [2, 3])
  func cancellingTheIteratingTaskEndsAnEndlessMerge(arity: Int) async {
    let source = Endless(value: "test")
    let iterated = AsyncCurrentValue(false)
    let task = Task {
      var count = 0
      if arity == 2 {
        for await _ in merge(source, source) {
          count += 1
          if count == 1 { iterated.send(true) }
        }
      } else {
        for await _ in merge(source, source, source) {
          count += 1
          if count == 1 { iterated.send(true) }
        }
      }
      return count
    }
    for await started in iterated where started { break }
    task.cancel()
    #expect(await task.value >= 1)
    // Cancelled before it starts: the loop ends at once.
    let early = Task { for await _ in merge(source, source) {} }
    early.cancel()
    await early.value
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestMerge.swift testIteratorInitialized_whenInitial
  @Test func makingTheIteratorTouchesNoBase() {
    let first = ReportingElements([1])
    let second = ReportingElements([2])
    let iterator = merge(first, second).makeAsyncIterator()
    #expect(first.events.isEmpty)
    #expect(second.events.isEmpty)
    _ = iterator
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestMerge.swift testIteratorDeinitialized_whenMerging,
  //   testIteratorDeinitialized_whenFinished
  @Test(.timeLimit(.minutes(1))) func droppingTheIteratorWhileMergingOrFinishedStopsEverything()
    async throws
  {
    let source = AsyncTestSource<Int>()
    source.send(1)
    var iterator: AsyncMerge2Sequence<AsyncTestSource<Int>, AsyncTestSource<Int>>.Iterator? =
      merge(source, source).makeAsyncIterator()
    #expect(try await iterator?.next() == 1)
    iterator = nil
    await eventually { source.liveIteratorCount == 0 }
    var finished:
      AsyncMerge2Sequence<SynchronousElements<[Int]>, SynchronousElements<[Int]>>.Iterator? =
        merge([Int]().asyncElements, [Int]().asyncElements).makeAsyncIterator()
    #expect(await finished?.next() == nil)
    finished = nil
  }
}
