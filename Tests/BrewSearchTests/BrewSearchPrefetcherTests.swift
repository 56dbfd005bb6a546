import Testing

@testable import BrewSearch

@Suite("BrewSearchPrefetcher")
struct BrewSearchPrefetcherTests {
  let brews = BrewGenerator(seed: 3).brews(count: 5_000)

  @Test func aPrefetchedQueryIsKeptAndAnsweredExactly() async throws {
    let prefetcher = BrewSearchPrefetcher()
    prefetcher.prepare(brews)
    let query = BrewQuery(text: "jasmine")
    prefetcher.prefetch(query)
    await prefetcher.waitForPrefetch()
    #expect(prefetcher.keptQueries == [query])
    let result = try await prefetcher.results(for: query, in: brews)
    #expect(result.brews == query.filter(brews))
  }

  @Test func typingNarrowsFromTheQueryBefore() async throws {
    let prefetcher = BrewSearchPrefetcher()
    prefetcher.prepare(brews)
    prefetcher.prefetch(BrewQuery(text: "jas"))
    await prefetcher.waitForPrefetch()
    prefetcher.prefetch(BrewQuery(text: "jasm"))
    await prefetcher.waitForPrefetch()
    let result = try await prefetcher.results(for: BrewQuery(text: "jasm"), in: brews)
    #expect(result.strategy == .narrowed)
    #expect(result.brews == BrewQuery(text: "jasm").filter(brews))
  }

  @Test func theFilterGivesTheNaiveResultsWhateverWasPrefetched() async throws {
    let prefetcher = BrewSearchPrefetcher()
    prefetcher.prepare(brews)
    var random = SplitMix64(seed: 9)
    let texts = ["", "j", "ja", "jas", "jasmine", "kenya", "cit", "citrus", "é", "caf"]
    let filter = prefetcher.filter
    let source = BrewSource(version: 1, brews: brews)
    for _ in 0..<40 {
      let query = BrewQuery(
        text: random.pick(texts), method: random.pick([nil] + BrewMethod.allCases),
        minimumRating: random.next(below: 6))
      if random.next(below: 2) == 0 { prefetcher.prefetch(query) }
      if random.next(below: 3) == 0 {
        prefetcher.prefetch(BrewQuery(text: random.pick(texts)))  // a key typed since
      }
      #expect(try await filter.results(for: query, in: source) == query.filter(brews), "\(query)")
    }
  }

  @Test func aSourceItHasNotIndexedIsSearchedExactlyAndReplacesTheIndex() async throws {
    let prefetcher = BrewSearchPrefetcher()
    prefetcher.prepare(brews)
    let other = Array(brews.prefix(700))
    let query = BrewQuery(text: "a")
    let result = try await prefetcher.results(for: query, in: other)
    #expect(result.brews == query.filter(other))
    #expect(prefetcher.keptQueries == [query], "the old index's results are gone")
  }
}
