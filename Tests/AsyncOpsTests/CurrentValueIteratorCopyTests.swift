import AsyncOps
import AsyncOpsTesting
import Testing

/// Copies of one `AsyncCurrentValue` iterator share a consumer id, so
/// cancelling the wait of one copy must not end the wait of another.
@Suite struct CurrentValueIteratorCopyTests {
  @Test func cancellingOneCopysWaitLeavesTheOtherCopyWaiting() async throws {
    try await withVirtualTime { time in
      let channel = AsyncCurrentValue(0)
      var iterator = channel.makeAsyncIterator()
      _ = await iterator.next()  // the current value: both copies now wait for the next one
      // Copies of a non-Sendable iterator in two tasks: the misuse the test is about.
      nonisolated(unsafe) let first = iterator
      nonisolated(unsafe) let second = iterator
      let firstWait = Task {
        var copy = first
        return await copy.next()
      }
      await time.settle()
      let secondWait = Task {
        var copy = second
        return await copy.next()
      }
      await time.settle()
      secondWait.cancel()
      #expect(await secondWait.value == nil)
      channel.send(5)
      #expect(await firstWait.value == 5, "the first copy still waited, and gets the next value")
    }
  }
}
