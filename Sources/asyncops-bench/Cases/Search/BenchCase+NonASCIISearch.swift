import BrewSearch

extension BenchCase {
  /// The queries of `search-1m-nonascii`: accents (precomposed), a ß, a single accented letter,
  /// CJK and an emoji.
  static let nonASCIISearchTexts = [
    "café", "Bogotá", "crème", "São Paulo", "Straße", "ö", "抹茶", "☕",
  ]

  /// `search-1m-nonascii`: one full pass of `BrewSearchIndex.search` per query of
  /// ``nonASCIISearchTexts`` over `N` generated brews; per brew and query. `passMs` is the mean
  /// pass, `maxPassMs` the slowest query's. Every run must find, query by query, exactly what the
  /// article's filter (`BrewQuery.filter`, run once per query in `prepare`) finds.
  static let searchNonASCII = BenchCase(
    name: "search-1m-nonascii",
    summary: "BrewSearchIndex.search, one full pass per non-ASCII query over N brews; per brew",
    size: 1_000_000, quickSize: 10_000, repetitions: 5,
    prepare: { count in
      let brews = BrewGenerator(seed: 1).brews(count: count)
      let queries = nonASCIISearchTexts.map { BrewQuery(text: $0) }
      let expected = queries.map { $0.filter(brews).count }
      let index = BrewSearchIndex(brews)
      let clock = ContinuousClock()
      return {
        var found: [Int] = []
        var passes: [Double] = []
        for query in queries {
          let start = clock.now
          let result = try await index.search(query)
          passes.append(nanoseconds(start.duration(to: clock.now)) / 1e6)
          found.append(result.count)
        }
        // The checksum is the number of queries whose count is right.
        let right = zip(found, expected).filter { $0 == $1 }.count
        return RunOutcome(
          elements: count * queries.count, checksum: right, expected: queries.count,
          extraFields: [
            ("passMs", passes.reduce(0, +) / Double(passes.count)),
            ("maxPassMs", passes.max() ?? 0), ("matches", Double(found.reduce(0, +))),
          ])
      }
    })

  /// `cancel-latency-1m`: a full pass over `N` generated brews cancelled mid-scan, 40 times
  /// with an ASCII query ("jasmine") and 40 times with a non-ASCII one ("é", whose candidates
  /// all take the exact comparison); the latency is from `cancel()` to the search returning.
  /// `p50Ms`/`p99Ms`/`maxMs` are over both; `asciiP99Ms`, `nonASCIIP99Ms` per query. A pass
  /// that finished before its cancellation counts in `finishedFirst`, not in the latencies.
  /// One element = one cancelled pass.
  static let cancelLatency = BenchCase(
    name: "cancel-latency-1m",
    summary: "BrewSearchIndex.search cancelled mid-pass, N brews, ASCII and non-ASCII; p50/p99",
    size: 1_000_000, quickSize: 10_000, repetitions: 1, warmups: 0,
    prepare: { count in
      let index = BrewSearchIndex(BrewGenerator(seed: 1).brews(count: count))
      return {
        let clock = ContinuousClock()
        var latencies: [String: [Double]] = [:]
        var finishedFirst = 0
        for round in 0..<80 {
          let text = round % 2 == 0 ? BenchCase.searchText : "é"
          let pass = Task { try await index.search(BrewQuery(text: text)) }
          // Cancel after 0–2 ms of scanning, so cancellations land all over the pass.
          try? await clock.sleep(for: .microseconds(250 * (round % 9)))
          let cancelled = clock.now
          pass.cancel()
          let outcome = await pass.result
          let latency = nanoseconds(cancelled.duration(to: clock.now)) / 1e6
          if case .success = outcome {
            finishedFirst += 1
          } else {
            latencies[text, default: []].append(latency)
          }
        }
        let all = latencies.values.flatMap { $0 }
        return RunOutcome(
          elements: all.count, checksum: all.count + finishedFirst, expected: 80,
          extraFields: [
            ("p50Ms", percentile(all, 0.50)), ("p99Ms", percentile(all, 0.99)),
            ("maxMs", all.max() ?? 0),
            ("asciiP99Ms", percentile(latencies[BenchCase.searchText] ?? [], 0.99)),
            ("nonASCIIP99Ms", percentile(latencies["é"] ?? [], 0.99)),
            ("finishedFirst", Double(finishedFirst)),
          ])
      }
    })
}
