@_spi(Testing) import AsyncOps
import AsyncOpsTesting
import Testing

/// Share rules 1–6, each on virtual time.
@Suite struct ShareTests {
  // MARK: Registration and replay (marbles)

  @Test func twoConsumersRegisteredBeforeTheFirstElementBothGetEveryElement() async throws {
    let outputs = try await recordMarbles(["a-b-c|"], consumers: [0, 0]) { inputs, _ in
      inputs[0].share()
    }
    #expect(outputs.map(\.description) == ["a-b-c|", "a-b-c|"])
  }

  @Test func aConsumerJoiningAtTickTwoGetsOnlyTheLaterElements() async throws {
    let outputs = try await recordMarbles(["a-b-c|"], consumers: [0, 2]) { inputs, _ in
      inputs[0].share()
    }
    #expect(outputs.map(\.description) == ["a-b-c|", "--b-c|"])
  }

  @Test func withReplayOneALateConsumerFirstGetsTheLastEarlierElement() async throws {
    let outputs = try await recordMarbles(["a-b-c|"], consumers: [0, 2]) { inputs, _ in
      inputs[0].share(replay: 1)
    }
    #expect(outputs.map(\.description) == ["a-b-c|", "--[ab]-c|"])
  }

  @Test func aConsumerJoiningAfterTheFinishGetsItsReplayThenTheFinish() async throws {
    let outputs = try await recordMarbles(["a-b-c|"], consumers: [0, 7, 7]) { inputs, _ in
      inputs[0].share(replay: 2)
    }
    #expect(outputs.map(\.description) == ["a-b-c|", "-------[bc|]", "-------[bc|]"])
  }

  @Test func aConsumerJoiningAfterTheFinishWithoutReplayGetsOnlyTheFinish() async throws {
    let outputs = try await recordMarbles(["a-b|"], consumers: [0, 5]) { inputs, _ in
      inputs[0].share()
    }
    #expect(outputs.map(\.description) == ["a-b|", "-----|"])
  }

  @Test func aConsumerJoiningAfterAFailureGetsItsReplayThenTheFailure() async throws {
    let outputs = try await recordMarbles(["a-b^"], consumers: [0, 5]) { inputs, _ in
      inputs[0].share(replay: 1)
    }
    #expect(outputs.map(\.description) == ["a-b^", "-----[b^]"])
  }

  @Test func theFailureReachesEveryConsumer() async throws {
    let outputs = try await recordMarbles(["a-b-^"], consumers: [0, 1, 3]) { inputs, _ in
      inputs[0].share()
    }
    #expect(outputs.map(\.description) == ["a-b-^", "--b-^", "----^"])
  }

  // MARK: One upstream

  @Test func theUpstreamIsIteratedOnceStartedByTheFirstNext() async throws {
    try await withVirtualTime { time throws in
      let source = AsyncTestSource<Int>()
      let shared = source.share()
      var registered = shared.makeAsyncIterator()
      await time.settle()
      // `share()` made the one upstream iterator (as swift-async-algorithms does), but
      // registering does not start reading it.
      #expect(source.liveIteratorCount == 1)
      #expect(source.waitingCount == 0)
      let logs = (0..<3).map { _ in ShareLog<String>() }
      let tasks = logs.map { startLoggingConsumer(of: shared, into: $0) }
      await time.settle()
      #expect(source.liveIteratorCount == 1)
      #expect(source.waitingCount == 1)  // one read, for every consumer
      source.send(1)
      source.finish()
      await time.settle()
      #expect(await drain(&registered) == ["1", "|"])
      for task in tasks { await task.value }
      #expect(logs.map(\.values) == Array(repeating: ["1", "|"], count: 3))
    }
  }

  // MARK: Buffering policies

  @Test func underBufferingNewestAStalledConsumerKeepsItsNewestTwoAndAFastOneLosesNothing()
    async throws
  {
    let (fast, stalled) = try await fastAndStalled(.bufferingNewest(2), sending: 1...5)
    #expect(fast == ["1", "2", "3", "4", "5", "|"])
    #expect(stalled == ["4", "5", "|"])
  }

  @Test func underBufferingOldestAStalledConsumerKeepsItsOldestTwoAndAFastOneLosesNothing()
    async throws
  {
    let (fast, stalled) = try await fastAndStalled(.bufferingOldest(2), sending: 1...5)
    #expect(fast == ["1", "2", "3", "4", "5", "|"])
    #expect(stalled == ["1", "2", "|"])
  }

  @Test func underUnboundedNobodyLosesAnything() async throws {
    let (fast, stalled) = try await fastAndStalled(.unbounded, sending: 1...50)
    #expect(fast == (1...50).map { "\($0)" } + ["|"])
    #expect(stalled == fast)
  }

  @Test func underBoundedOneNobodyLosesAnything() async throws {
    let (fast, stalled) = try await fastAndStalled(.bounded(1), sending: 1...20)
    #expect(fast == (1...20).map { "\($0)" } + ["|"])
    #expect(stalled == fast)
  }

