@_spi(Testing) import AsyncOps
import AsyncOpsTesting
import Testing

/// Drop-in compatibility with swift-async-algorithms 1.1.5's `share` (Compatibility rule 2): the
/// expectations of its `Tests/AsyncAlgorithmsTests/TestShare.swift`, ported to virtual time (its
/// real-clock sleeps become `TestClock` sleeps, so the outcomes are exact). Each test names the
/// test whose expectation it ports.
@Suite struct ShareCompatibilityTests {
  /// test_share_delivers_elements_to_multiple_consumers, on a base that is not `Sendable`
  /// (swift-async-algorithms only needs its metatype to be).
  @Test func aBaseThatIsNotSendableIsSharedWithEveryConsumer() async throws {
    try await withVirtualTime { _ in
      let shared = NotSendableCounter(upTo: 5).share()
      let iterators = [shared.makeAsyncIterator(), shared.makeAsyncIterator()]
      let consumers = iterators.map { iterator in
        Task {
          var iterator = iterator
          var received: [Int] = []
          while let value = await iterator.next() { received.append(value) }
          return received
        }
      }
      for consumer in consumers { #expect(await consumer.value == [1, 2, 3, 4, 5]) }
    }
  }

  /// test_share_with_no_buffering and test_share_with_no_buffering_multiple: `.bounded(0)` is a
  /// rendezvous, and every consumer still receives every element.
  @Test func boundedZeroIsALosslessRendezvous() async throws {
    for _ in 0..<10 {
      try await withVirtualTime { time in
        let source = AsyncTestSource<Int>()
        for value in 1...5 { source.send(value) }
        source.finish()
        let shared = source.share(bufferingPolicy: .bounded(0))
        let slow = shared.makeAsyncIterator()
        let fast = shared.makeAsyncIterator()
        let slowConsumer = Task {
          var iterator = slow
          var received: [Int] = []
          while let value = try await iterator.next() {
            received.append(value)
            try await time.clock.sleep(for: .milliseconds(1))
          }
          return received
        }
        let fastConsumer = Task {
          var iterator = fast
          var received: [Int] = []
          while let value = try await iterator.next() { received.append(value) }
          return received
        }
        let slowReceived = try await slowConsumer.value
        let fastReceived = try await fastConsumer.value
        #expect(slowReceived == [1, 2, 3, 4, 5])
        #expect(fastReceived == [1, 2, 3, 4, 5])
        #expect(shared.bufferedElementCounts.allSatisfy { $0 == 0 })
      }
    }
  }

  /// test_share_with_bufferingLatest_buffering (the slow consumer gets the first element, then
  /// the newest ones) and test_share_with_bufferingOldest_buffering (then the oldest ones).
  @Test(arguments: [
    (AsyncShareBufferingPolicy.bufferingLatest(2), [1, 4, 5]),
    (.bufferingOldest(2), [1, 2, 3]),
  ])
  func aSlowConsumerKeepsWhatItsDroppingPolicyKeeps(
    policy: AsyncShareBufferingPolicy, slowReceives: [Int]
  ) async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<Int>()
      let shared = source.share(bufferingPolicy: policy)
      let fast = shared.makeAsyncIterator()
      let slow = shared.makeAsyncIterator()
      let fastConsumer = Task {
        var iterator = fast
        var received: [Int] = []
        while let value = try await iterator.next() { received.append(value) }
        return received
      }
      let slowConsumer = Task {
        var iterator = slow
        var received: [Int] = []
        if let first = try await iterator.next() { received.append(first) }
        try await time.clock.sleep(for: .milliseconds(50))
        while let value = try await iterator.next() { received.append(value) }
        return received
      }
      for value in 1...5 {
        source.send(value)
        await time.advance(by: .milliseconds(5))
      }
      source.finish()
      let fastReceived = try await fastConsumer.value
      let slowReceived = try await slowConsumer.value
      #expect(fastReceived == [1, 2, 3, 4, 5])
      #expect(slowReceived == slowReceives)
    }
  }

  /// test_share_iterator_independence: two iterators read in turn by one task.
  @Test func twoIteratorsReadInTurnEachGetEveryElement() async throws {
    let shared = NotSendableCounter(upTo: 5).share()
    var first = shared.makeAsyncIterator()
    var second = shared.makeAsyncIterator()
    #expect(await first.next() == 1)
    #expect(await second.next() == 1)
    #expect(await first.next() == 2)
    #expect(await second.next() == 2)
  }

  /// test_share_cleans_up_when_all_consumers_finish and test_share_multiple_sequential_consumers:
  /// a consumer that starts after the end gets nothing.
  @Test func aConsumerAfterTheEndGetsNothing() async {
    let shared = NotSendableCounter(upTo: 3).share(bufferingPolicy: .unbounded)
    var first: [Int] = []
    for await value in shared { first.append(value) }
    var second: [Int] = []
    for await value in shared { second.append(value) }
    #expect(first == [1, 2, 3])
    #expect(second == [])
  }

  /// test_share_propagates_errors_to_all_consumers: the elements before the failure, then the
  /// failure, for every consumer.
  @Test func aFailureReachesEveryConsumerAfterTheElementsBeforeIt() async throws {
    try await withVirtualTime { _ in
      let source = AsyncTestSource<Int>()
      for value in 1...2 { source.send(value) }
      source.fail()
      let shared = source.share()
      let iterators = [shared.makeAsyncIterator(), shared.makeAsyncIterator()]
      let consumers = iterators.map { iterator in
        Task {
          var iterator = iterator
          var received: [String] = []
          do {
            while let value = try await iterator.next() { received.append("\(value)") }
          } catch {
            received.append("failed")
          }
          return received
        }
      }
      for consumer in consumers { #expect(await consumer.value == ["1", "2", "failed"]) }
    }
  }
}

/// Counts from 1 to a limit. A class with mutable state, and so not `Sendable`: the kind of base
/// swift-async-algorithms' `share()` accepts.
final class NotSendableCounter: AsyncSequence, AsyncIteratorProtocol {
  private var last = 0
  private let limit: Int

  init(upTo limit: Int) {
    self.limit = limit
  }

  func makeAsyncIterator() -> NotSendableCounter { self }

  func next() async -> Int? {
    guard last < limit else { return nil }
    last += 1
    return last
  }
}
