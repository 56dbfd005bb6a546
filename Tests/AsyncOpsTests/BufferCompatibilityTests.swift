import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Drop-in compatibility with swift-async-algorithms 1.1.5's `buffer(policy:)`: the expectations
/// of its `Tests/AsyncAlgorithmsTests/TestBuffer.swift`, rewritten with ``AsyncTestSource`` (its
/// `GatedSequence.advance()` becomes `send`) on virtual time. Its paced marble tests become a
/// consumer that stops pulling while elements arrive. Each test cites the test it rewrites.
@Suite struct BufferCompatibilityTests {
  struct Failure: Error, Equatable {}

  static func throwOn(_ bad: Int, _ value: Int) throws -> Int {
    if value == bad { throw Failure() }
    return value
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestBuffer.swift test_given_a_base_sequence_when_buffering_with_unbounded_then_the_buffer_is_filled_in
  // and test_given_a_base_sequence_when_buffering_with_bounded_then_the_buffer_is_filled_in_and_suspends
  @Test(arguments: [AsyncBufferSequencePolicy.unbounded, .bounded(2)])
  func theBufferIsFilledInAndDrained(policy: AsyncBufferSequencePolicy) async throws {
    try await withVirtualTime { time async throws in
      let source = AsyncTestSource<Int>()
      var iterator = source.buffer(policy: policy).makeAsyncIterator()
      source.send(1)
      #expect(try await iterator.next() == 1)
      for value in 2...4 { source.send(value) }
      await time.settle()
      #expect(try await iterator.next() == 2)
      #expect(try await iterator.next() == 3)
      #expect(try await iterator.next() == 4)
      source.send(5)
      source.finish()
      #expect(try await iterator.next() == 5)
      #expect(try await iterator.next() == nil)
      #expect(try await iterator.next() == nil)
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestBuffer.swift test_given_a_failable_base_sequence_when_buffering_with_unbounded_then_the_failure_is_forwarded
  // and test_given_a_failable_base_sequence_when_buffering_with_bounded_then_the_failure_is_forwarded
  @Test(arguments: [AsyncBufferSequencePolicy.unbounded, .bounded(5)])
  func aFailureOfTheBaseIsForwardedThenNil(policy: AsyncBufferSequencePolicy) async throws {
    try await withVirtualTime { time async throws in
      let source = AsyncTestSource<Int>()
      let base = source.map { try Self.throwOn(3, $0) }
      var iterator = base.buffer(policy: policy).makeAsyncIterator()
      source.send(1)
      #expect(try await iterator.next() == 1)
      for value in 2...4 { source.send(value) }
      await time.settle()
      #expect(try await iterator.next() == 2)
      for value in 5...7 { source.send(value) }
      await #expect(throws: Failure()) { try await iterator.next() }
      for _ in 0..<5 { #expect(try await iterator.next() == nil) }
    }
  }

  /// The consumer takes the first element, stops pulling while `busy` arrive, then drains.
  static func paced(
    _ policy: AsyncBufferSequencePolicy, busy: [Int], then later: [Int], failing: Bool = false
  ) async throws -> [String] {
    try await withVirtualTime { time async throws in
      let source = AsyncTestSource<Int>()
      var iterator = source.buffer(policy: policy).makeAsyncIterator()
      var received: [String] = []
      source.send(1)
      received.append("\(try await iterator.next()!)")
      for value in busy { source.send(value) }
      await time.settle()
      for value in later { source.send(value) }
      if failing { source.fail() } else { source.finish() }
      do {
        while let value = try await iterator.next() { received.append("\(value)") }
        received.append("|")
      } catch {
        received.append("^")
      }
      return received
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestBuffer.swift test_given_a_base_sequence_when_bufferingOldest_then_the_policy_is_applied
  @Test func bufferingOldestDropsTheNewElementsWhileFull() async throws {
    let received = try await Self.paced(.bufferingOldest(2), busy: [2, 3, 4], then: [])
    #expect(received == ["1", "2", "3", "|"])
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestBuffer.swift test_given_a_base_sequence_when_bufferingNewest_then_the_policy_is_applied
  @Test func bufferingLatestDropsTheOldestElementsWhileFull() async throws {
    let received = try await Self.paced(.bufferingLatest(2), busy: [2, 3, 4], then: [])
    #expect(received == ["1", "3", "4", "|"])
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestBuffer.swift test_given_a_base_sequence_when_bufferingOldest_at_slow_pace_then_no_element_is_dropped
  // and test_given_a_base_sequence_when_bufferingNewest_at_slow_pace_then_no_element_is_dropped
  @Test(arguments: [AsyncBufferSequencePolicy.bufferingOldest(2), .bufferingLatest(2)])
  func aConsumerThatKeepsUpLosesNothing(policy: AsyncBufferSequencePolicy) async throws {
    try await withVirtualTime { time async throws in
      let source = AsyncTestSource<Int>()
      var iterator = source.buffer(policy: policy).makeAsyncIterator()
      var received: [Int] = []
      for value in 1...5 {
        source.send(value)
        await time.settle()  // read into the buffer before the consumer pulls
        received.append(try await iterator.next()!)
      }
      source.finish()
      #expect(try await iterator.next() == nil)
      #expect(received == [1, 2, 3, 4, 5])
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestBuffer.swift test_given_a_failable_base_sequence_when_bufferingOldest_then_the_failure_is_forwarded
  @Test func bufferingOldestForwardsTheFailureAfterTheKeptElements() async throws {
    let received = try await Self.paced(
      .bufferingOldest(2), busy: [2, 3, 4, 5], then: [], failing: true)
    #expect(received == ["1", "2", "3", "^"])
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestBuffer.swift test_given_a_failable_base_sequence_when_bufferingNewest_then_the_failure_is_forwarded
  @Test func bufferingLatestForwardsTheFailureAfterTheKeptElements() async throws {
    let received = try await Self.paced(
      .bufferingLatest(2), busy: [2, 3, 4, 5], then: [], failing: true)
    #expect(received == ["1", "4", "5", "^"])
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestBuffer.swift test_given_a_base_sequence_when_bufferingOldest_with_0_limit_then_the_policy_is_transparent,
  // test_given_a_base_sequence_when_bufferingNewest_with_limit_0_then_the_policy_is_transparent
  // and test_given_a_base_sequence_when_bounded_with_limit_0_then_the_policy_is_transparent
  @Test(arguments: [
    AsyncBufferSequencePolicy.bufferingOldest(0), .bufferingLatest(0), .bounded(0),
  ])
  func aLimitOfZeroIsTransparent(policy: AsyncBufferSequencePolicy) async throws {
    try await expectMarbles(["-12-34--5|"], "-12-34--5|") { inputs, _ in
      inputs[0].buffer(policy: policy)
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestBuffer.swift test_given_a_buffered_with_unbounded_sequence_when_cancelling_consumer_then_the_iteration_finishes_and_the_base_is_cancelled
  // and test_given_a_buffered_bounded_sequence_when_cancelling_consumer_then_the_iteration_finishes_and_the_base_is_cancelled
  // (on real threads: the base never suspends, so virtual time would never reach quiescence)
  // The base is "endless" for the consumer, which stops after one element, but not for memory:
  // while the consumer waits for a thread, an unbounded buffer takes everything the base makes,
  // and with `count: .max` one run whose pool was starved for two minutes grew it to 16 GB.
  // A million elements is still a million times what a cancelled consumer may take.
  @Test(arguments: [AsyncBufferSequencePolicy.unbounded, .bounded(3)])
  func cancellingTheConsumerOfAnEndlessBaseFinishesTheIteration(
    policy: AsyncBufferSequencePolicy
  ) async {
    let buffered = CountedNumbers(count: 1_000_000).buffer(policy: policy)
    let storage = WeakWatch()
    let task = Task {
      var iterator = buffered.makeAsyncIterator()
      storage.watch(iterator.lifetime!.storage)
      var iterations = 0
      while await iterator.next() != nil {
        iterations += 1
        withUnsafeCurrentTask { $0?.cancel() }  // cancelled after its first element
      }
      return iterations
    }
    #expect(await task.value == 1)
    await eventually { !storage.isAlive }
  }
}