  @Test func underBoundedTheUpstreamWaitsWhileAConsumerHoldsTheLimit() async throws {
    try await withVirtualTime { time throws in
      let source = AsyncTestSource<Int>()
      let shared = source.share(bufferingPolicy: .bounded(3))
      var stalled = shared.makeAsyncIterator()
      let fast = ShareLog<String>()
      let task = startLoggingConsumer(of: shared, into: fast)
      for element in 1...10 { source.send(element) }
      source.finish()
      await time.settle()
      #expect(fast.values == ["1", "2", "3"])
      #expect(shared.bufferedElementCounts == [3, 0])
      #expect(try await stalled.next() == 1)
      await time.settle()
      #expect(fast.values == ["1", "2", "3", "4"])
      #expect(await drain(&stalled) == (2...10).map { "\($0)" } + ["|"])
      await task.value
      #expect(fast.values == (1...10).map { "\($0)" } + ["|"])
    }
  }

  @Test func anUpstreamErrorReachesEveryConsumerAfterItsBufferedElements() async throws {
    try await withVirtualTime { time throws in
      let source = AsyncTestSource<Int>()
      let shared = source.share(bufferingPolicy: .unbounded)
      var stalled = shared.makeAsyncIterator()
      let fast = ShareLog<String>()
      let task = startLoggingConsumer(of: shared, into: fast)
      await time.settle()
      source.send(1)
      source.send(2)
      source.fail()
      await time.settle()
      #expect(fast.values == ["1", "2", "^"])
      #expect(try await stalled.next() == 1)
      #expect(try await stalled.next() == 2)
      await #expect(throws: TestSourceFailure.self) { try await stalled.next() }
      #expect(try await stalled.next() == nil)  // ended: no second error
      await task.value
    }
  }

  // MARK: Leaving

  @Test func cancellingOneOfThreeConsumersLeavesTheOtherTwoUntouched() async throws {
    try await withVirtualTime { time throws in
      let source = AsyncTestSource<Int>()
      let shared = source.share()
      let logs = (0..<3).map { _ in ShareLog<String>() }
      let tasks = logs.map { startLoggingConsumer(of: shared, into: $0) }
      await time.settle()
      source.send(1)
      await time.settle()
      tasks[1].cancel()
      await time.settle()
      for element in 2...4 { source.send(element) }
      source.finish()
      for task in tasks { await task.value }
      #expect(logs[0].values == ["1", "2", "3", "4", "|"])
      #expect(logs[1].values == ["1", "|"])
      #expect(logs[2].values == ["1", "2", "3", "4", "|"])
      #expect(source.cancellationCount == 0)
    }
  }

  @Test func droppingAnIteratorEndsThatConsumerAndReleasesTheUpstream() async throws {
    try await withVirtualTime { time throws in
      let source = AsyncTestSource<Int>()
      let shared = source.share()
      var dropped = Optional(shared.makeAsyncIterator())
      let fast = ShareLog<String>()
      let task = startLoggingConsumer(of: shared, into: fast)
      for element in 1...3 { source.send(element) }
      await time.settle()
      #expect(fast.values == ["1"])  // the unread iterator holds the upstream back
      #expect(dropped != nil)
      dropped = nil
      await time.settle()
      #expect(fast.values == ["1", "2", "3"])
      #expect(shared.bufferedElementCounts == [0])
      task.cancel()
      await task.value
    }
  }

  @Test func aConsumerWhoseTaskIsCancelledEndsEvenWithElementsBuffered() async throws {
    try await withVirtualTime { time throws in
      let source = AsyncTestSource<Int>()
      let shared = source.share(replay: 1)
      let first = ShareLog<String>()
      let task = startLoggingConsumer(of: shared, into: first)
      source.send(1)
      await time.settle()
      let cancelled = Task {
        var iterator = shared.makeAsyncIterator()  // starts with the replayed 1
        withUnsafeCurrentTask { $0?.cancel() }
        return try await iterator.next()
      }
      #expect(try await cancelled.value == nil)
      #expect(shared.bufferedElementCounts == [0])
      task.cancel()
      await task.value
    }
  }

  // MARK: Cancelling the upstream

  @Test func theUpstreamIsCancelledOnceAllConsumersAndTheSequenceAreGone() async throws {
    try await withVirtualTime { time throws in
      let source = AsyncTestSource<Int>()
      let logs = (0..<2).map { _ in ShareLog<String>() }
      let tasks = Self.startConsumers(of: source.share(), logs: logs)  // only they hold it
      await time.settle()
      source.send(1)
      await time.settle()
      tasks[0].cancel()
      await time.settle()
      #expect(source.cancellationCount == 0)
      tasks[1].cancel()
      await time.settle()
      #expect(source.cancellationCount == 1)
      #expect(logs.map(\.values) == [["1", "|"], ["1", "|"]])
    }
  }

