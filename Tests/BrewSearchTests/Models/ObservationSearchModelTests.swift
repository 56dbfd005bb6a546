import AsyncOps
import AsyncOpsTesting
import BrewSearch
import BrewSearchReplay
import Foundation
import Synchronization
import Testing

/// ``ObservationBrewHistorySearchModel``: the inputs read through `Observations`. It must emit
/// what the channel design emits, except where a transaction coalesces several filter changes of
/// one instant into one pass (the design's one documented difference).
@Suite struct ObservationSearchModelTests {
  /// One input per instant: nothing to coalesce, so the timeline is the channel design's, exactly.
  @Test func typingScriptsGiveTheChannelDesignsTimeline() async throws {
    let script = timed([
      (0, .text("b")), (5, .text("br")), (30, .text("bri")), (60, .method(.pourOver)),
      (90, .rating(4)), (95, .text("")), (200, .source(Array(Brew.sampleHistory.prefix(3)))),
      (230, .text("j")),
    ])
    let pull = try await SearchEngineKind.pull.replay(
      script, source: Brew.sampleHistory, debounce: .milliseconds(20))
    let observed = try await SearchEngineKind.observation.replay(
      script, source: Brew.sampleHistory, debounce: .milliseconds(20))
    #expect(pull.filterPasses == 7)
    #expect(observed == pull, "\(observed.firstDifference(from: pull) ?? "")")
  }

  /// Three filter changes at one instant: the channel design searches after each (two
  /// half-applied combinations are shown for an instant); `Observations` sees one transaction.
  /// (The first pass comes when the initial text is debounced, at 20 ms, in every design.)
  @Test func filterChangesOfOneInstantAreOnePass() async throws {
    let script = timed([
      (30, .method(.pourOver)), (30, .rating(4)), (30, .source(Brew.sampleHistory)),
    ])
    let pull = try await SearchEngineKind.pull.replay(
      script, source: Brew.sampleHistory, debounce: .milliseconds(20))
    let observed = try await SearchEngineKind.observation.replay(
      script, source: Brew.sampleHistory, debounce: .milliseconds(20))
    #expect(pull.results.map(\.milliseconds) == [20, 30, 30, 30])
    #expect(observed.results.map(\.milliseconds) == [20, 30])
    #expect(observed.lastResults == pull.lastResults)
    #expect(observed.results.first == pull.results.first)
  }

  /// `@Observable` does not announce a set to an equal value, so `Observations` never sees it:
  /// typing the same text again does not restart the debounce, and re-selecting the same method
  /// searches nothing. The channel design takes every send as a new element.
  @Test func settingAnInputToItsCurrentValueIsNoChange() async throws {
    let script = timed([(0, .text("br")), (15, .text("br")), (40, .method(nil))])
    let pull = try await SearchEngineKind.pull.replay(
      script, source: Brew.sampleHistory, debounce: .milliseconds(20))
    let observed = try await SearchEngineKind.observation.replay(
      script, source: Brew.sampleHistory, debounce: .milliseconds(20))
    #expect(pull.results.map(\.milliseconds) == [35, 40])
    #expect(observed.results.map(\.milliseconds) == [20])
    #expect(observed.lastResults == pull.lastResults)
  }

