import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Throttle with consumers written by hand on virtual time: a busy consumer, cancellation, and
/// the end of every task — including the timer that outlives the upstream's finish (Throttle
/// rule 4).
@Suite struct ThrottleConsumerTests {
  private typealias Throttled = AsyncThrottleSequence<AsyncTestSource<String>, TestClock>

  /// Iterates `throttled`, logging `element@ms`, `end@ms` or `error@ms`; after each element it
  /// stays busy for `busy(element)` milliseconds of virtual time.
  private static func consume(
    _ throttled: Throttled, clock: TestClock, busy: @escaping @Sendable (String) -> Int
  ) -> Task<[String], Never> {
    Task {
      var log: [String] = []
      var iterator = throttled.makeAsyncIterator()
      do {
        while let element = try await iterator.next() {
          log.append("\(element)@\(clock.milliseconds)")
          try? await clock.sleep(for: .milliseconds(busy(element)))
        }
        log.append("end@\(clock.milliseconds)")
      } catch {
        log.append("error@\(clock.milliseconds)")
      }
      return log
    }
  }

  @Test func throttleRule2_aBusyConsumerGetsTheNewestEmissionWhenItAsks() async throws {
    let log = try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let throttled = source.throttle(for: .milliseconds(3), clock: time.clock)
      let consumer = Self.consume(throttled, clock: time.clock) { $0 == "a" ? 8 : 0 }
      source.send("a")  // emitted at 0; the consumer is busy until 8
      await time.advance(by: .milliseconds(1))
      source.send("b")  // emitted by the timer at 3, not taken
      await time.advance(by: .milliseconds(3))
      source.send("c")  // arrives at 4: pending, emitted at 6, replacing b
      await time.advance(by: .milliseconds(6))
      source.finish()
      return await consumer.value
    }
    #expect(log == ["a@0", "c@8", "end@10"])
  }

  @Test(arguments: [false, true])
  func throttleRule6_cancellingTheConsumerCancelsTheUpstreamAndTheTimer(
    afterTheFinish: Bool
  ) async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let throttled = source.throttle(for: .milliseconds(3), clock: time.clock)
      let storage = WeakWatch()
      let consumer = Task {
        var iterator = throttled.makeAsyncIterator()
        storage.watch(iterator.lifetime!.storage)
        var received: [String] = []
        while let element = try await iterator.next() { received.append(element) }
        return received
      }
      source.send("a")
      source.send("b")  // pending until 3: the timer sleeps
      if afterTheFinish { source.finish() }  // the timer must still run for b
      await time.advance(by: .milliseconds(1))
      #expect(time.clock.sleeperCount == 1)
      consumer.cancel()
      let received = try await consumer.value
      #expect(received == ["a"])
      await time.settle()
      #expect(time.clock.sleeperCount == 0)
      #expect(source.liveIteratorCount == 0)
      #expect(source.cancellationCount == (afterTheFinish ? 0 : 1))
      #expect(!storage.isAlive)
      #expect(time.now == .zero.advanced(by: .milliseconds(1)))
    }
  }

  @Test func aNonThrowingBaseGivesANonThrowingSequence() async {
    let elements = await collectElements([1, 2, 3].asyncElements.throttle(for: .zero))
    #expect(elements == [1, 2, 3])
  }
}
