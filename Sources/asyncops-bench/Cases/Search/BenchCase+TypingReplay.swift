import BrewSearch

extension BenchCase {
  /// The word typed by the typing replay, one letter per key.
  static let typedWord = "jasmine"
  /// The non-ASCII word typed by the `-nonascii` variants (a place name of the generated notes).
  static let typedNonASCIIWord = "Bogotá"
  /// The typing replay's pace and debounce: real speed on the `ContinuousClock`.
  static let keyInterval = Duration.milliseconds(80)
  /// See ``keyInterval``.
  static let typingDebounce = Duration.milliseconds(300)
  /// Typing sessions measured in the one run of the replay.
  static let typingSessions = 20

  /// `typing-replay-1m`: a `BrewHistorySearchModel` (real `ContinuousClock`, 300 ms debounce,
  /// the default indexed filter) over `N` generated brews, running for the whole case. Each
  /// session types "jasmine" one key every 80 ms into the empty text, then clears the text and
  /// waits for that to be published. The latency is from the debounce deadline (the last key + 300 ms) to the
  /// `onFilterApplied` callback of the pass that published the "jasmine" results; `p50Ms` and
  /// `p95Ms` are over the sessions. One element = one session; every session must publish
  /// exactly the brews the index finds for "jasmine".
  static let typingReplay = typingReplay(name: "typing-replay-1m", typing: typedWord)

  /// `typing-replay-1m-nonascii`: `typing-replay-1m` typing ``typedNonASCIIWord``.
  static let typingReplayNonASCII = typingReplay(
    name: "typing-replay-1m-nonascii", typing: typedNonASCIIWord)

  /// The typing replay typing `word`.
  static func typingReplay(name: String, typing word: String) -> BenchCase {
    BenchCase(
      name: name,
      summary: "type \"\(word)\" at 80 ms/key, 300 ms debounce, N brews; p50/p95 debounce→publish",
      size: 1_000_000, quickSize: 10_000, repetitions: 1, warmups: 0,
      prepare: { count in
        let brews = BrewGenerator(seed: 1).brews(count: count)
        let expected = BrewQuery(text: word).filter(brews).count
        // As `brew-search` runs it: indexed up front, each key searched ahead of the debounce.
        let prefetcher = BrewSearchPrefetcher()
        prefetcher.prepare(brews)
        let model = BrewHistorySearchModel(
          debounce: typingDebounce, clock: ContinuousClock(), filter: prefetcher.filter)
        let log = PublishLog()
        model.onFilterApplied = { [unowned model] in
          log.record(.init(instant: ContinuousClock.now, count: model.filteredBrews.count))
        }
        model.updateSource(brews)
        let running = ModelRun(Task { await model.run() })
        // The first pass (empty text: every brew) builds the index.
        _ = await log.next(publishing: count)
        // Each repetition types into the same running model (`--repetitions` runs the body
        // more than once): the model stops when the body is released, not after its first run.
        return {
          await typeSessions(
            model, prefetcher, log, word: word, brews: count, expected: expected, while: running)
        }
      })
  }
}

/// The model's `run()` task, cancelled when the case's body (which holds this) is released.
private final class ModelRun: Sendable {
  let task: Task<Void, Never>

  init(_ task: Task<Void, Never>) {
    self.task = task
  }

  deinit {
    task.cancel()
  }
}

/// Runs the typing sessions; the outcome counts the sessions that published the right brews.
private func typeSessions(
  _ model: BrewHistorySearchModel, _ prefetcher: BrewSearchPrefetcher, _ log: PublishLog,
  word: String, brews: Int, expected: Int, while running: ModelRun
) async -> RunOutcome {
  precondition(!running.task.isCancelled, "typing into a model that no longer runs")
  let clock = ContinuousClock()
  var latencies: [Double] = []
  var skipped = 0
  for _ in 0..<BenchCase.typingSessions {
    // Each session starts from an empty, published text (the debounced text is de-duplicated,
    // so "jasmine" twice in a row would publish nothing the second time).
    let start = clock.now
    var lastKey = start
    for length in 1...word.count {
      try? await clock.sleep(until: start + BenchCase.keyInterval * (length - 1))
      let text = String(word.prefix(length))
      model.searchText = text
      prefetcher.prefetch(BrewQuery(text: text))
      lastKey = clock.now
    }
    let (published, skippedNow) = await log.next(publishing: expected)
    skipped += skippedNow
    let deadline = lastKey + BenchCase.typingDebounce
    latencies.append(nanoseconds(deadline.duration(to: published.instant)) / 1e6)
    model.searchText = ""
    prefetcher.prefetch(BrewQuery())
    skipped += await log.next(publishing: brews).skipped
  }
  let sessions = latencies.count
  return RunOutcome(
    elements: sessions, checksum: sessions, expected: BenchCase.typingSessions,
    extraFields: [
      ("p50Ms", percentile(latencies, 0.50)), ("p95Ms", percentile(latencies, 0.95)),
      ("p99Ms", percentile(latencies, 0.99)),
      ("maxMs", latencies.max() ?? 0), ("matches", Double(expected)),
      ("sessions", Double(sessions)), ("otherPublishes", Double(skipped)),
    ])
}

/// The nearest-rank percentile `fraction` (0...1) of `values`; 0 when empty.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return 0 }
  let rank = Int((fraction * Double(sorted.count)).rounded(.up))
  return sorted[min(max(rank, 1), sorted.count) - 1]
}
