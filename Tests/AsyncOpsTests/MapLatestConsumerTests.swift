import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// mapLatest and flatMapLatest with consumers written by hand on virtual time: busy consumers,
/// cancellation of stale transforms, errors, the end of every task, and the overloads' failure
/// types.
@Suite struct MapLatestConsumerTests {
  /// Iterates `sequence`, logging `element@ms`, `end@ms` or `error@ms`; after each element it
  /// stays busy for `busy(element)` milliseconds of virtual time before asking again.
  private static func consume<S: AsyncSequence & Sendable>(
    _ sequence: S, clock: TestClock, busy: @escaping @Sendable (S.Element) -> Int
  ) -> Task<[String], Never> {
    Task {
      var log: [String] = []
      var iterator = sequence.makeAsyncIterator()
      do {
        while let element = try await iterator.next(isolation: nil) {
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

  @Test func mapLatestRule1_aSupersededTransformIsCancelledAndItsErrorIsNotTheSequences()
    async throws
  {
    let outcomes = EventLog<String>()
    let log = try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let clock = time.clock
      let mapped = source.mapLatest { element in
        do {
          try await clock.sleep(for: .milliseconds(3))
          outcomes.append("\(element) completed")
        } catch {
          outcomes.append("\(element) cancelled")
          throw error
        }
        return element
      }
      let consumer = Self.consume(mapped, clock: time.clock) { _ in 0 }
      source.send("a")
      await time.advance(by: .milliseconds(1))
      source.send("b")
      await time.advance(by: .milliseconds(5))
      source.finish()
      return await consumer.value
    }
    #expect(outcomes.values == ["a cancelled", "b completed"])
    #expect(log == ["b@4", "end@6"])
  }

  @Test func mapLatestRule2_aResultTheBusyConsumerHasNotTakenIsDroppedForANewerElement()
    async throws
  {
    let log = try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let clock = time.clock
      let mapped = source.mapLatest { element in
        try await delayedTransform(element == "c" ? 5 : 0, clock: clock)(element)
      }
      // Busy for 5 ms after a: b's result is due at 1, then stale when c arrives at 2; the
      // consumer, asking again at 5, waits for c's result (at 7) instead of taking b's.
      let consumer = Self.consume(mapped, clock: time.clock) { $0 == "a" ? 5 : 0 }
      source.send("a")
      await time.advance(by: .milliseconds(1))
      source.send("b")
      await time.advance(by: .milliseconds(1))
      source.send("c")
      await time.advance(by: .milliseconds(6))
      source.finish()
      return await consumer.value
    }
    #expect(log == ["a@0", "c@7", "end@8"])
  }

  @Test func mapLatestRule2_aResultDueForABusyConsumerIsDeliveredWhenItAsks() async throws {
    let log = try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let mapped = source.mapLatest(delayedTransform(1, clock: time.clock))
      let consumer = Self.consume(mapped, clock: time.clock) { $0 == "a" ? 5 : 0 }
      source.send("a")
      await time.advance(by: .milliseconds(2))
      source.send("b")  // its result is due at 3, while the consumer is busy until 6
      await time.advance(by: .milliseconds(5))
      source.finish()
      return await consumer.value
    }
    #expect(log == ["a@1", "b@6", "end@7"])
  }

  @Test func mapLatestRule4_aThrowingTransformCancelsTheUpstream() async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let mapped = source.mapLatest { (element: String) throws(TestSourceFailure) in
        throw TestSourceFailure(source: element)
      }
      let consumer = Self.consume(mapped, clock: time.clock) { _ in 0 }
      source.send("a")
      await time.settle()
      #expect(await consumer.value == ["error@0"])
      #expect(source.cancellationCount == 1)
      #expect(source.liveIteratorCount == 0)
    }
  }

  @Test func mapLatestRule4_anUpstreamFailureWhileTheConsumerIsBusyIsThrownByItsNextNext()
    async throws
  {
    let log = try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let mapped = source.mapLatest(delayedTransform(0, clock: time.clock))
      let consumer = Self.consume(mapped, clock: time.clock) { _ in 5 }
      source.send("a")
      await time.advance(by: .milliseconds(1))
      source.fail()
      await time.advance(by: .milliseconds(5))
      return await consumer.value
    }
    #expect(log == ["a@0", "error@5"])
  }

  @Test(arguments: [true, false])
  func mapLatestRule5_cancellingTheConsumerCancelsTheUpstreamAndTheTransform(
    transformRunning: Bool
  ) async throws {
    let outcomes = EventLog<String>()
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let clock = time.clock
      let mapped = source.mapLatest { element in
        do {
          try await clock.sleep(for: .milliseconds(3))
        } catch {
          outcomes.append("\(element) cancelled")
          throw error
        }
        return element
      }
      let storage = WeakWatch()
      let consumer = Task {
        var iterator = mapped.makeAsyncIterator()
        storage.watch(iterator.lifetime.storage)
        return try await iterator.next()
      }
      if transformRunning { source.send("a") }
      await time.advance(by: .milliseconds(1))
      #expect(storage.isAlive)
      consumer.cancel()
      let received = try await consumer.value
      #expect(received == nil)
      await time.settle()
      #expect(source.cancellationCount == 1)
      #expect(source.liveIteratorCount == 0)
      #expect(time.clock.sleeperCount == 0)
      #expect(!storage.isAlive)
      #expect(time.now == .zero.advanced(by: .milliseconds(1)))
    }
    #expect(outcomes.values == (transformRunning ? ["a cancelled"] : []))
  }

  @Test func afterTheEndEveryNextReturnsNil() async throws {
    var iterator = ["a"].asyncElements.mapLatest { $0 }.makeAsyncIterator()
    #expect(await iterator.next() == "a")
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
  }

  // MARK: flatMapLatest

  @Test func flatMapLatest_theNewestInnerSequenceLosesNothingToABusyConsumer() async throws {
    let log = try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let feed = source.flatMapLatest { element in
        TickedElements(
          elements: ["\(element)1", "\(element)2", "\(element)3"], every: 1,
          clock: time.clock)
      }
      let consumer = Self.consume(feed, clock: time.clock) { _ in 4 }
      source.send("a")
      source.finish()
      await time.advance(by: .milliseconds(20))
      return await consumer.value
    }
    #expect(log == ["a1@1", "a2@5", "a3@9", "end@13"])
  }

  @Test func flatMapLatest_anElementTheConsumerHasNotTakenIsDroppedWhenTheInnerIsSuperseded()
    async throws
  {
    let log = try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let feed = source.flatMapLatest { element in
        TickedElements(elements: ["\(element)1", "\(element)2"], every: 1, clock: time.clock)
      }
      let consumer = Self.consume(feed, clock: time.clock) { _ in 4 }
      source.send("a")
      await time.advance(by: .milliseconds(3))  // a1 taken at 1; a2 due at 2, not taken
      source.send("b")
      source.finish()
      await time.advance(by: .milliseconds(20))
      return await consumer.value
    }
    #expect(log == ["a1@1", "b1@5", "b2@9", "end@13"])
  }

  @Test func flatMapLatest_aFailingInnerSequenceEndsTheSequenceAndCancelsTheUpstream()
    async throws
  {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let inner = AsyncTestSource<String>(name: "inner")
      let feed = source.flatMapLatest { _ in inner }
      let consumer = Self.consume(feed, clock: time.clock) { _ in 0 }
      source.send("a")
      inner.send("x")
      await time.settle()
      inner.fail()
      await time.settle()
      #expect(await consumer.value == ["x@0", "error@0"])
      #expect(source.cancellationCount == 1)
      #expect(source.liveIteratorCount == 0)
    }
  }

  // The cases of swift-async-algorithms' TestFlatMapLatest, on synchronous sources.
  @Test func flatMapLatest_aSynchronousSourceEndsWithTheLastInnerSequenceWhole() async {
    let results = await collectElements(
      [1, 2, 3].asyncElements.flatMapLatest { [$0, $0 * 10].asyncElements })
    #expect(results.suffix(2) == [3, 30])
    #expect(results.isStrictlyIncreasingByInnerSequence)
  }

  @Test func flatMapLatest_anEmptySourceOrEmptyInnerSequencesGiveNothing() async {
    let emptyOuter = await collectElements(
      [Int]().asyncElements.flatMapLatest { [$0].asyncElements })
    let emptyInner = await collectElements(
      [1, 2, 3].asyncElements.flatMapLatest { _ in [Int]().asyncElements })
    #expect(emptyOuter.isEmpty)
    #expect(emptyInner.isEmpty)
  }

  // MARK: Failure types

  @Test func theFailureTypeFollowsTheBaseAndTheTransform() async throws {
    let neverBase = [1, 2].asyncElements
    let throwingBase = AsyncTestSource<Int>()
    throwingBase.finish()
    // Neither throws: no `try`.
    let plain: [Int] = await collectElements(neverBase.mapLatest { $0 + 1 })
    #expect(plain.last == 3)
    // The base's failure, whether the transform throws it or nothing.
    let sameFailure: AsyncMapLatestSequence<AsyncTestSource<Int>, Int, TestSourceFailure> =
      throwingBase.mapLatest { $0 }
    // A non-throwing base takes the transform's typed failure.
    let typedTransform: AsyncMapLatestSequence<SynchronousElements<[Int]>, Int, TestSourceFailure> =
      neverBase.mapLatest { (value: Int) throws(TestSourceFailure) in value }
    // Different failures meet in `any Error`.
    let untyped: AsyncMapLatestSequence<AsyncTestSource<Int>, Int, any Error> =
      throwingBase.mapLatest { value in
        try Task.checkCancellation()
        return value
      }
    _ = try await collectElements(sameFailure)
    _ = try await collectElements(typedTransform)
    _ = try await collectElements(untyped)
    // flatMapLatest, as in swift-async-algorithms: equal failures, or one side `Never`.
    let innerNever:
      AsyncFlatMapLatestSequence<
        AsyncTestSource<Int>, SynchronousElements<[Int]>,
        TestSourceFailure
      > = throwingBase.flatMapLatest { [$0].asyncElements }
    let outerNever:
      AsyncFlatMapLatestSequence<
        SynchronousElements<[Int]>, AsyncTestSource<Int>,
        TestSourceFailure
      > = neverBase.flatMapLatest { _ in throwingBase }
    let bothNever = await collectElements(neverBase.flatMapLatest { [$0].asyncElements })
    _ = try await collectElements(innerNever)
    _ = try await collectElements(outerNever)
    #expect(bothNever.last == 2)
  }
}

extension Array where Element == Int {
  /// Whether the elements are inner sequences `[n, 10 n]` of increasing `n`, possibly cut short.
  fileprivate var isStrictlyIncreasingByInnerSequence: Bool {
    zip(self, dropFirst()).allSatisfy { $0 < $1 }
  }
}
