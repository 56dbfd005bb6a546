import Foundation
import Testing

@testable import BrewSearch

/// Foundation's `localizedCaseInsensitiveContains` traps (SIGILL) on Linux for a needle ending in
/// U+0000 that matches at the end of a non-ASCII haystack, and answers `true` wrongly for an
/// ASCII one. Every comparison of the search goes through `SearchTextComparison` instead.
@Suite struct SearchTextComparisonTests {
  @Test func aNeedleEndingInNULIsFoundOnlyWhereTheHaystackHasTheNUL() {
    // Each of these traps or answers wrongly when handed to Foundation directly.
    #expect(!SearchTextComparison.contains("é\u{0}", in: "é"))
    #expect(!SearchTextComparison.contains("jam.\u{0}", in: "Raspberry jam."))
    #expect(!SearchTextComparison.contains("b\u{0}", in: "ab"))
    #expect(!SearchTextComparison.contains("b\u{0}\u{0}", in: "ab\u{0}"))
    #expect(!SearchTextComparison.contains("\u{0}", in: ""))
    #expect(SearchTextComparison.contains("É\u{0}", in: "xé\u{0}y"))
    #expect(SearchTextComparison.contains("B\u{0}", in: "ab\u{0}"))
    #expect(SearchTextComparison.contains("\u{0}", in: "é\u{0}"))
  }

  @Test func aNULElsewhereIsAnOrdinaryCharacter() {
    #expect(SearchTextComparison.contains("A\u{0}B", in: "xa\u{0}bx"))
    #expect(!SearchTextComparison.contains("a\u{0}b", in: "ab"))
    #expect(!SearchTextComparison.contains("ab", in: "a\u{0}b"))
    #expect(SearchTextComparison.contains("\u{0}É", in: "\u{0}é"))
  }

  @Test func theSubstituteAvoidsControlsAlreadyInTheText() {
    // U+0001 would be the first substitute; here it is in the needle before the NUL.
    #expect(!SearchTextComparison.contains("\u{1}\u{0}", in: "\t㫹\u{1}"))
    let everyControl = String(
      String.UnicodeScalarView(
        ((0x01...0x1F).map { $0 } + (0x7F...0x9F).map { $0 }).compactMap(Unicode.Scalar.init)))
    #expect(!SearchTextComparison.contains("é\u{0}", in: everyControl + "é"))
    #expect(SearchTextComparison.contains("é\u{0}", in: everyControl + "é\u{0}"))
  }

