import Testing

@testable import BrewSearch

/// The one-byte traits column (`BrewTraits`) and the per-query table of decisions over it
/// (`BrewFilterRules`): every byte decodes to what was packed, the table agrees with the rules,
/// and a brew whose rating does not fit the byte is still filtered by its own rating.
@Suite("Brew traits")
struct BrewTraitsTests {
  @Test func everyMethodRatingAndKindRoundTripsThroughOneByte() {
    let kinds: [BrewIndexStorage.Kind] = [.plain, .keyed, .exact]
    for method in BrewMethod.allCases {
      for rating in -2...9 {
        for kind in kinds {
          let traits = BrewTraits.pack(method: method.ordinal, rating: rating, kind: kind)
          #expect(BrewTraits.method(traits) == method.ordinal)
          #expect(BrewTraits.kind(traits) == kind.rawValue)
          let expected =
            (0..<BrewTraits.unusualRating).contains(rating)
            ? rating : BrewTraits.unusualRating
          #expect(BrewTraits.ratingField(traits) == expected, "rating \(rating)")
        }
      }
    }
  }

  @Test func theTableIsTheRulesDecidedForEveryByte() {
    let storage = BrewIndexStorage(Brew.sampleHistory)
    for text in ["", "jasmine", "press", "café", "a\u{0}b"] {
      for method in [nil] + BrewMethod.allCases.map(Optional.some) {
        for minimumRating in [-1, 0, 3, 6, 7, 8] {
          let plan = BrewQueryPlan(
            BrewQuery(text: text, method: method, minimumRating: minimumRating), storage: storage)
          #expect(plan.outcomes.count == 256)
          for traits in 0...UInt8.max {
            let rating = BrewTraits.ratingField(traits)
            let expected: BrewFilterRules.Outcome =
              rating == BrewTraits.unusualRating
              ? .readRating
              : plan.rules.outcome(
                method: BrewTraits.method(traits), rating: rating, kind: BrewTraits.kind(traits))
            #expect(plan.outcomes[Int(traits)] == expected, "\(text) \(traits)")
          }
        }
      }
    }
  }

  /// `Brew.rating` is settable, so a history can hold ratings outside 1...5 (the initialiser
  /// checks, a later assignment does not): every pass shape must still filter by them exactly.
  @Test func ratingsThatDoNotFitTheByteAreFilteredByTheBrewsOwnRating() async throws {
    var random = SplitMix64(seed: 7)
    let notes = ["jasmine tea", "Café jasmine", "cocoa", "jasmine\u{0}", "Bogotá"]
    let unusual = [-5, -1, 0, 6, 7, 8, 100, Int.max, Int.min]
    let brews = (0..<2_000).map { number in
      var brew = Brew(
        id: "\(number)", method: random.pick(BrewMethod.allCases),
        rating: 1 + random.next(below: 5), notes: random.pick(notes))
      if random.next(below: 4) == 0 { brew.rating = random.pick(unusual) }
      return brew
    }
    let index = BrewSearchIndex(brews)
    for text in ["", "jasmine", "café", "press", "\u{0}"] {
      for method in [nil, BrewMethod.pourOver] {
        for minimumRating in [Int.min, -1, 0, 3, 6, 7, 8, 101, Int.max] {
          let query = BrewQuery(text: text, method: method, minimumRating: minimumRating)
          let expected = query.filter(brews).map(\.id)
          #expect(index.searchSynchronously(query).brews.map(\.id) == expected, "\(query)")
          let parallel = try await index.search(
            query, refining: nil, tuning: BrewSearchIndexTests.smallTuning)
          #expect(parallel.brews.map(\.id) == expected, "\(query)")
        }
      }
    }
  }
}
