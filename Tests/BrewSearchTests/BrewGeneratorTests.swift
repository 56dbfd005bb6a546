import Testing

@testable import BrewSearch

@Suite("BrewGenerator")
struct BrewGeneratorTests {
  @Test func sameSeedGivesTheSameHistory() {
    #expect(BrewGenerator(seed: 5).brews(count: 300) == BrewGenerator(seed: 5).brews(count: 300))
    #expect(BrewGenerator(seed: 5).brews(count: 50) != BrewGenerator(seed: 6).brews(count: 50))
  }

  @Test func aLongerHistoryExtendsAShorterOne() {
    let long = BrewGenerator(seed: 5).brews(count: 200)
    #expect(Array(long.prefix(100)) == BrewGenerator(seed: 5).brews(count: 100))
  }

  @Test func brewsAreValidUniqueAndInDateOrder() {
    let brews = BrewGenerator(seed: 1).brews(count: 5000)
    #expect(Set(brews.map(\.id)).count == brews.count)
    #expect(brews.allSatisfy { Brew.ratings.contains($0.rating) })
    #expect(Set(brews.map(\.method)) == Set(BrewMethod.allCases))
    #expect(zip(brews, brews.dropFirst()).allSatisfy { $0.date < $1.date })
  }

  @Test func notesAreAbout60To70BytesMostlyASCII() {
    let brews = BrewGenerator(seed: 1).brews(count: 20_000)
    let averageBytes = brews.reduce(0) { $0 + $1.notes.utf8.count } / brews.count
    #expect((55...75).contains(averageBytes))
    let nonASCII = brews.filter { !$0.notes.utf8.allSatisfy { $0 < 0x80 } }.count
    #expect((50...150).contains(nonASCII))  // one in 200 on average
  }
}
