import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Drop-in compatibility with swift-async-algorithms 1.1.5's channels: the expectations of its
/// `Tests/AsyncAlgorithmsTests/TestChannel.swift` and `TestThrowingChannel.swift`, rewritten on
/// virtual time (its expectations with timeouts become `settle()`, so "still suspended" is
/// exact). Each test cites the test it rewrites.
@Suite struct ChannelCompatibilityTests {
  struct Failure: Error, Equatable {}

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChannel.swift test_asyncChannel_delivers_elements_when_several_producers_and_several_consumers
  @Test func severalProducersAndSeveralConsumersExchangeEveryElementOnce() async throws {
    let collected = try await withVirtualTime { _ async throws in
      let channel = AsyncChannel<Int>()
      let producers = Task {
        await withTaskGroup(of: Void.self) { group in
          for value in 1...10 { group.addTask { await channel.send(value) } }
        }
      }
      let collected = await withTaskGroup(of: Int.self, returning: [Int].self) { group in
        for _ in 1...10 {
          group.addTask {
            var iterator = channel.makeAsyncIterator()
            return await iterator.next()!
          }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
      await producers.value
      return collected
    }
    #expect(collected.sorted() == Array(1...10))
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestThrowingChannel.swift test_asyncThrowingChannel_delivers_elements_when_several_producers_and_several_consumers
  @Test func throwingSeveralProducersAndSeveralConsumersExchangeEveryElementOnce() async throws {
    let collected = try await withVirtualTime { _ async throws in
      let channel = AsyncThrowingChannel<Int, any Error>()
      let producers = Task {
        await withTaskGroup(of: Void.self) { group in
          for value in 1...10 { group.addTask { await channel.send(value) } }
        }
      }
      let collected = try await withThrowingTaskGroup(of: Int.self, returning: [Int].self) {
        group in
        for _ in 1...10 {
          group.addTask {
            var iterator = channel.makeAsyncIterator()
            return try await iterator.next()!
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      await producers.value
      return collected
    }
    #expect(collected.sorted() == Array(1...10))
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChannel.swift test_asyncChannel_resumes_producers_and_discards_additional_elements_when_finish_is_called
  @Test func finishResumesProducersAndDiscardsLaterElements() async throws {
    try await withVirtualTime { time async throws in
      let channel = AsyncChannel<Int>()
      let first = Task { await channel.send(1) }
      let second = Task { await channel.send(2) }
      await time.settle()
      channel.finish()
      _ = await (first.value, second.value)
      await channel.send(3)
      var collected: [Int] = []
      for await element in channel { collected.append(element) }
      #expect(collected.isEmpty)
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestThrowingChannel.swift test_asyncThrowingChannel_resumes_producers_and_discards_additional_elements_when_finish_is_called
  @Test func throwingFinishResumesProducersAndDiscardsLaterElements() async throws {
    try await withVirtualTime { time async throws in
      let channel = AsyncThrowingChannel<Int, any Error>()
      let first = Task { await channel.send(1) }
      let second = Task { await channel.send(2) }
      await time.settle()
      channel.finish()
      _ = await (first.value, second.value)
      await channel.send(3)
      var collected: [Int] = []
      for try await element in channel { collected.append(element) }
      #expect(collected.isEmpty)
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestThrowingChannel.swift test_asyncThrowingChannel_resumes_producers_and_discards_additional_elements_when_fail_is_called
  @Test func failResumesProducersDiscardsLaterElementsAndIsThrownOnce() async throws {
    try await withVirtualTime { time async throws in
      let channel = AsyncThrowingChannel<Int, any Error>()
      let first = Task { await channel.send(1) }
      let second = Task { await channel.send(2) }
      await time.settle()
      channel.fail(Failure())
      _ = await (first.value, second.value)
      await channel.send(3)
      var collected: [Int] = []
      await #expect(throws: Failure()) {
        for try await element in channel { collected.append(element) }
      }
      #expect(collected.isEmpty)
      var iterator = channel.makeAsyncIterator()
      #expect(try await iterator.next() == nil)
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChannel.swift test_asyncChannel_resumes_consumers_when_finish_is_called
  // and TestThrowingChannel.swift test_asyncThrowingChannel_resumes_consumers_when_finish_is_called
  @Test(arguments: [false, true])
  func finishResumesConsumersWithNilAndLaterIterationsEnd(throwing: Bool) async throws {
    try await withVirtualTime { time async throws in
      let plain = AsyncChannel<Int>()
      let failing = AsyncThrowingChannel<Int, any Error>()
      let consumers = (0..<2).map { _ in
        Task { () -> Int? in
          if throwing {
            var iterator = failing.makeAsyncIterator()
            return try? await iterator.next()
          }
          var iterator = plain.makeAsyncIterator()
          return await iterator.next()
        }
      }
      await time.settle()
      if throwing { failing.finish() } else { plain.finish() }
      for consumer in consumers { #expect(await consumer.value == nil) }
      var plainIterator = plain.makeAsyncIterator()
      var failingIterator = failing.makeAsyncIterator()
      if throwing {
        #expect(try await failingIterator.next() == nil)
      } else {
        #expect(await plainIterator.next() == nil)
      }
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestThrowingChannel.swift test_asyncThrowingChannel_resumes_consumer_when_fail_is_called
  @Test func failResumesAConsumerWithTheErrorThenItsNextIsNil() async throws {
    try await withVirtualTime { time async throws in
      let channel = AsyncThrowingChannel<Int, any Error>()
      let consumer = Task { () -> [String] in
        var iterator = channel.makeAsyncIterator()
        var log: [String] = []
        do {
          _ = try await iterator.next()
        } catch {
          log.append(error is Failure ? "failure" : "other")
        }
        do {
          log.append(try await iterator.next() == nil ? "nil" : "element")
        } catch {
          log.append("threw again")
        }
        return log
      }
      await time.settle()
      channel.fail(Failure())
      #expect(await consumer.value == ["failure", "nil"])
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestThrowingChannel.swift test_asyncThrowingChannel_resumes_consumers_when_fail_is_called
  @Test func failResumesEveryConsumerWithTheErrorAndALaterIteratorGetsNil() async throws {
    try await withVirtualTime { time async throws in
      let channel = AsyncThrowingChannel<Int, any Error>()
      let consumers = (0..<2).map { _ in
        Task {
          var iterator = channel.makeAsyncIterator()
          return try await iterator.next()
        }
      }
      await time.settle()
      channel.fail(Failure())
      for consumer in consumers {
        await #expect(throws: Failure()) { try await consumer.value }
      }
      var iterator = channel.makeAsyncIterator()
      #expect(try await iterator.next() == nil)
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestThrowingChannel.swift test_asyncThrowingChannel_resumes_consumer_with_error_when_already_failed
  @Test func aChannelAlreadyFailedThrowsToTheFirstNextThenNil() async throws {
    try await withVirtualTime { _ async throws in
      let channel = AsyncThrowingChannel<Int, any Error>()
      channel.fail(Failure())
      var iterator = channel.makeAsyncIterator()
      await #expect(throws: Failure()) { try await iterator.next() }
      #expect(try await iterator.next() == nil)
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChannel.swift test_asyncChannel_resumes_producer_when_task_is_cancelled
  // and TestThrowingChannel.swift test_asyncThrowingChannel_resumes_producer_when_task_is_cancelled
  @Test(arguments: [false, true])
  func cancellingAProducerResumesItAndTheNextProducerDelivers(throwing: Bool) async throws {
    try await withVirtualTime { time async throws in
      let plain = AsyncChannel<Int>()
      let failing = AsyncThrowingChannel<Int, any Error>()
      let send: @Sendable (Int) async -> Void = {
        if throwing { await failing.send($0) } else { await plain.send($0) }
      }
      let resumed = ExampleLog<Int>()
      let first = Task {
        await send(1)
        resumed.append(1)
      }
      let second = Task { await send(2) }
      await time.settle()
      first.cancel()
      await first.value
      #expect(resumed.all == [1])
      var plainIterator = plain.makeAsyncIterator()
      var failingIterator = failing.makeAsyncIterator()
      let collected = throwing ? try await failingIterator.next() : await plainIterator.next()
      await second.value
      #expect(collected == 2)
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestChannel.swift test_asyncChannel_resumes_consumer_when_task_is_cancelled
  // and TestThrowingChannel.swift test_asyncThrowingChannel_resumes_consumer_when_task_is_cancelled
  @Test(arguments: [false, true])
  func cancellingAConsumerResumesItWithNilAndTheOtherGetsTheElement(throwing: Bool) async throws {
    try await withVirtualTime { time async throws in
      let plain = AsyncChannel<Int>()
      let failing = AsyncThrowingChannel<Int, any Error>()
      let consumers = (0..<2).map { _ in
        Task { () -> Int? in
          if throwing {
            var iterator = failing.makeAsyncIterator()
            return try await iterator.next()
          }
          var iterator = plain.makeAsyncIterator()
          return await iterator.next()
        }
      }
      await time.settle()
      consumers[0].cancel()
      #expect(try await consumers[0].value == nil)
      if throwing { await failing.send(1) } else { await plain.send(1) }
      #expect(try await consumers[1].value == 1)
    }
  }
}
