import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Debounce with consumers written by hand on virtual time: busy consumers, errors while nobody
/// waits, cancellation and the end of every task.
@Suite struct DebounceConsumerTests {
  private typealias Debounced = AsyncDebounceSequence<AsyncTestSource<String>, TestClock>

  /// Iterates `debounced`, logging `element@ms`, `end@ms` or `error@ms`; after each element it
  /// stays busy for `busy(element)` milliseconds of virtual time before asking again.
  private static func consume(
    _ debounced: Debounced, clock: TestClock, busy: @escaping @Sendable (String) -> Int
  ) -> Task<[String], any Error> {
    Task {
      var log: [String] = []
      var iterator = debounced.makeAsyncIterator()
      do {
        while let element = try await iterator.next() {
          log.append("\(element)@\(clock.milliseconds)")
          try await clock.sleep(for: .milliseconds(busy(element)))
        }
        log.append("end@\(clock.milliseconds)")
      } catch {
        log.append("error@\(clock.milliseconds)")
      }
      return log
    }
  }

  // Debounce rule 2
  @Test func aBusyConsumerGetsTheNewestDueElementAsSoonAsItAsks() async throws {
    let log = try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let debounced = source.debounce(for: .milliseconds(3), clock: time.clock)
      let consumer = Self.consume(debounced, clock: time.clock) { $0 == "a" ? 12 : 0 }
      source.send("a")  // due at 3; the consumer then stays busy until 15
      await time.advance(by: .milliseconds(5))
      source.send("b")  // due at 8, while the consumer is busy
      await time.advance(by: .milliseconds(5))
      source.send("c")  // due at 13, while the consumer is busy: replaces b
      await time.advance(by: .milliseconds(6))
      source.send("d")  // at 16, due at 19
      await time.advance(by: .milliseconds(4))
      source.finish()
      return try await consumer.value
    }
    #expect(log == ["a@3", "c@15", "d@19", "end@20"])
  }

  // Debounce rules 1 and 2: the arrival time does not depend on the consumer.
  @Test func aBusyConsumerGetsTheDueElementAtOnceAndTheNextOneAtItsOwnDeadline() async throws {
    let log = try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let debounced = source.debounce(for: .milliseconds(3), clock: time.clock)
      let consumer = Self.consume(debounced, clock: time.clock) { $0 == "a" ? 8 : 0 }
      source.send("a")  // due at 3; the consumer then stays busy until 11
      await time.advance(by: .milliseconds(5))
      source.send("b")  // due at 8, while the consumer is busy
      await time.advance(by: .milliseconds(5))
      source.send("c")  // at 10, due at 13: not yet due when the consumer asks at 11
      await time.advance(by: .milliseconds(10))
      source.finish()
      return try await consumer.value
    }
    #expect(log == ["a@3", "b@11", "c@13", "end@20"])
  }

  // Debounce rule 4
  @Test func aFinishWhileTheConsumerIsBusyFlushesThePendingElementWhenItAsks() async throws {
    let log = try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let debounced = source.debounce(for: .milliseconds(3), clock: time.clock)
      let consumer = Self.consume(debounced, clock: time.clock) { $0 == "a" ? 10 : 0 }
      source.send("a")
      await time.advance(by: .milliseconds(4))
      source.send("b")  // at 4, pending
      await time.advance(by: .milliseconds(1))
      source.finish()  // at 5, while the consumer is busy until 13
      return try await consumer.value
    }
    #expect(log == ["a@3", "b@13", "end@13"])
  }

  // Debounce rule 5
  @Test func aFailureWhileNoNextIsWaitingIsThrownByTheFollowingNext() async throws {
    let log = try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let debounced = source.debounce(for: .milliseconds(3), clock: time.clock)
      let consumer = Self.consume(debounced, clock: time.clock) { _ in 10 }
      source.send("a")
      await time.advance(by: .milliseconds(4))
      source.send("b")  // at 4, pending: dropped by the failure
      await time.advance(by: .milliseconds(1))
      source.fail()  // at 5, while the consumer is busy until 13
      return try await consumer.value
    }
    #expect(log == ["a@3", "error@13"])
  }

  // Debounce rule 5
  @Test func anElementDueBeforeAFailureReachesABusyConsumerBeforeTheError() async throws {
    let log = try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let debounced = source.debounce(for: .milliseconds(3), clock: time.clock)
      let consumer = Self.consume(debounced, clock: time.clock) { $0 == "a" ? 10 : 0 }
      source.send("a")
      await time.advance(by: .milliseconds(4))
      source.send("b")  // at 4, due at 7 while the consumer is busy until 13
      await time.advance(by: .milliseconds(5))
      source.fail()  // at 9
      return try await consumer.value
    }
    #expect(log == ["a@3", "b@13", "error@13"])
  }

  // Debounce rule 6
  @Test func aZeroIntervalHandsEveryElementToABusyConsumerInOrder() async throws {
    let log = try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let debounced = source.debounce(for: .zero, clock: time.clock)
      let consumer = Self.consume(debounced, clock: time.clock) { _ in 5 }
      for element in ["a", "b", "c"] { source.send(element) }
      source.finish()
      return try await consumer.value
    }
    #expect(log == ["a@0", "b@5", "c@10", "end@15"])
  }

  // Debounce rule 6
  @Test func aZeroIntervalPassesASynchronousBurstThroughWhole() async throws {
    let clock = TestClock()
    let elements = await collectElements(
      (0..<1000).asyncElements.debounce(for: .zero, clock: clock))
    #expect(elements == Array(0..<1000))
  }

  // Debounce rule 4, with a real clock: no time needs to pass for the flush.
  @Test func aSynchronousBurstIsFlushedAtItsFinishWithoutWaitingForTheTimer() async {
    let elements = await collectElements((0..<1000).asyncElements.debounce(for: .seconds(3600)))
    #expect(elements == [999])
  }

  // Debounce rule 7
  @Test func cancellingTheConsumerEndsItAndCancelsTheUpstreamAndTheTimer() async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let debounced = source.debounce(for: .milliseconds(3), clock: time.clock)
      let consumer = Self.consume(debounced, clock: time.clock) { _ in 0 }
      source.send("a")
      await time.advance(by: .milliseconds(1))  // a pending; the timer sleeps until 3
      #expect(time.clock.sleeperCount == 1)
      #expect(source.waitingCount == 1)
      consumer.cancel()
      await time.settle()
      let received = try await consumer.value
      #expect(received == ["end@1"])
      #expect(source.cancellationCount == 1)
      #expect(source.liveIteratorCount == 0)
      #expect(time.clock.sleeperCount == 0)
      #expect(time.now == .zero.advanced(by: .milliseconds(1)))
    }
  }

  // Debounce rule 7
  @Test func droppingTheIteratorCancelsTheUpstream() async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let debounced = source.debounce(for: .milliseconds(3), clock: time.clock)
      let firstOnly = Task {
        var iterator = debounced.makeAsyncIterator()
        return try await iterator.next()
      }
      source.send("a")
      await time.advance(by: .milliseconds(3))
      let received = try await firstOnly.value
      #expect(received == "a")
      await time.settle()
      #expect(source.cancellationCount == 1)
      #expect(source.liveIteratorCount == 0)
      #expect(time.clock.sleeperCount == 0)
    }
  }

  // Debounce rule 7
  @Test func aConsumerCancelledBeforeItsFirstNextGetsNilAndLeavesNoReader() async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      source.send("a")
      let debounced = source.debounce(for: .milliseconds(3), clock: time.clock)
      let consumer = Task {
        var iterator = debounced.makeAsyncIterator()
        withUnsafeCurrentTask { $0?.cancel() }
        return try await iterator.next()
      }
      let received = try await consumer.value
      #expect(received == nil)
      await time.settle()
      #expect(source.liveIteratorCount == 0)
      #expect(time.clock.sleeperCount == 0)
    }
  }

  // Debounce rule 7: the reading task and the timer task hold the storage; it is freed only when both
  // have ended, whether the timer was sleeping or parked.
  @Test(arguments: [true, false])
  func noTaskOutlivesACancelledIterator(withPendingElement: Bool) async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let debounced = source.debounce(for: .milliseconds(3), clock: time.clock)
      let storage = StorageWatch()
      let consumer = Task {
        var iterator = debounced.makeAsyncIterator()
        storage.watch(iterator.lifetime!.storage)
        return try await iterator.next()
      }
      if withPendingElement { source.send("a") }
      await time.advance(by: .milliseconds(1))
      #expect(storage.isAlive)
      consumer.cancel()
      let received = try await consumer.value
      #expect(received == nil)
      await time.settle()
      #expect(!storage.isAlive)
      #expect(source.liveIteratorCount == 0)
      #expect(time.clock.sleeperCount == 0)
    }
  }

  // Debounce rule 7
  @Test func afterTheEndEveryNextReturnsNil() async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      source.send("a")
      source.finish()
      var iterator = source.debounce(for: .milliseconds(3), clock: time.clock).makeAsyncIterator()
      let first = try await iterator.next()
      let second = try await iterator.next()
      let third = try await iterator.next()
      #expect(first == "a")
      #expect(second == nil)
      #expect(third == nil)
    }
  }

  @Test func aNonThrowingBaseGivesANonThrowingSequence() async {
    var iterator = [1, 2].asyncElements.debounce(for: .seconds(3600)).makeAsyncIterator()
    let last = await iterator.next()  // no `try`: the failure type is Never
    #expect(last == 2)
  }
}

/// Holds a weak reference to a debounce storage, to see when every task holding it has ended.
private final class StorageWatch: @unchecked Sendable {
  // @unchecked: `storage` is written once, by the consumer task, before `isAlive` is read; on
  // virtual time every task runs serially on the driver's one thread.
  private weak var storage: AnyObject?

  func watch(_ object: AnyObject) { storage = object }

  var isAlive: Bool { storage != nil }
}
