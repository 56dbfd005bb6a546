import AsyncOps
import AsyncOpsTesting
import MarbleNotation

extension PullMarbles {
  /// `share:T1,T2-L2,...[:replay=R][:stop=D]` on the pull engine: without `stop=`, `share(replay:)`
  /// of the hot input; with it, `share(replay:stoppingAfter:clock:)` of the input played cold,
  /// from its first tick at each run of the upstream (StoppingAfter rule 1).
  static func shareWithLeavesMarbles(
    _ inputs: [String], tick: Duration, consumers: [Int], leaves: [Int?], replay: Int, stop: Int?
  ) async throws -> [MarbleTimeline] {
    guard let stop else {
      return try await recordMarbles(inputs, tick: tick, consumers: consumers, leaves: leaves) {
        sources, _ in sources[0].share(replay: replay)
      }
    }
    let runs = try inputs.map { marble throws(MarbleSyntaxError) in
      try MarbleTimeline(parsing: marble)
    }
    return try await recordMarbles(
      [], tick: tick, consumers: consumers, leaves: leaves, drainTicks: 10_000 + stop
    ) { _, clock in
      // Half a tick in: a consumer registered at a tick receives that tick's event.
      ColdMarbleSource(runs: runs, clock: clock, tick: tick, offset: tick / 2)
        .share(replay: replay, stoppingAfter: tick * stop, clock: clock)
    }
  }
}
