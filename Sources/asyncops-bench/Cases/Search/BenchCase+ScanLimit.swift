@_spi(Benchmark) import BrewSearch

extension BenchCase {
  /// `search-1m-one-core`: one full pass of `searchSynchronously` ("jasmine") over the same
  /// `N` generated brews as `search-1m`, on the calling thread only; per brew. Beside
  /// `scan-limit-1m` it shows how far the algorithm is from the memory floor of one core, with no
  /// scheduling in the figure (and it is steadier than `search-1m` on a loaded machine).
  static let searchOneCore = BenchCase(
    name: "search-1m-one-core",
    summary: "BrewSearchIndex.searchSynchronously, one pass on one thread over N brews; per brew",
    size: 1_000_000, quickSize: 10_000, repetitions: 5,
    prepare: { count in
      let brews = BrewGenerator(seed: 1).brews(count: count)
      let query = BrewQuery(text: searchText)
      let expected = query.filter(brews).count
      let index = BrewSearchIndex(brews)
      return {
        let matches = index.searchSynchronously(query).count
        return RunOutcome(
          elements: count, checksum: matches, expected: expected,
          extraFields: [("matches", Double(matches)), ("textBytes", Double(index.textBytes))])
      }
    })

  /// `scan-limit-1m`: one core reading the whole text buffer of the same index once, 64 bytes a
  /// step (`countTextBytes(equalTo: 0xFF)`, a byte no key holds): the physical floor of a pass on
  /// one core, measured in the same run as `search-1m`; per brew. The search's target is
  /// `search-1m` within 1.6× of it (a target of this run, see `BenchTargets`). `gbPerSecond` is the rate.
  static let scanLimit = BenchCase(
    name: "scan-limit-1m",
    summary: "one core streaming the search index's text once (the floor of a pass); per brew",
    size: 1_000_000, quickSize: 10_000, repetitions: 5,
    prepare: { count in
      let index = BrewSearchIndex(BrewGenerator(seed: 1).brews(count: count))
      let clock = ContinuousClock()
      return {
        let start = clock.now
        let found = index.countTextBytes(equalTo: 0xFF)
        let elapsed = nanoseconds(start.duration(to: clock.now))
        return RunOutcome(
          elements: count, checksum: found, expected: 0,
          extraFields: [
            ("textBytes", Double(index.textBytes)),
            ("gbPerSecond", Double(index.textBytes) / elapsed),
          ])
      }
    })
}
