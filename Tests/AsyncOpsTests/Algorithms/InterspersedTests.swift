import AsyncOps
import AsyncOpsTesting
import Testing

/// SAA 1.1.5 Tests/AsyncAlgorithmsTests/Interspersed/TestInterspersed.swift, rewritten in Swift
/// Testing (where its separator closures sleep, ours call `Task.yield()`: a suspension point,
/// not a wait on a real clock).
@Suite(.timeLimit(.minutes(1))) struct InterspersedTests {
  private static func collect<S: AsyncSequence>(
    _ sequence: S
  ) async throws(S.Failure) -> (values: [S.Element], pastEnd: S.Element?) {
    var iterator = sequence.makeAsyncIterator()
    var values: [S.Element] = []
    while let value = try await iterator.next(isolation: nil) { values.append(value) }
    return (values, try await iterator.next(isolation: nil))
  }

  /// test_interspersed
  @Test func putsTheSeparatorBetweenEveryTwoElements() async {
    let sequence: AsyncInterspersedSequence = [1, 2, 3, 4, 5].async.interspersed(with: 0)
    let (values, pastEnd) = await Self.collect(sequence)
    #expect(values == [1, 0, 2, 0, 3, 0, 4, 0, 5])
    #expect(pastEnd == nil)
  }

  /// test_interspersed_every
  @Test func everyPutsTheSeparatorAfterThatManyElements() async {
    let (values, pastEnd) = await Self.collect(
      [1, 2, 3, 4, 5, 6, 7, 8].async.interspersed(every: 3, with: 0))
    #expect(values == [1, 2, 3, 0, 4, 5, 6, 0, 7, 8])
    #expect(pastEnd == nil)
  }

  @Test func noSeparatorFollowsTheLastElementWhenItFillsAGroup() async {
    let (values, _) = await Self.collect([1, 2, 3, 4].async.interspersed(every: 2, with: 0))
    #expect(values == [1, 2, 0, 3, 4])
  }

  /// test_interspersed_closure
  @Test func aClosureMakesEachSeparator() async {
    let (values, pastEnd) = await Self.collect([1, 2, 3, 4, 5].async.interspersed(with: { 0 }))
    #expect(values == [1, 0, 2, 0, 3, 0, 4, 0, 5])
    #expect(pastEnd == nil)
  }

  /// test_interspersed_async_closure
  @Test func anAsyncClosureMakesEachSeparator() async {
    let sequence: AsyncInterspersedSequence = [1, 2, 3, 4, 5].async.interspersed {
      await Task.yield()
      return 0
    }
    let (values, pastEnd) = await Self.collect(sequence)
    #expect(values == [1, 0, 2, 0, 3, 0, 4, 0, 5])
    #expect(pastEnd == nil)
  }

  /// test_interspersed_throwing_closure
  @Test func theErrorOfAThrowingClosureEndsTheSequence() async throws {
    let sequence: AsyncThrowingInterspersedSequence = [1, 2].async.interspersed(with: {
      throw AlgorithmFailure()
    })
    var iterator = sequence.makeAsyncIterator()
    var values: [Int] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == [1])
    #expect(try await iterator.next() == nil)
  }

  /// test_interspersed_async_throwing_closure
  @Test func theErrorOfAnAsyncThrowingClosureEndsTheSequence() async throws {
    let sequence = [1, 2].async.interspersed {
      await Task.yield()
      throw AlgorithmFailure()
    }
    var iterator = sequence.makeAsyncIterator()
    var values: [Int] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == [1])
    #expect(try await iterator.next() == nil)
  }

  /// test_interspersed_empty
  @Test func anEmptyBaseGivesNothing() async {
    let (values, pastEnd) = await Self.collect([Int]().async.interspersed(with: 0))
    #expect(values.isEmpty)
    #expect(pastEnd == nil)
  }

  /// test_interspersed_with_throwing_upstream
  @Test func theBasesErrorEndsTheSequence() async throws {
    let sequence = [1, 2, 3, -1, 4, 5].async.map { try failing(at: -1, $0) }.interspersed(with: 0)
    var iterator = sequence.makeAsyncIterator()
    var values: [Int] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == [1, 0, 2, 0, 3])
    #expect(try await iterator.next() == nil)
  }

  /// test_cancellation (its lock-step channel becomes a signal from the consumer).
  @Test func cancellingTheConsumerEndsAnEndlessBase() async {
    let endless = EndlessElements(value: "test").async.interspersed(with: "sep")
    #expect(await elementsTakenUntilCancelled(endless) >= 1)
  }

  /// Cancelled while the `async` separator closure waits: the closure's wait ends (its sleep is
  /// cancelled), the element read ahead is still returned, and the next read of the base ends
  /// the sequence — without time having to move and with the base's iterator ended.
  @Test func cancellingWhileTheAsyncSeparatorWaitsEndsTheSequence() async throws {
    let (values, iterators, now) = try await withVirtualTime { time in
      let source = AsyncTestSource<Int>()
      source.send(1)
      source.send(2)
      let clock = time.clock
      let sequence = source.interspersed(with: { @Sendable () async -> Int in
        try? await clock.sleep(for: .seconds(10))
        return 0
      })
      let consumer = Task {
        var values: [Int] = []
        do { for try await value in sequence { values.append(value) } } catch {}
        return values
      }
      await time.settle()  // the consumer took 1 and waits in the separator's sleep
      consumer.cancel()
      let values = await consumer.value
      return (values, source.liveIteratorCount, time.now)
    }
    #expect(values == [1, 0, 2])
    #expect(iterators == 0)
    #expect(now == .zero)
  }
}