  /// Seeded random scripts (bursts, pauses, several inputs at one instant, repeated values).
  /// Without its no-op sets (a value equal to the current one), a script gives the channel
  /// timeline with, at each instant, the passes of that instant's filter inputs folded into the
  /// last one; with them, the same observation timeline (no-op sets are invisible).
  @Test func randomScriptsAreTheChannelTimelineWithEachInstantsFilterPassesFolded() async throws {
    var mismatches: [String] = []
    var folded = 0
    var scriptsWithNoOps = 0
    for seed in 1...UInt64(300) {
      let script = RandomSearchScript.make(seed: seed)
      let changes = Self.withoutNoOpSets(script)
      if changes.count < script.count { scriptsWithNoOps += 1 }
      let pull = try await SearchEngineKind.pull.replay(
        changes, source: Brew.sampleHistory, debounce: .milliseconds(50))
      let observed = try await SearchEngineKind.observation.replay(
        script, source: Brew.sampleHistory, debounce: .milliseconds(50))
      let predicted = Self.foldingFilterPassesOfEachInstant(pull, script: changes)
      folded += pull.filterPasses - predicted.filterPasses
      if observed != predicted {
        let steps = script.map { "\($0.time) \(Self.describe($0.input))" }
        mismatches.append(
          "seed \(seed): \(observed.firstDifference(from: predicted) ?? "")\n"
            + "script: \(steps.joined(separator: "; "))")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(2).joined(separator: "\n"))")
    // Both differences are exercised, not only the agreement.
    #expect(folded > 20, "only \(folded) passes folded in 300 scripts")
    #expect(scriptsWithNoOps > 20, "only \(scriptsWithNoOps) scripts set an unchanged value")
  }

  /// `script` without the inputs that set a value equal to the current one.
  private static func withoutNoOpSets(_ script: [TimedSearchInput]) -> [TimedSearchInput] {
    var text = ""
    var method: BrewMethod?
    var rating = 0
    return script.filter { step in
      switch step.input {
      case .text(let new):
        defer { text = new }
        return new != text
      case .method(let new):
        defer { method = new }
        return new != method
      case .rating(let new):
        let clamped = min(max(new, 0), 5)
        defer { rating = clamped }
        return clamped != rating
      case .source: return true
      }
    }
  }

  /// What the observation design emits for `script` (no no-op sets), from the channel design's
  /// timeline: at each instant with filter inputs (method, rating, source), the channel design
  /// made one pass per input after the passes due then (the debounced text); a transaction makes
  /// one.
  private static func foldingFilterPassesOfEachInstant(
    _ pull: SearchTimeline, script: [TimedSearchInput]
  ) -> SearchTimeline {
    var filterInputs: [Duration: Int] = [:]
    for step in script {
      if case .text = step.input { continue }
      filterInputs[step.time, default: 0] += 1
    }
    var predicted = pull
    predicted.results = []
    var index = pull.results.startIndex
    while index < pull.results.endIndex {
      let instant = pull.results[index].time
      let end = pull.results[index...].firstIndex { $0.time != instant } ?? pull.results.endIndex
      let atInstant = pull.results[index..<end]
      let inputs = min(filterInputs[instant] ?? 0, atInstant.count)
      predicted.results += atInstant.dropLast(inputs)
      if inputs > 0, let last = atInstant.last { predicted.results.append(last) }
      index = end
    }
    return predicted
  }

  /// An input, short: a source is its brew count, not its brews.
  private static func describe(_ input: SearchInput) -> String {
    if case .source(let brews) = input { return "source(\(brews.count) brews)" }
    return "\(input)"
  }

  @Test func runsRepeat200TimesWithIdenticalTimelines() async throws {
    let script = timed([
      (0, .text("b")), (5, .text("br")), (30, .text("bri")), (60, .method(.pourOver)),
      (60, .rating(3)),
    ])
    let first = try await SearchEngineKind.observation.replay(
      script, source: Brew.sampleHistory, debounce: .milliseconds(20))
    var mismatches = 0
    for _ in 0..<200 {
      let again = try await SearchEngineKind.observation.replay(
        script, source: Brew.sampleHistory, debounce: .milliseconds(20))
      if again != first { mismatches += 1 }
    }
    #expect(first.results.map(\.milliseconds) == [25, 50, 60])
    #expect(mismatches == 0)
    // Wall time per run: `asyncops-bench virtual-time-replay` (see MainActorSearchModelTests).
  }

  @Test func aSecondRunReturnsAtOnceAndACancelledRunHandsOver() async throws {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
    let seen = try await withVirtualTime { @MainActor time in
      let model = ObservationBrewHistorySearchModel(
        debounce: .milliseconds(20), clock: time.clock)
      model.updateSource(Brew.sampleHistory)
      var seen: [String] = []
      model.onFilterApplied = { seen.append("\(time.now.offset): \(model.filteredBrews.count)") }
      let first = Task { await model.run() }
      await time.advance(by: .milliseconds(20))  // the initial text, debounced
      await model.run()  // another run while the first owns the model: returns at once
      model.searchText = "citrus"
      first.cancel()
      await first.value
      await time.advance(by: .milliseconds(20))  // the cancelled run published nothing
      seen.append("handover")
      let second = Task { await model.run() }
      await time.advance(by: .milliseconds(20))  // the new run starts from the current inputs
      second.cancel()
      await second.value
      return seen
    }
    let citrus = Brew.sampleHistory.filter(BrewQuery(text: "citrus").matches).count
    #expect(
      seen == [
        "0.02 seconds: \(Brew.sampleHistory.count)", "handover", "0.06 seconds: \(citrus)",
      ])
  }

  @Test func ratingIsClampedLikeTheOtherDesigns() async throws {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
    await MainActor.run {
      let model = ObservationBrewHistorySearchModel()
      model.minimumRating = 9
      #expect(model.minimumRating == 5)
      model.minimumRating = -2
      #expect(model.minimumRating == 0)
    }
  }
}
