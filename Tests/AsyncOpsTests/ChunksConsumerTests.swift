import AsyncOpsTesting
import Synchronization
import Testing

@testable import AsyncOps

private let chunksConsumerJoined: @Sendable ([String]) -> String = { $0.joined() }

/// `chunks(ofCount:or:)` / `chunked(by:)` with consumers written by hand: cancellation, dropped
/// iterators, the signal's own end, and a stress run on real threads.
@Suite struct ChunksConsumerTests {
  @Test(arguments: [false, true])
  func cancellingTheConsumerStopsTheBaseAndTheTimerAtOnce(whileParked: Bool) async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let chunks = source.chunks(
        ofCount: 1, or: .repeating(every: .milliseconds(10), clock: time.clock))
      let storage = WeakWatch()
      let consumer = Task {
        var iterator = chunks.makeAsyncIterator()
        storage.watch(iterator.lifetime.storage)
        var received: [[String]] = []
        while let chunk = try await iterator.next() {
          received.append(chunk)
          if whileParked { try? await time.clock.sleep(for: .seconds(1)) }
        }
        return received
      }
      await time.settle()
      source.send("a")
      source.send("b")  // while parked: cut, waiting; the base reader parks
      await time.advance(by: .milliseconds(3))
      consumer.cancel()
      let received = try await consumer.value
      #expect(received == (whileParked ? [["a"]] : [["a"], ["b"]]))
      await time.settle()
      #expect(time.clock.sleeperCount == 0)
      #expect(source.liveIteratorCount == 0)
      #expect(!storage.isAlive)
      #expect(time.now == .zero.advanced(by: .milliseconds(3)))
    }
  }

  @Test func twoCopiesOfOneIteratorWaitingAtOnceStopTheProcess() async {
    await #expect(processExitsWith: .failure) {
      try await withVirtualTime { time in
        let source = AsyncTestSource<String>()
        nonisolated(unsafe) let iterator = source.chunks(
          ofCount: 2, or: .repeating(every: .seconds(1), clock: time.clock)
        ).makeAsyncIterator()
        for _ in 0..<2 {
          Task {
            var copy = iterator
            _ = try await copy.next()
          }
          await time.settle()
        }
      }
    }
  }

  @Test func droppingTheIteratorStopsTheReaders() async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let signal = AsyncTestSource<String>()
      let consumer = Task {
        for try await chunk in source.chunked(by: signal) { return chunk }
        return []
      }
      await time.settle()
      source.send("a")
      signal.send("x")
      let received = try await consumer.value
      #expect(received == ["a"])
      await time.settle()
      #expect(source.liveIteratorCount == 0)
      #expect(signal.liveIteratorCount == 0)
    }
  }

  @Test func theBaseFinishingStopsTheTimer() async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let consumer = Task {
        var chunks: [[String]] = []
        for try await chunk in source.chunked(by: .repeating(every: .seconds(1), clock: time.clock))
        {
          chunks.append(chunk)
        }
        return chunks
      }
      await time.settle()
      source.send("a")
      source.finish()
      let received = try await consumer.value
      #expect(received == [["a"]])
      await time.settle()
      #expect(time.clock.sleeperCount == 0)
      #expect(time.now == .zero)
    }
  }

  @Test func theSignalsEndLeavesTheCountAndTheEndCutting() async throws {
    try await expectMarbles(["abc-de|", "-|"], "-'ab'--'cd'-[e|]", render: chunksConsumerJoined) {
      inputs, _ in inputs[0].chunks(ofCount: 2, or: inputs[1])
    }
  }

  @Test func theSignalsFailureOnlyEndsTheSignalling() async throws {
    try await expectMarbles(["abc-de|", "-^"], "-'ab'--'cd'-[e|]", render: chunksConsumerJoined) {
      inputs, _ in inputs[0].chunks(ofCount: 2, or: inputs[1])
    }
  }

  /// Real threads, no clock: a base of `elementCount` integers and a signal ticking concurrently;
  /// some consumers cancel themselves after a seeded number of chunks. Whatever the interleaving,
  /// the chunks concatenate to a prefix of the base (the whole base when not cancelled): nothing
  /// is lost, repeated or reordered, and no chunk is empty or larger than the count.
  @Test func stressCountOrSignalLosesAndRepeatsNothingEvenWhenCancelled() async {
    let elementCount = 500
    let count = 7
    var seed: UInt64 = 0x5EED_C4A7
    for round in 0..<60 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let cancelAfter: Int? = round.isMultiple(of: 2) ? nil : Int(seed >> 33) % 60
      let (base, baseInput) = AsyncStream<Int>.makeStream()
      let (signal, signalInput) = AsyncStream<Void>.makeStream()
      let consumer = Task {
        var chunks: [[Int]] = []
        for await chunk in base.chunks(ofCount: count, or: signal) {
          chunks.append(chunk)
          if let cancelAfter, chunks.count == cancelAfter {
            withUnsafeCurrentTask { $0?.cancel() }
          }
        }
        return chunks
      }
      let producer = Task {
        for value in 0..<elementCount {
          baseInput.yield(value)
          if value.isMultiple(of: 5) { await Task.yield() }
        }
        baseInput.finish()
      }
      let ticker = Task {
        for _ in 0..<200 {
          signalInput.yield()
          await Task.yield()
        }
        signalInput.finish()
      }
      let chunks = await consumer.value
      await producer.value
      await ticker.value
      let flat = chunks.flatMap { $0 }
      #expect(flat == Array(0..<flat.count), "round \(round)")
      #expect(chunks.allSatisfy { (1...count).contains($0.count) }, "round \(round)")
      if cancelAfter == nil {
        #expect(flat.count == elementCount, "round \(round)")
      } else {
        #expect(chunks.count <= cancelAfter!, "round \(round)")
      }
    }
  }
}
