import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// swift-async-algorithms 1.1.5's `TestChain.swift` (TestChain2 and TestChain3), rewritten for
/// Swift Testing: same meaning, our tools. Each test cites the tests it stands for.
@Suite struct ChainCompatibilityTests {
  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChain.swift
  //   TestChain2 test_chain2_concatenates_elements_from_sequences_and_returns_nil_when_source_is_pastEnd
  //   TestChain3 test_chain3_concatenates_elements_from_sequences_and_returns_nil_when_source_is_pastEnd
  @Test func chainConcatenatesItsBasesAndThenReturnsNil() async {
    let two = await collectAll(chain([1, 2, 3].asyncElements, [4, 5, 6].asyncElements))
    #expect(two.elements == [1, 2, 3, 4, 5, 6])
    #expect(two.pastEnd == [true, true])
    let three = await collectAll(
      chain([1, 2, 3].asyncElements, [4, 5, 6].asyncElements, [7, 8, 9].asyncElements))
    #expect(three.elements == [1, 2, 3, 4, 5, 6, 7, 8, 9])
    #expect(three.pastEnd == [true, true])
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChain.swift
  //   TestChain2 test_chain2_outputs_elements_from_first_sequence_and_throws_when_first_throws
  //   TestChain2 test_chain2_outputs_elements_from_sequences_and_throws_when_second_throws
  @Test func chainOfTwoThrowsWhereEitherBaseThrowsAndThenReturnsNil() async {
    let first = await collectAll(
      chain([1, 2, 3].asyncElements.map { try throwOn(3, $0) }, [4, 5, 6].asyncElements))
    #expect(first.elements == [1, 2])
    #expect(first.failure is PortFailure)
    #expect(first.pastEnd == [true, true])
    let second = await collectAll(
      chain([1, 2, 3].asyncElements, [4, 5, 6].asyncElements.map { try throwOn(5, $0) }))
    #expect(second.elements == [1, 2, 3, 4])
    #expect(second.failure is PortFailure)
    #expect(second.pastEnd == [true, true])
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChain.swift
  //   TestChain3 test_chain3_outputs_elements_from_first_sequence_and_throws_when_first_throws
  //   TestChain3 test_chain3_outputs_elements_from_sequences_and_throws_when_second_throws
  //   TestChain3 test_chain3_outputs_elements_from_sequences_and_throws_when_third_throws
  @Test(arguments: [(0, [1, 2]), (1, [1, 2, 3, 4]), (2, [1, 2, 3, 4, 5, 6, 7])])
  func chainOfThreeThrowsWhereAnyBaseThrows(failing: Int, expected: [Int]) async {
    let a = [1, 2, 3].asyncElements.map { try throwOn(failing == 0 ? 3 : 0, $0) }
    let b = [4, 5, 6].asyncElements.map { try throwOn(failing == 1 ? 5 : 0, $0) }
    let c = [7, 8, 9].asyncElements.map { try throwOn(failing == 2 ? 8 : 0, $0) }
    let outcome = await collectAll(chain(a, b, c))
    #expect(outcome.elements == expected)
    #expect(outcome.failure is PortFailure)
    #expect(outcome.pastEnd == [true, true])
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChain.swift
  //   TestChain2 test_chain2_finishes_when_task_is_cancelled
  //   TestChain3 test_chain3_finishes_when_task_is_cancelled
  @Test(.timeLimit(.minutes(1)), arguments: [2, 3])
  func cancellingTheIteratingTaskEndsAChainOfAnEndlessBase(arity: Int) async {
    let source = Endless(value: "test")
    let after = ReportingElements(["past indefinite"])
    let iterated = AsyncCurrentValue(false)
    let task = Task {
      var count = 0
      if arity == 2 {
        for await _ in chain(source, after) {
          count += 1
          if count == 1 { iterated.send(true) }
        }
      } else {
        for await _ in chain(source, after, after) {
          count += 1
          if count == 1 { iterated.send(true) }
        }
      }
      return count
    }
    for await started in iterated where started { break }
    task.cancel()
    #expect(await task.value >= 1)
    // The base after the cancelled one was never started.
    #expect(after.events.isEmpty)
  }
}
