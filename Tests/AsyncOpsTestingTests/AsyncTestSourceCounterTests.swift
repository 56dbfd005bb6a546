import AsyncOps
import Testing

@testable import AsyncOpsTesting

/// `AsyncTestSource`'s counters mean what their docs say.
@Suite struct AsyncTestSourceCounterTests {
  @Test func aDroppedIteratorIsNoLongerLive() {
    let source = AsyncTestSource<String>()
    var iterator: AsyncTestSource<String>.Iterator? = source.makeAsyncIterator()
    var copy = iterator
    #expect(source.liveIteratorCount == 1)
    iterator = nil
    #expect(source.liveIteratorCount == 1, "a copy still lives")
    copy = nil
    #expect(source.liveIteratorCount == 0)
    _ = (iterator, copy)
  }

  /// What `cancellationCount` says it counts: a read in a cancelled task ends the consumer even
  /// with an element ready, and is counted once; the ended iterator is no longer live.
  @Test func aReadInACancelledTaskEndsTheConsumerAndIsCountedOnce() async throws {
    let source = AsyncTestSource<String>()
    source.send("a")
    let read = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var iterator = source.makeAsyncIterator()
      let first = try await iterator.next()
      let second = try await iterator.next()
      return [first, second]
    }
    #expect(try await read.value == [nil, nil])
    #expect(source.cancellationCount == 1)
    #expect(source.liveIteratorCount == 0)
  }

  /// As for `TestClock`: a cancellation handler that runs after its read was already answered
  /// leaves no mark behind.
  @Test func aCancellationAfterTheReadWasAnsweredLeavesNoMark() async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let reader = Task {
        var iterator = source.makeAsyncIterator()
        return try await iterator.next()
      }
      await time.settle()
      #expect(source.waitingCount == 1)
      source.send("a")  // answers the read; the reader's task has not run yet
      reader.cancel()
      let value = try await reader.value
      #expect(value == "a")
      #expect(source.pendingCancellationMarkCount == 0)
      #expect(source.cancellationCount == 0)
    }
  }
}
