@_spi(Benchmark) import BrewSearch
import Synchronization

extension BenchCase {
  /// The text searched by the search cases: a tasting note in about 7 % of generated brews.
  static let searchText = "jasmine"

  /// `search-naive-1m`: one pass of the article's filter, `BrewQuery.filter`
  /// (`localizedCaseInsensitiveContains` per brew), over `N` generated brews; per brew. Every run
  /// must find as many brews as `BrewSearchIndex`.
  static let searchNaive = BenchCase(
    name: "search-naive-1m",
    summary: "BrewQuery.filter (naive) over N generated brews, one full pass; per brew",
    size: 1_000_000, quickSize: 10_000, repetitions: 3, warmups: 0,
    prepare: { count in
      let brews = BrewGenerator(seed: 1).brews(count: count)
      let query = BrewQuery(text: searchText)
      let expected = BrewSearchIndex(brews).searchSynchronously(query).count
      return {
        let matches = query.filter(brews).count
        return RunOutcome(
          elements: count, checksum: matches, expected: expected,
          extraFields: [("matches", Double(matches))])
      }
    })

  /// `search-1m`: one full pass of `BrewSearchIndex.search` over the same brews; per brew. The
  /// index is built in `prepare` (untimed) but counted in the case's peak memory. `prepare` also
  /// runs (and times) one naive pass: every run must find exactly as many brews, and `speedup`
  /// is the naive pass's time over this run's. `dataBytes` is the resident memory the brews take,
  /// `indexBytes` what the index adds, `memoryRatio` their sum over the data.
  ///
  /// Each repetition measures a pair, each half starting with the text out of the cache (a
  /// buffer larger than the last-level cache is read first, untimed), as a pass after a pause
  /// in typing finds it: one core reading the whole text once, as `scan-limit-1m` does
  /// (`scanLimitMs`), then the pass. `passOverScanLimit` is the pass over that read, per
  /// repetition, so a change in the machine's speed between two cases cannot decide the ratio.
  /// Only the pass is timed; the `cpu` figure covers the whole repetition.
  static let search = BenchCase(
    name: "search-1m",
    summary: "BrewSearchIndex.search, one full parallel pass over N brews; per brew",
    size: 1_000_000, quickSize: 10_000, repetitions: 5,
    prepare: { count in
      let (dataBytes, brews) = ResidentMemory.growth { BrewGenerator(seed: 1).brews(count: count) }
      let query = BrewQuery(text: searchText)
      let clock = ContinuousClock()
      let naiveStart = clock.now
      let expected = query.filter(brews).count
      let naiveNanoseconds = nanoseconds(naiveStart.duration(to: clock.now))
      let (indexRSS, index) = ResidentMemory.growth { BrewSearchIndex(brews) }
      let indexBytes = max(indexRSS, index.indexSizeInBytes)
      let memoryRatio = Double(dataBytes + indexBytes) / Double(max(dataBytes, 1))
      let cacheFlush = CacheFlush()
      return {
        cacheFlush.run()
        let readStart = clock.now
        let absent = index.countTextBytes(equalTo: 0xFF)
        let read = nanoseconds(readStart.duration(to: clock.now))
        cacheFlush.run()
        let start = clock.now
        let result = try await index.search(query)
        let elapsed = nanoseconds(start.duration(to: clock.now))
        var outcome = RunOutcome(
          elements: count, checksum: result.count + absent, expected: expected,
          extraFields: [
            ("matches", Double(result.count)), ("speedup", naiveNanoseconds / elapsed),
            ("passMs", elapsed / 1e6), ("scanLimitMs", read / 1e6),
            ("passOverScanLimit", elapsed / read), ("dataBytes", Double(dataBytes)),
            ("indexBytes", Double(indexBytes)), ("memoryRatio", memoryRatio),
          ])
        outcome.timedNanoseconds = elapsed
        return outcome
      }
    })
}

/// `duration` in nanoseconds.
func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// A buffer larger than this machine's last-level cache, read once to push everything else out of
/// it (what a pass finds after the user paused typing and the machine did other work).
final class CacheFlush: Sendable {
  /// 64 MiB: twice the 32 MiB L3 of the machines these runs are made on.
  private let bytes = [UInt64](repeating: 1, count: 8 << 20)

  /// Where each read's sum goes, so that the optimiser cannot drop the read.
  private let sink = Atomic<UInt64>(0)

  /// Reads every cache line of the buffer.
  func run() {
    let sum = bytes.withUnsafeBufferPointer { words in
      var sum: UInt64 = 0
      for index in stride(from: 0, to: words.count, by: 8) { sum &+= words[index] }
      return sum
    }
    sink.store(sum, ordering: .relaxed)
  }
}
