import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Share rule 3: the replay is treated as if it had been
/// buffered for the new consumer, so a dropping policy trims it at registration.
@Suite struct ShareReplayTrimTests {
  typealias Machine = ShareStateMachine<String, Never, String, String>

  /// The replay of `replay` elements `a`…, under `policy`, as a new consumer receives it.
  private func replayReceived(replay: Int, _ policy: AsyncShareBufferingPolicy) -> [String] {
    var machine = Machine(replay: replay, policy: policy)
    var resumed: [String] = []
    for element in ["a", "b", "c", "d"] {
      _ = machine.upstreamProduced(element, run: 0, resuming: &resumed)
    }
    let consumer = machine.register()
    var received: [String] = []
    while case .element(let element, _) = machine.next(consumer: consumer) {
      received.append(element)
    }
    return received
  }

  @Test func bufferingNewestKeepsTheNewestOfTheReplay() {
    #expect(replayReceived(replay: 3, .bufferingNewest(2)) == ["c", "d"])
    #expect(replayReceived(replay: 3, .bufferingLatest(2)) == ["c", "d"])
  }

  @Test func bufferingOldestKeepsTheOldestOfTheReplay() {
    #expect(replayReceived(replay: 3, .bufferingOldest(2)) == ["b", "c"])
  }

  @Test func aDroppingLimitOfZeroDropsTheWholeReplay() {
    #expect(replayReceived(replay: 3, .bufferingNewest(0)).isEmpty)
    #expect(replayReceived(replay: 3, .bufferingOldest(0)).isEmpty)
  }

  @Test func losslessPoliciesKeepTheWholeReplay() {
    #expect(replayReceived(replay: 3, .bounded(1)) == ["b", "c", "d"])
    #expect(replayReceived(replay: 3, .bounded(0)) == ["b", "c", "d"])
    #expect(replayReceived(replay: 3, .unbounded) == ["b", "c", "d"])
  }

  /// End to end: a late consumer of a finished upstream gets the trimmed replay, then the end.
  @Test func aLateConsumerGetsTheTrimmedReplayThenTheEnd() async throws {
    try await withVirtualTime { time in
      let source = AsyncTestSource<String>()
      let shared = source.share(replay: 3, bufferingPolicy: .bufferingNewest(2))
      let first = Task { try await shared.reduce(into: []) { $0.append($1) } }
      for element in ["a", "b", "c", "d"] {
        source.send(element)
        await time.settle()
      }
      source.finish()
      let firstReceived = try await first.value
      #expect(firstReceived == ["a", "b", "c", "d"])
      var late = shared.makeAsyncIterator()
      var lateReceived: [String] = []
      while let element = try await late.next() { lateReceived.append(element) }
      #expect(lateReceived == ["c", "d"])
    }
  }
}
