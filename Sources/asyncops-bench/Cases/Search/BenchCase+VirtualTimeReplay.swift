import BrewSearch
import BrewSearchReplay

extension BenchCase {
  /// `virtual-time-replay`: the wall time of one whole virtual-time test of a `@MainActor` model —
  /// a typing script replayed on `MainActorBrewHistorySearchModel` and on
  /// `ObservationBrewHistorySearchModel` (each its own `withVirtualTime`, main-actor body). Each
  /// such test should take under 50 ms; that is a speed figure, so it lives here, not as a
  /// timed assertion in the tests (which check that 200 runs give identical timelines). One
  /// element = one replay; `p50Ms`, `p95Ms`, `maxMs` are per replay; every replay must give the
  /// first one's timeline.
  static let virtualTimeReplay = BenchCase(
    name: "virtual-time-replay",
    summary: "a typing script on the main-actor models on virtual time; ms per replay",
    size: 200, quickSize: 20, repetitions: 3,
    measure: { count in await runVirtualTimeReplays(count) })
}

/// The script of `MainActorSearchModelTests`' repeat test: a burst, a pause, a filter change.
private let virtualTimeScript = [
  (0, SearchInput.text("b")), (5, .text("br")), (30, .text("bri")), (60, .method(.pourOver)),
].map { TimedSearchInput(time: .milliseconds($0.0), input: $0.1) }

@inline(never)
private func runVirtualTimeReplays(_ count: Int) async -> RunOutcome {
  let clock = ContinuousClock()
  var latencies: [Double] = []
  var reference: [SearchTimeline]?
  var identical = 0
  for index in 0..<count {
    let start = clock.now
    let timelines = await replayOnMainActorModels()
    let elapsed = start.duration(to: clock.now)
    latencies.append(nanoseconds(elapsed) / 1e6)
    if index == 0 { reference = timelines }
    if timelines == reference && !timelines.isEmpty { identical += 1 }
  }
  return RunOutcome(
    elements: count, checksum: identical, expected: count,
    extraFields: [
      ("p50Ms", percentile(latencies, 0.50)), ("p95Ms", percentile(latencies, 0.95)),
      ("maxMs", latencies.max() ?? 0),
    ])
}

/// The two main-actor designs' timelines of the script, or `[]` when a replay failed.
private func replayOnMainActorModels() async -> [SearchTimeline] {
  do {
    let mainActor = try await ScriptedSession.runMainActor(
      virtualTimeScript, source: Brew.sampleHistory, debounce: .milliseconds(20))
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
      return [mainActor]
    }
    let observation = try await ScriptedSession.runObservation(
      virtualTimeScript, source: Brew.sampleHistory, debounce: .milliseconds(20))
    return [mainActor, observation]
  } catch {
    return []
  }
}
