import AsyncOps
import AsyncOpsTesting
import Synchronization
import Testing

// The sample of "Repeating Timers" (AsyncOps.docc/Timer.md), verbatim.
func refreshEverySecond(
  clock: some Clock<Duration>, refresh: @Sendable () async -> Void
) async {
  for await _ in AsyncTimerSequence.repeating(every: .seconds(1), clock: clock) {
    await refresh()
  }
}

/// Every code sample and rule of AsyncOps.docc/Timer.md.
@Suite struct TimerArticleTests {
  @Test func theSampleRefreshesOnEveryTick() async throws {
    let refreshes = try await withVirtualTime { time in
      let count = Mutex(0)
      let refreshing = Task {
        await refreshEverySecond(clock: time.clock) { count.withLock { $0 += 1 } }
      }
      await time.advance(by: .milliseconds(3_500))
      refreshing.cancel()
      await refreshing.value
      return count.withLock { $0 }
    }
    #expect(refreshes == 3)
  }

  @Test func aLateConsumerGetsOneTickThenTheGrid() async throws {
    let ticks = try await withVirtualTime { time in
      var iterator = AsyncTimerSequence(interval: .milliseconds(10), clock: time.clock)
        .makeAsyncIterator()
      var ticks = [await iterator.next()]
      try? await time.clock.sleep(for: .milliseconds(25))
      ticks.append(await iterator.next())
      ticks.append(await iterator.next())
      return ticks.map { $0.map { $0.offset / .milliseconds(1) } }
    }
    #expect(ticks == [10, 35, 40])
  }

  @Test func theDiagramTicksOnTheGridUntilTheInputEnds() async throws {
    try await expectMarbles(["----------|"], "---x--x--x|") { inputs, clock in
      AsyncThrowingStream<String, any Error> { continuation in
        let ticking = Task {
          for await _ in AsyncTimerSequence(interval: .milliseconds(3), clock: clock) {
            continuation.yield("x")
          }
        }
        let ending = Task {
          do {
            for try await _ in inputs[0] {}
            continuation.finish()
          } catch {
            continuation.finish(throwing: error)
          }
          ticking.cancel()
        }
        continuation.onTermination = { _ in
          ticking.cancel()
          ending.cancel()
        }
      }
    }
  }
}
