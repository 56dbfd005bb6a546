import AsyncOps
import AsyncOpsTesting
import Synchronization
import Testing

/// Every code sample of "Testing time-based code with virtual time"
/// (AsyncOpsTesting.docc/TestingWithVirtualTime.md), verbatim, each run as a test.
@Suite struct VirtualTimeArticleTests {
  // The worked example: the source article's test, on virtual time.
  @Test("rapid keystrokes settle into a single filter pass, not one per character")
  func debounceCollapsesRapidTyping() async throws {
    try await withVirtualTime { time in
      let filterPasses = Atomic(0)
      let model = BrewHistorySearch(onFilterApplied: {
        filterPasses.add(1, ordering: .relaxed)
      })
      model.allBrews.send([
        Brew(method: .filter, rating: 5, notes: "bright, fruity, the good batch")
      ])
      let search = Task { await model.run(debounce: .milliseconds(20), clock: time.clock) }

      for partial in ["b", "br", "bri", "brig", "bright"] {
        model.searchText.value = partial
        await time.advance(by: .milliseconds(5))
      }
      // "bright" was typed at 20 ms; its debounce deadline is 40 ms. Time is now 25 ms.
      await time.advance(by: .milliseconds(14))
      let passesAt39Milliseconds = filterPasses.load(ordering: .relaxed)
      #expect(passesAt39Milliseconds == 0)
      await time.advance(by: .milliseconds(1))
      let passesAt40Milliseconds = filterPasses.load(ordering: .relaxed)
      #expect(passesAt40Milliseconds == 1)
      #expect(model.filteredBrews.value.count == 1)

      search.cancel()
      await search.value
    }
  }

  @Test func advanceSettleAndRunUntilIdle() async throws {
    try await withVirtualTime { time in
      let clock = time.clock
      let woke = Atomic(false)
      let sleeper = Task {
        try await clock.sleep(for: .seconds(10))
        woke.store(true, ordering: .relaxed)
      }
      await time.settle()  // the sleeper runs up to its sleep; time is still 0
      #expect(clock.sleeperCount == 1)

      await time.advance(by: .seconds(9))  // not due yet
      let wokeAtNineSeconds = woke.load(ordering: .relaxed)
      #expect(!wokeAtNineSeconds)

      try await time.runUntilIdle()  // moves to 10 s, runs the sleeper to its end
      let wokeAtTenSeconds = woke.load(ordering: .relaxed)
      #expect(wokeAtTenSeconds)
      #expect(time.now == .zero.advanced(by: .seconds(10)))
      try await sleeper.value
    }
  }

  @Test func aBodyThatWaitsForeverFailsInsteadOfHanging() async throws {
    let error = await #expect(throws: VirtualTimeError.self) {
      try await withVirtualTime { _ in
        let neverSent = AsyncTestSource<Int>()
        for try await _ in neverSent {}  // a bug in the test: nothing will ever send
      }
    }
    guard case .stalled = error else {
      Issue.record("expected a stall, got \(String(describing: error))")
      return
    }
  }

  @Test func debounceKeepsTheLastOfABurst() async throws {
    try await expectMarbles(["abcd----e---f-g----|"], "------d----e-----g-|") { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
  }

  @Test func eachConsumerOfADebouncedSequenceHasItsOwnTimer() async throws {
    let outputs = try await recordMarbles(["ab----c----|"], consumers: [0, 4]) { inputs, clock in
      inputs[0].debounce(for: .milliseconds(3), clock: clock)
    }
    #expect(outputs.map(\.description) == ["----b----c-|", "---------c-|"])
  }

  @Test func debounceCancelsItsUpstreamWhenTheConsumerIsCancelled() async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>(name: "keystrokes")
      let consumer = Task {
        for try await _ in source.debounce(for: .milliseconds(20), clock: time.clock) {}
      }
      source.send("b")
      await time.settle()
      #expect(source.waitingCount == 1)  // the debounce is reading its upstream

      consumer.cancel()
      await time.settle()
      #expect(source.cancellationCount == 1)
      #expect(source.liveIteratorCount == 0)
      #expect(time.clock.sleeperCount == 0)  // and its timer is gone
    }
  }
}
