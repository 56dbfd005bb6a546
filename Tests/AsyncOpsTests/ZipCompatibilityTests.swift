import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// swift-async-algorithms 1.1.5's `TestZip.swift` (TestZip2 and TestZip3), rewritten for Swift
/// Testing: same meaning, our tools. Each test cites the tests it stands for.
@Suite struct ZipCompatibilityTests {
  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestZip.swift TestZip2
  //   test_zip_makes_sequence_equivalent_to_synchronous_zip_when_all_sequences_have_same_size
  //   test_zip_makes_sequence_equivalent_to_synchronous_zip_when_first_is_longer
  //   test_zip_makes_sequence_equivalent_to_synchronous_zip_when_second_is_longer
  //   test_zip_produces_nil_next_element_when_iteration_is_finished_and_all_sequences_have_same_size
  //   test_zip_produces_nil_next_element_when_iteration_is_finished_and_first_is_longer
  //   test_zip_produces_nil_next_element_when_iteration_is_finished_and_second_is_longer
  @Test(arguments: [
    ([1, 2, 3], ["a", "b", "c"]), ([1, 2, 3, 4, 5], ["a", "b", "c"]),
    ([1, 2, 3], ["a", "b", "c", "d", "e"]),
  ])
  func zipOfTwoEqualsTheSynchronousZipAndThenNil(a: [Int], b: [String]) async {
    let outcome = await collectAll(zip(a.asyncElements, b.asyncElements))
    // `zip` of two arrays is still the standard library's (a `Zip2Sequence`).
    let expected: Zip2Sequence<[Int], [String]> = zip(a, b)
    #expect(outcome.elements.map(\.0) == expected.map(\.0))
    #expect(outcome.elements.map(\.1) == expected.map(\.1))
    #expect(outcome.pastEnd == [true, true])
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestZip.swift TestZip3
  //   test_zip_makes_sequence_equivalent_to_synchronous_zip_when_all_sequences_have_same_size
  //   ..._when_first_is_longer, ..._when_second_is_longer, ..._when_third_is_longer
  //   test_zip_produces_nil_next_element_when_iteration_is_finished_and_* (the same four)
  @Test(arguments: [
    ([1, 2, 3], ["a", "b", "c"], [1, 2, 3]), ([1, 2, 3, 4, 5], ["a", "b", "c"], [1, 2, 3]),
    ([1, 2, 3], ["a", "b", "c", "d", "e"], [1, 2, 3]),
    ([1, 2, 3], ["a", "b", "c"], [1, 2, 3, 4, 5]),
  ])
  func zipOfThreeEqualsTheSynchronousZipAndThenNil(a: [Int], b: [String], c: [Int]) async {
    let outcome = await collectAll(zip(a.asyncElements, b.asyncElements, c.asyncElements))
    let count = min(a.count, b.count, c.count)
    #expect(outcome.elements.map(\.0) == Array(a.prefix(count)))
    #expect(outcome.elements.map(\.1) == Array(b.prefix(count)))
    #expect(outcome.elements.map(\.2) == Array(c.prefix(count)))
    #expect(outcome.pastEnd == [true, true])
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestZip.swift TestZip2
  //   test_zip_produces_one_element_and_throws_when_first_produces_one_element_and_throws
  //   test_zip_produces_one_element_and_throws_when_second_produces_one_element_and_throws
  @Test func zipOfTwoProducesOneTupleThenThrowsWhenEitherBaseThrowsAtItsSecondElement() async {
    let first = await collectAll(
      zip([1, 2, 3].asyncElements.map { try throwOn(2, $0) }, ["a", "b", "c"].asyncElements))
    #expect(first.elements.map(\.0) == [1])
    #expect(first.failure is PortFailure)
    #expect(first.pastEnd == [true, true])
    let second = await collectAll(
      zip([1, 2, 3].asyncElements, ["a", "b", "c"].asyncElements.map { try throwOn("b", $0) }))
    #expect(second.elements.map(\.1) == ["a"])
    #expect(second.failure is PortFailure)
    #expect(second.pastEnd == [true, true])
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestZip.swift TestZip3
  //   test_zip_produces_one_element_and_throws_when_first_produces_one_element_and_throws
  //   test_zip_produces_one_element_and_throws_when_second_produces_one_element_and_throws
  //   test_zip_produces_one_element_and_throws_when_third_produces_one_element_and_throws
  @Test(arguments: 0..<3)
  func zipOfThreeProducesOneTupleThenThrowsWhenAnyBaseThrows(failing: Int) async {
    let throwing = [1, 2, 3].asyncElements.map { try throwOn(2, $0) }
    let quiet = [1, 2, 3].asyncElements.map { $0 }
    let outcome =
      switch failing {
      case 0: await collectAll(zip(throwing, quiet, quiet))
      case 1: await collectAll(zip(quiet, throwing, quiet))
      default: await collectAll(zip(quiet, quiet, throwing))
      }
    #expect(outcome.elements.map(\.0) == [1])
    #expect(outcome.failure is PortFailure)
    #expect(outcome.pastEnd == [true, true])
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestZip.swift TestZip2 and TestZip3
  //   test_zip_finishes_when_iteration_task_is_cancelled, test_zip_when_cancelled
  @Test(.timeLimit(.minutes(1)), arguments: [2, 3])
  func cancellingTheIteratingTaskEndsAnEndlessZip(arity: Int) async {
    let source = Endless(value: "test")
    let iterated = AsyncCurrentValue(false)
    let task = Task {
      var count = 0
      if arity == 2 {
        for await _ in zip(source, source) {
          count += 1
          if count == 1 { iterated.send(true) }
        }
      } else {
        for await _ in zip(source, source, source) {
          count += 1
          if count == 1 { iterated.send(true) }
        }
      }
      return count
    }
    for await started in iterated where started { break }
    task.cancel()
    #expect(await task.value >= 1)
    let early = Task { for await _ in zip(source, source) {} }
    early.cancel()
    await early.value
  }

  @Test func theStandardLibrarysZipOfTwoArraysIsStillChosen() {
    let pairs = zip([1, 2], [3, 4])
    #expect(type(of: pairs) == Zip2Sequence<[Int], [Int]>.self)
    #expect(pairs.map { $0 + $1 } == [4, 6])
  }

  @Test func arraysMadeAsynchronousAreZippedByAsyncOps() async {
    let pairs = zip([1, 2].asyncElements, [3, 4].asyncElements)
    #expect(
      type(of: pairs)
        == AsyncZip2Sequence<SynchronousElements<[Int]>, SynchronousElements<[Int]>>.self)
    var sums: [Int] = []
    for await (a, b) in pairs { sums.append(a + b) }
    #expect(sums == [4, 6])
  }

  @Test func theStandardLibrarysAsyncMapSequenceIsNotShadowed() {
    let mapped = [1, 2].asyncElements.map { $0 * 2 }
    #expect(type(of: mapped) == _Concurrency.AsyncMapSequence<SynchronousElements<[Int]>, Int>.self)
  }
}
