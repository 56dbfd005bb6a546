import AsyncOps
import AsyncOpsTesting
import Testing

/// Two copies of one iterator waiting at once is the same programming error for every operator,
/// and every operator stops on it with a precondition failure (share does not store the second
/// waiter over the first, which would leave the first continuation never resumed).
@Suite struct IteratorMisuseTests {
  @Test func shareStopsWhenTwoCopiesOfOneIteratorWait() async {
    await #expect(processExitsWith: .failure) {
      try await withVirtualTime { time in
        let source = AsyncTestSource<String>()
        let iterator = source.share().makeAsyncIterator()
        for _ in 0..<2 {
          Task {
            var copy = iterator
            _ = try await copy.next()
          }
        }
        await time.settle()
      }
    }
  }

  @Test func debounceStopsWhenTwoCopiesOfOneIteratorWait() async {
    await #expect(processExitsWith: .failure) {
      try await withVirtualTime { time in
        let source = AsyncTestSource<String>()
        nonisolated(unsafe) let iterator =
          source.debounce(for: .seconds(1), clock: time.clock).makeAsyncIterator()
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

  @Test func combineLatestStopsWhenTwoCopiesOfOneIteratorWait() async {
    await #expect(processExitsWith: .failure) {
      try await withVirtualTime { time in
        let first = AsyncTestSource<String>()
        let second = AsyncTestSource<String>()
        nonisolated(unsafe) let iterator = combineLatest(first, second).makeAsyncIterator()
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
}
