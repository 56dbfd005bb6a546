import BrewSearch
import Testing

@Suite struct RecentSearchesTests {
  @Test func theNewestTermComesFirst() {
    var recent = RecentSearches()
    recent.record("citrus")
    recent.record("kenya")
    #expect(recent.terms == ["kenya", "citrus"])
  }

  @Test func aRepeatedTermMovesToTheFrontCaseInsensitivelyWithItsNewSpelling() {
    var recent = RecentSearches()
    recent.record("citrus")
    recent.record("kenya")
    let changed = recent.record("CITRUS")
    #expect(changed)
    #expect(recent.terms == ["CITRUS", "kenya"])
  }

  @Test func recordingTheFrontTermAgainChangesNothing() {
    var recent = RecentSearches()
    recent.record("citrus")
    let changed = recent.record("citrus")
    #expect(!changed)
  }

  @Test func onlyTheNewestTermsUpToTheLimitAreKept() {
    var recent = RecentSearches(limit: 3)
    for term in ["a", "b", "c", "d"] { recent.record(term) }
    #expect(recent.terms == ["d", "c", "b"])
  }

  @Test func emptyTermsAreNotRecorded() {
    var recent = RecentSearches()
    let changed = recent.record("")
    #expect(!changed)
    #expect(recent.terms.isEmpty)
  }

  @Test func termsTheSearchTreatsAlikeAreOneEntry() {
    // "STRASSE" finds "Straße" and the other way round; lowercasing kept them apart.
    var recent = RecentSearches()
    recent.record("Straße")
    recent.record("kenya")
    recent.record("STRASSE")
    #expect(recent.terms == ["STRASSE", "kenya"])
  }

  @Test func aTermEndingInNULIsRecordedWithoutTrapping() {
    var recent = RecentSearches()
    recent.record("é")
    recent.record("é\u{0}")
    #expect(recent.terms == ["é\u{0}", "é"])
  }
}