  @Test func otherTextGetsFoundationsAnswer() {
    #expect(SearchTextComparison.contains("STRASSE", in: "Straße"))
    #expect(SearchTextComparison.contains("kenya", in: "\u{212A}enya"))
    #expect(!SearchTextComparison.contains("kenya", in: "Ethiopia"))
    #expect(
      SearchTextComparison.contains("", in: "anything")
        == "anything".localizedCaseInsensitiveContains(""))
  }

  /// Random scalar strings biased towards the troublesome ones (NUL, controls, case-folding
  /// specials, combining marks, astral scalars), half of them needles cut from the haystack, as in
  /// the throwaway fuzz that found the trap class (12 million pairs; bounded here).
  @Test func randomScalarPairsNeverTrapAndAgreeWithFoundationOutsideTheTrailingNULClass() {
    var random = SplitMix64(seed: 21)
    var trailingNUL = 0
    for _ in 0..<20_000 {
      let haystack = Self.randomText(&random, maximumLength: 8)
      let needle =
        random.chance(1, in: 2) && !haystack.isEmpty
        ? Self.slice(haystack, &random) + (random.chance(1, in: 2) ? "\u{0}" : "")
        : Self.randomText(&random, maximumLength: 4)
      let answer = SearchTextComparison.contains(needle, in: haystack)
      if needle.unicodeScalars.last == "\u{0}" {
        trailingNUL += 1
        // The answer NUL would get as an ordinary control: the same pair with U+0002 for NUL,
        // which Foundation handles (the fuzz found no other trap or disagreement).
        guard !(haystack + needle).unicodeScalars.contains("\u{2}") else { continue }
        let expected = Self.replacingNUL(haystack).localizedCaseInsensitiveContains(
          Self.replacingNUL(needle))
        #expect(answer == expected, "\(Self.describe(needle)) in \(Self.describe(haystack))")
      } else {
        #expect(answer == haystack.localizedCaseInsensitiveContains(needle))
      }
    }
    #expect(trailingNUL > 2_000)
  }

  @Test func termsTheSearchTreatsAlikeAreTheSameTerm() {
    #expect(SearchTextComparison.isSameTerm("Straße", "STRASSE"))
    #expect(SearchTextComparison.isSameTerm("citrus", "CITRUS"))
    #expect(!SearchTextComparison.isSameTerm("citrus", "citrusy"))
    #expect(!SearchTextComparison.isSameTerm("é", "é\u{0}"))
  }

  @Test func theFilterAndTheIndexAgreeOnANeedleEndingInNUL() async throws {
    let brews =
      BrewGenerator(seed: 5, nonASCIIOneIn: 2).brews(count: 200) + [
        Brew(id: "nul", method: .filter, rating: 3, notes: "Raspberry jam.\u{0} and more"),
        Brew(id: "end", method: .filter, rating: 3, notes: "Raspberry jam."),
        Brew(id: "é", method: .filter, rating: 3, notes: "Café jam."),
      ]
    let index = BrewSearchIndex(brews)
    for text in ["jam.\u{0}", "r\u{0}", "é\u{0}", "\u{0}", "over\u{0}"] {
      let query = BrewQuery(text: text)
      let expected = query.filter(brews).map(\.id)
      #expect(try await index.search(query).brews.map(\.id) == expected)
      #expect(index.searchSynchronously(query).brews.map(\.id) == expected)
    }
    #expect(BrewQuery(text: "jam.\u{0}").filter(brews).map(\.id) == ["nul"])
    // "Pour Over" ends in "r", so Foundation's own comparison would accept every pour-over.
    #expect(BrewQuery(text: "r\u{0}").filter(brews).map(\.id) == [])
  }

  // MARK: - Random text

  private static let special: [UInt32] = [
    0, 0, 0, 1, 9, 0xA, 0xD, 0x1F, 0x7F, 0x85, 0xAD, 0xDF, 0x130, 0x131, 0x17F, 0x1E9E, 0x212A,
    0x301, 0x308, 0x345, 0x3A3, 0x3C2, 0x200B, 0x200D, 0xFB01, 0xFB03, 0xFE0F, 0xFEFF, 0xFFFD,
    0x1F600, 0x1F3FD, 0xE0001, 0x10FFFF,
  ]

  private static func randomScalar(_ random: inout SplitMix64) -> Unicode.Scalar {
    while true {
      let value: UInt32
      switch random.next(below: 6) {
      case 0, 1: value = UInt32(0x41 + random.next(below: 58))
      case 2: value = random.pick(special)
      case 3: value = UInt32(random.next(below: 0x250))
      case 4: value = UInt32(random.next(below: 0x10000))
      default: value = UInt32(random.next(below: 0x110000))
      }
      if let scalar = Unicode.Scalar(value) { return scalar }
    }
  }

  private static func randomText(_ random: inout SplitMix64, maximumLength: Int) -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<random.next(below: maximumLength + 1) { scalars.append(randomScalar(&random)) }
    return String(scalars)
  }

  private static func slice(_ text: String, _ random: inout SplitMix64) -> String {
    let scalars = Array(text.unicodeScalars)
    let start = random.next(below: scalars.count)
    let end = start + 1 + random.next(below: scalars.count - start)
    return String(String.UnicodeScalarView(scalars[start..<end]))
  }

  private static func replacingNUL(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{0}" ? "\u{2}" : $0 }))
  }

  private static func describe(_ text: String) -> String {
    text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
  }
}
