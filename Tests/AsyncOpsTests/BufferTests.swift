import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Buffer rules 1–4, one test each, on virtual time: the test body is
/// the consumer, so "the consumer is not pulling" is exact, and `settle()` lets the reading task
/// run as far as it can.
@Suite struct BufferTests {
  @Test func bufferRule_boundedReadsAheadUpToItsLimitThenWaits() async throws {
    try await withVirtualTime { time async throws in
      let numbers = CountedNumbers(count: 10)
      var iterator = numbers.buffer(policy: .bounded(3)).makeAsyncIterator()
      #expect(await iterator.next() == 1)  // taken as it was read
      await time.settle()
      #expect(numbers.reads.count == 4)  // 1, then 2, 3, 4 buffered
      #expect(await iterator.next() == 2)
      await time.settle()
      #expect(numbers.reads.count == 5)
    }
  }

  @Test func bufferRule_unboundedNeverWaits() async throws {
    try await withVirtualTime { time async throws in
      let numbers = CountedNumbers(count: 50)
      var iterator = numbers.buffer(policy: .unbounded).makeAsyncIterator()
      #expect(await iterator.next() == 1)
      await time.settle()
      #expect(numbers.reads.count == 50)
      var rest: [Int] = []
      while let value = await iterator.next() { rest.append(value) }
      #expect(rest == Array(2...50))
    }
  }

  @Test func bufferRule_bufferingLatestReadsOnAndKeepsTheNewest() async throws {
    let received = try await Self.takeOneThenDrain(policy: .bufferingLatest(2), count: 6)
    #expect(received == [1, 5, 6])
  }

  @Test func bufferRule_bufferingOldestReadsOnAndKeepsTheOldest() async throws {
    let received = try await Self.takeOneThenDrain(policy: .bufferingOldest(2), count: 6)
    #expect(received == [1, 2, 3])
  }

  /// Takes the first element, lets the base run to its end while not pulling, then drains.
  static func takeOneThenDrain(policy: AsyncBufferSequencePolicy, count: Int) async throws -> [Int]
  {
    try await withVirtualTime { time async throws in
      let numbers = CountedNumbers(count: count)
      var iterator = numbers.buffer(policy: policy).makeAsyncIterator()
      var received = [await iterator.next()!]
      await time.settle()
      #expect(numbers.reads.count == count)  // never waits
      while let value = await iterator.next() { received.append(value) }
      return received
    }
  }

  @Test(arguments: [
    AsyncBufferSequencePolicy.bounded(5), .unbounded, .bufferingLatest(5), .bufferingOldest(5),
  ])
  func bufferRule_aFailureComesAfterTheBufferedElementsThenNil(
    policy: AsyncBufferSequencePolicy
  ) async throws {
    try await withVirtualTime { time async throws in
      let source = AsyncTestSource<Int>()
      var iterator = source.buffer(policy: policy).makeAsyncIterator()
      source.send(1)
      #expect(try await iterator.next() == 1)
      source.send(2)
      source.send(3)
      source.fail()
      await time.settle()
      #expect(try await iterator.next() == 2)
      #expect(try await iterator.next() == 3)
      await #expect(throws: TestSourceFailure.self) { try await iterator.next() }
      #expect(try await iterator.next() == nil)
      #expect(try await iterator.next() == nil)
    }
  }

  @Test func bufferRule_theReadingTaskStartsWithTheFirstNext() async throws {
    try await withVirtualTime { time async throws in
      let numbers = CountedNumbers(count: 3)
      var iterator = numbers.buffer(policy: .unbounded).makeAsyncIterator()
      await time.settle()
      #expect(numbers.reads.count == 0)
      #expect(await iterator.next() == 1)
    }
  }

  @Test(arguments: [
    AsyncBufferSequencePolicy.bounded(1), .unbounded, .bufferingLatest(1), .bufferingOldest(1),
  ])
  func bufferRule_cancellingTheConsumerCancelsTheReadingTask(
    policy: AsyncBufferSequencePolicy
  ) async throws {
    try await withVirtualTime { time async throws in
      let source = AsyncTestSource<Int>()
      let storage = WeakWatch()
      let buffered = source.buffer(policy: policy)
      let consumer = Task {
        var iterator = buffered.makeAsyncIterator()
        storage.watch(iterator.lifetime!.storage)
        var received: [Int] = []
        while let value = try await iterator.next() {
          received.append(value)
          try? await time.clock.sleep(for: .milliseconds(10))  // busy: not pulling
        }
        return received
      }
      source.send(1)
      await time.settle()
      source.send(2)
      source.send(3)  // a bounded(1) reader parks on 3
      await time.settle()
      consumer.cancel()
      #expect(try await consumer.value == [1])
      await time.settle()
      #expect(source.liveIteratorCount == 0)
      #expect(!storage.isAlive)
    }
  }

  @Test func droppingTheIteratorCancelsTheReadingTask() async throws {
    try await withVirtualTime { time async throws in
      let source = AsyncTestSource<Int>()
      let storage = WeakWatch()
      do {
        var iterator = source.buffer(policy: .bounded(2)).makeAsyncIterator()
        storage.watch(iterator.lifetime!.storage)
        source.send(1)
        #expect(try await iterator.next() == 1)
      }
      await time.settle()
      #expect(source.cancellationCount == 1)
      #expect(source.liveIteratorCount == 0)
      #expect(!storage.isAlive)
    }
  }

  @Test(arguments: [
    AsyncBufferSequencePolicy.bounded(0), .bufferingLatest(0), .bufferingOldest(0),
  ])
  func aLimitOfZeroReadsTheBaseInPlace(policy: AsyncBufferSequencePolicy) async throws {
    try await withVirtualTime { time async throws in
      let numbers = CountedNumbers(count: 3)
      var iterator = numbers.buffer(policy: policy).makeAsyncIterator()
      #expect(iterator.lifetime == nil)
      #expect(await iterator.next() == 1)
      await time.settle()
      #expect(numbers.reads.count == 1)
    }
  }

  @Test(arguments: [
    AsyncBufferSequencePolicy.bounded(2), .unbounded, .bufferingLatest(2), .bufferingOldest(2),
    .bounded(0),
  ])
  func aConsumerThatKeepsUpSeesTheBaseUnchanged(policy: AsyncBufferSequencePolicy) async throws {
    try await expectMarbles(["a-bc--d-e|"], "a-bc--d-e|") { inputs, _ in
      inputs[0].buffer(policy: policy)
    }
    try await expectMarbles(["ab-c^"], "ab-c^") { inputs, _ in inputs[0].buffer(policy: policy) }
  }
}
