@_spi(Testing) import AsyncOps
import AsyncOpsTesting
import Testing

/// Memory stays bounded by the buffering policy: buffered elements are counted, not RSS.
@Suite struct ShareMemoryTests {
  @Test(arguments: [
    AsyncShareBufferingPolicy.bounded(2), .bounded(5), .bufferingNewest(3), .bufferingOldest(3),
  ])
  func bufferedElementsStayWithinThePolicyLimit(policy: AsyncShareBufferingPolicy) async throws {
    let limit =
      switch policy {
      case .bounded(let limit), .bufferingNewest(let limit), .bufferingOldest(let limit): limit
      case .unbounded: Int.max
      }
    let largest = try await largestBufferWithAStalledConsumer(policy, replay: 2, elements: 200)
    #expect(largest.buffered == limit)
    #expect(largest.replay == 2)
  }

  @Test func unboundedBuffersGrowWithTheLagOfAStalledConsumer() async throws {
    let largest = try await largestBufferWithAStalledConsumer(.unbounded, replay: 0, elements: 200)
    #expect(largest.buffered == 200)
    #expect(largest.replay == 0)
  }

  /// Sends `elements` one at a time past a stalled and a fast consumer, reading the stalled one
  /// only at the end; returns the largest buffer and replay seen along the way.
  private func largestBufferWithAStalledConsumer(
    _ policy: AsyncShareBufferingPolicy, replay: Int, elements: Int
  ) async throws -> (buffered: Int, replay: Int) {
    try await withVirtualTime { time throws in
      let source = AsyncTestSource<Int>()
      let shared = source.share(replay: replay, bufferingPolicy: policy)
      var stalled = shared.makeAsyncIterator()
      let task = startLoggingConsumer(of: shared, into: ShareLog<String>())
      var largest = (buffered: 0, replay: 0)
      for element in 0..<elements {
        source.send(element)
        await time.settle()
        largest.buffered = max(largest.buffered, shared.bufferedElementCounts.max() ?? 0)
        largest.replay = max(largest.replay, shared.replayedElementCount)
      }
      source.finish()
      _ = await drain(&stalled)
      await task.value
      return largest
    }
  }
}
