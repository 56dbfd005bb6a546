import Foundation
import Synchronization
import Testing

@testable import BrewSearch

/// The index against the plain comparison (`SearchTextComparison`, i.e. Foundation's
/// `localizedCaseInsensitiveContains` made total) for non-ASCII queries and notes, and the facts
/// about Foundation's folding that the index's key relies on (see `SearchKey`).
@Suite("Non-ASCII search")
struct NonASCIISearchTests {
  /// Small chunks and parts, so that small histories still run the parallel path.
  static let smallTuning = BrewSearchIndex.Tuning(chunkSize: 5, minimumPartSize: 8)

  /// Fragments beyond `RandomUnicode`'s: accents precomposed and combining (stacked, reordered),
  /// CJK, Hangul, Greek with iota subscript and U+0345, Cherokee, Georgian, ligatures followed by
  /// marks (CoreFoundation's fold reuse), ŉ, Kelvin and Ångström signs, emoji.
  static let fragments = [
    "é", "É", "e\u{301}", "E\u{301}", "è", "ê", "ë", "ö", "Ö", "o\u{308}", "ü", "Ü", "ñ",
    "n\u{303}", "ç", "Ç", "ø", "Ø", "å", "Å", "\u{212B}", "a\u{30A}", "ß", "ẞ", "ss", "SS",
    "ſ", "\u{FB00}", "\u{FB01}", "\u{FB03}", "\u{FB06}", "\u{FB03}\u{301}\u{302}",
    "f", "i", "I", "İ", "ı", "i\u{307}", "Σ", "σ", "ς", "ΐ", "ι\u{308}\u{301}", "ᾳ",
    "α\u{345}", "\u{345}", "α", "ι", "ᾼ", "Ꭰ", "ꭰ", "ა", "Ა", "抹茶", "珈琲", "한", "ㅎ",
    "\u{1112}\u{1161}\u{11AB}", "ŉ", "ʼn", "\u{212A}", "k", "K", "a\u{323}\u{301}",
    "a\u{301}\u{323}", "\u{301}", "\u{308}", "\u{323}", "☕", "👍🏽", "👍", "\u{1F3FD}", "Ａ",
    "ａ", "e", "o", "a", "s", "n", " ", ",", "Bogotá", "café", "CAFÉ", "crème brûlée",
    "São Paulo", "Tarrazú", "Jürgen", "Straße", "İzmir", "naïve", "\r\n", "\u{200D}",
  ]

  struct Text {
    var random: SplitMix64

    mutating func text(maximumFragments: Int) -> String {
      (0..<random.next(below: maximumFragments + 1)).map { _ in
        random.chance(1, in: 3)
          ? random.pick(RandomUnicode.fragments) : random.pick(NonASCIISearchTests.fragments)
      }.joined()
    }

    mutating func brews(count: Int) -> [Brew] {
      (0..<count).map { number in
        Brew(
          id: String(number), method: random.pick(BrewMethod.allCases),
          rating: 1 + random.next(below: 5), notes: text(maximumFragments: 10))
      }
    }

    /// A non-ASCII needle: a slice of some notes (by scalars), its case scrambled, or random
    /// fragments.
    mutating func needle(from brews: [Brew]) -> String {
      var unicode = RandomUnicode(random: random)
      defer { random = unicode.random }
      if random.chance(1, in: 3) || brews.isEmpty { return text(maximumFragments: 3) }
      let sliced = unicode.slice(random.pick(brews).notes)
      return random.chance(1, in: 2) ? unicode.scrambledCase(sliced) : sliced
    }
  }

