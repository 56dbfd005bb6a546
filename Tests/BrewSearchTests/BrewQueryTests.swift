import Foundation
import Testing

@testable import BrewSearch

@Suite("BrewQuery, the naive filter")
struct BrewQueryTests {
  let brews = [
    Brew(id: "1", method: .pourOver, rating: 5, notes: "Bright, citrusy Kenya"),
    Brew(id: "2", method: .espresso, rating: 3, notes: "Chocolate and caramel"),
    Brew(id: "3", method: .pourOver, rating: 2, notes: "Sour, under-extracted"),
    Brew(id: "4", method: .frenchPress, rating: 4, notes: "bright but muddy"),
    Brew(id: "5", method: .coldBrew, rating: 4, notes: "Smooth"),
  ]

  func ids(_ query: BrewQuery) -> [String] { query.filter(brews).map(\.id) }

  @Test func emptyQueryKeepsEverythingInOrder() {
    #expect(ids(BrewQuery()) == ["1", "2", "3", "4", "5"])
  }

  @Test func methodFilterKeepsOnlyThatMethod() {
    #expect(ids(BrewQuery(method: .pourOver)) == ["1", "3"])
  }

  @Test func minimumRatingIsInclusive() {
    #expect(ids(BrewQuery(minimumRating: 4)) == ["1", "4", "5"])
  }

  @Test func textMatchesNotesCaseInsensitively() {
    #expect(ids(BrewQuery(text: "BRIGHT")) == ["1", "4"])
  }

  @Test func textMatchesTheMethodLabel() {
    #expect(ids(BrewQuery(text: "pour")) == ["1", "3"])
    #expect(ids(BrewQuery(text: "cold b")) == ["5"])
    #expect(ids(BrewQuery(text: "pourOver")).isEmpty)  // the label, not the case name
  }

  @Test func allThreeConditionsCombine() {
    #expect(ids(BrewQuery(text: "bright", method: .frenchPress, minimumRating: 4)) == ["4"])
    #expect(ids(BrewQuery(text: "bright", method: .frenchPress, minimumRating: 5)).isEmpty)
  }

  @Test func textWithNoMatchGivesNoResults() {
    #expect(ids(BrewQuery(text: "citrusy and bright")).isEmpty)
  }

  @Test func textUsesLocalizedCaseInsensitiveContains() {
    let unicode = [
      Brew(id: "k", method: .filter, rating: 3, notes: "\u{212A}enya"),  // Kelvin sign
      Brew(id: "s", method: .filter, rating: 3, notes: "Straße"),
    ]
    #expect(BrewQuery(text: "kenya").filter(unicode).map(\.id) == ["k"])
    #expect(BrewQuery(text: "STRASSE").filter(unicode).map(\.id) == ["s"])
  }
}
