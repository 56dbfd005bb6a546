import BrewSearch

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
      return {
        let start = clock.now
        let result = try await index.search(query)
        let elapsed = nanoseconds(start.duration(to: clock.now))
        return RunOutcome(
          elements: count, checksum: result.count, expected: expected,
          extraFields: [
            ("matches", Double(result.count)), ("speedup", naiveNanoseconds / elapsed),
            ("passMs", elapsed / 1e6), ("dataBytes", Double(dataBytes)),
            ("indexBytes", Double(indexBytes)), ("memoryRatio", memoryRatio),
          ])
      }
    })
}

/// `duration` in nanoseconds.
func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}