  func expectSameAsPlainComparison(
    _ index: BrewSearchIndex, _ query: BrewQuery,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let expected = query.filter(index.brews)
    let parallel = try await index.search(query, refining: nil, tuning: Self.smallTuning)
    #expect(parallel.brews == expected, "\(query)", sourceLocation: sourceLocation)
    #expect(
      index.searchSynchronously(query).positions == parallel.positions, "\(query)",
      sourceLocation: sourceLocation)
  }

  @Test func nonASCIIQueriesFindExactlyWhatThePlainComparisonFinds() async throws {
    var random = Text(random: SplitMix64(seed: 2812))
    var nonASCIIQueries = 0
    for _ in 0..<60 {
      let index = BrewSearchIndex(random.brews(count: 40))
      for _ in 0..<40 {
        let text = random.needle(from: index.brews)
        if !text.utf8.allSatisfy({ $0 < 0x80 }) { nonASCIIQueries += 1 }
        try await expectSameAsPlainComparison(index, BrewQuery(text: text))
      }
    }
    // The fuzz is about non-ASCII needles: many of them must be.
    #expect(nonASCIIQueries > 60 * 40 / 3)
  }

  @Test func nonASCIIQueriesOverTheSampleAndGeneratedHistories() async throws {
    var random = Text(random: SplitMix64(seed: 99))
    let histories = [
      Brew.sampleHistory, BrewGenerator(seed: 3, nonASCIIOneIn: 4).brews(count: 800),
    ]
    for brews in histories {
      let index = BrewSearchIndex(brews)
      for text in Self.fragments + ["BOGOTÁ", "bogota", "SAO", "Qualità", "°C", "—", "İZMİR"] {
        try await expectSameAsPlainComparison(index, BrewQuery(text: text))
      }
      for _ in 0..<300 {
        try await expectSameAsPlainComparison(index, BrewQuery(text: random.needle(from: brews)))
      }
    }
  }

  /// CoreFoundation's case-insensitive loop leaves one comparison out: a haystack character
  /// folded while the needle is inside its own fold is paired with the needle's element
  /// unchecked. The key allows for it (`SearchKey.hasHoles`), and these stay exact.
  @Test func theIndexAgreesWhereFoundationPairsCharactersUnchecked() async throws {
    let cases: [(notes: String, needle: String)] = [
      ("👍🏽fς", "ﬁ"), ("eＡ", "é"), ("KaIr\tffi\rIΣö", "İ"), ("oÉ", "ö"),
      ("\u{FB03}\u{301}\u{302}x", "fi\u{301}\u{302}i\u{301}\u{302}x"), ("α\u{345}", "αι"),
    ]
    let brews = cases.map { Brew(method: .filter, rating: 3, notes: $0.notes) }
    let index = BrewSearchIndex(brews)
    for (notes, needle) in cases {
      let expected = SearchTextComparison.contains(needle, in: notes)
      let found = try await index.search(BrewQuery(text: needle)).brews.contains {
        $0.notes == notes
      }
      #expect(found == expected, "\(notes) / \(needle)")
      try await expectSameAsPlainComparison(index, BrewQuery(text: needle))
    }
  }

  @Test func typingANonASCIIWordNarrowsOrPassesToTheSameResults() async throws {
    let index = BrewSearchIndex(BrewGenerator(seed: 5, nonASCIIOneIn: 3).brews(count: 3000))
    for word in ["crème", "Bogotá", "São Paulo", "İzmir", "Straße", "Açaí"] {
      var previous: BrewSearchResult?
      for length in 1...word.count {
        let query = BrewQuery(text: String(word.prefix(length)))
        let result = try await index.search(query, refining: previous)
        #expect(result.brews == query.filter(index.brews), "\(query)")
        previous = result
      }
    }
  }

  // MARK: - What the key relies on, for every assigned scalar

  /// Every assigned scalar's key survives Foundation's own case folding and decomposition, no
  /// key holds U+0000, and U+0345 is the only mark whose key has a base.
  @Test func everyScalarsKeyIsVerifiedAgainstFoundation() {
    var table = ScalarKeyTable()
    var unverified: [String] = []
    var marksWithBases: [UInt32] = []
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value),
        ![.unassigned, .privateUse, .surrogate].contains(scalar.properties.generalCategory)
      else { continue }
      let key = table[scalar]
      if !key.isVerified { unverified.append(String(value, radix: 16)) }
      if key.isMark, key.baseCount > 0 { marksWithBases.append(value) }
    }
    #expect(unverified.isEmpty)
    #expect(marksWithBases == [0x345])
  }

  /// Whatever CoreFoundation joins to a preceding "a" as one composed character is a mark of
  /// the key (so its fold's mark collection and sorting never move a base).
  @Test func everyCharacterFoundationJoinsToABaseIsAMark() {
    var notMarks: [String] = []
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value),
        ![.unassigned, .privateUse, .surrogate].contains(scalar.properties.generalCategory)
      else { continue }
      let text = NSString(string: "a" + String(scalar))
      if text.rangeOfComposedCharacterSequence(at: 0).length == text.length,
        !SearchKey.isMark(scalar)
      {
        notMarks.append(String(value, radix: 16))
      }
    }
    #expect(notMarks.isEmpty)
  }

  @Test func notesWithARepeatableClusterAreComparedExactly() {
    let index = BrewSearchIndex([
      Brew(method: .filter, rating: 3, notes: "\u{FB03}\u{301}\u{302}x"),
      Brew(method: .filter, rating: 3, notes: "e\u{301}\u{302}x"),
      Brew(method: .filter, rating: 3, notes: "café"),
    ])
    #expect(index.exactPathCount == 1)
    #expect(index.keyedCount == 2)
  }
}