  @Test func theUpstreamIsCancelledWhenTheSequenceGoesAfterTheLastConsumer() async throws {
    try await withVirtualTime { time throws in
      let source = AsyncTestSource<Int>()
      var shared = Optional(source.share())
      let log = ShareLog<String>()
      let task = startLoggingConsumer(of: shared!, into: log)
      await time.settle()
      task.cancel()
      await task.value
      #expect(source.cancellationCount == 0)
      shared = nil
      await time.settle()
      #expect(source.cancellationCount == 1)
    }
  }

  @Test func theUpstreamIsCancelledWhenTheLastConsumerLeavesAfterTheSequenceWent() async throws {
    try await withVirtualTime { time throws in
      let source = AsyncTestSource<Int>()
      var shared = Optional(source.share())
      let log = ShareLog<String>()
      let task = Self.startConsuming(shared!.makeAsyncIterator(), into: log)
      shared = nil  // no new consumer can register; one is left
      await time.settle()
      source.send(1)
      await time.settle()
      #expect(source.cancellationCount == 0)
      #expect(log.values == ["1"])
      task.cancel()
      await time.settle()
      #expect(source.cancellationCount == 1)
      #expect(log.values == ["1", "|"])
      #expect(shared == nil)
    }
  }

  @Test func whileTheSequenceLivesTheUpstreamOutlivesItsLastConsumer() async throws {
    try await withVirtualTime { time throws in
      let source = AsyncTestSource<Int>()
      let shared = source.share(replay: 1)
      let first = ShareLog<String>()
      let firstTask = startLoggingConsumer(of: shared, into: first)
      await time.settle()
      source.send(1)
      await time.settle()
      firstTask.cancel()
      await firstTask.value
      source.send(2)  // no consumer: it only feeds the replay
      await time.settle()
      #expect(source.cancellationCount == 0)
      let second = ShareLog<String>()
      let secondTask = startLoggingConsumer(of: shared, into: second)
      await time.settle()
      source.send(3)
      source.finish()
      await secondTask.value
      #expect(first.values == ["1", "|"])
      #expect(second.values == ["2", "3", "|"])
      #expect(shared.replayedElementCount == 1)  // also keeps `shared` alive until here
    }
  }

  // MARK: Typed throws and isolation

  @Test func aNonThrowingUpstreamGivesANonThrowingSharedSequence() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let shared = stream.share(bufferingPolicy: .unbounded)
    var iterator = shared.makeAsyncIterator()
    continuation.yield(1)
    continuation.finish()
    #expect(await iterator.next() == 1)  // no `try`: the failure type is Never
    #expect(await iterator.next() == nil)
    #expect(AsyncShareSequence<AsyncStream<Int>>.Failure.self == Never.self)
  }

  @Test func anActorCanConsumeWithItsOwnIsolation() async throws {
    try await withVirtualTime { time throws in
      let source = AsyncTestSource<Int>()
      let shared = source.share()
      let collector = ShareCollector()
      let task = Task { try await collector.collect(shared) }
      await time.settle()
      for element in 1...3 { source.send(element) }
      source.finish()
      #expect(try await task.value == [1, 2, 3])
    }
  }
}

extension ShareTests {
  /// Starts one logging consumer per log; the tasks hold the only copies of `shared`.
  private static func startConsumers<Shared: AsyncSequence & Sendable>(
    of shared: Shared, logs: [ShareLog<String>]
  ) -> [Task<Void, Never>] where Shared.Element: Sendable {
    logs.map { startLoggingConsumer(of: shared, into: $0) }
  }

  /// Iterates an iterator made by the caller in a new task, logging like
  /// `startLoggingConsumer(of:into:)`.
  private static func startConsuming(
    _ iterator: sending AsyncShareSequence<AsyncTestSource<Int>>.Iterator,
    into log: ShareLog<String>
  ) -> Task<Void, Never> {
    Task {
      var iterator = iterator
      do {
        while let element = try await iterator.next() { log.append("\(element)") }
        log.append("|")
      } catch {
        log.append("^")
      }
    }
  }

  /// A fast consumer and a stalled one (registered, not reading until the upstream has ended).
  private func fastAndStalled(
    _ policy: AsyncShareBufferingPolicy, sending elements: ClosedRange<Int>
  ) async throws -> (fast: [String], stalled: [String]) {
    try await withVirtualTime { time throws in
      let source = AsyncTestSource<Int>()
      let shared = source.share(bufferingPolicy: policy)
      var stalled = shared.makeAsyncIterator()
      let fast = ShareLog<String>()
      let task = startLoggingConsumer(of: shared, into: fast)
      await time.settle()
      for element in elements {
        source.send(element)
        await time.settle()
      }
      source.finish()
      await time.settle()
      let stalledEvents = await drain(&stalled)
      await task.value
      return (fast.values, stalledEvents)
    }
  }
}

/// An actor that iterates a shared sequence on its own executor (`next(isolation:)`).
private actor ShareCollector {
  private var received: [Int] = []

  func collect(_ shared: AsyncShareSequence<AsyncTestSource<Int>>) async throws -> [Int] {
    for try await element in shared { received.append(element) }
    return received
  }
}
