import Foundation
import Testing

@testable import BrewSearch

@Suite("Brew and BrewMethod")
struct BrewModelTests {
  @Test func brewRoundTripsThroughJSONCoding() throws {
    let brews =
      Brew.sampleHistory + [
        Brew(
          id: "x", date: Date(timeIntervalSinceReferenceDate: 1.25), method: .coldBrew, rating: 1,
          notes: "quote \" backslash \\ newline \n tab \t control \u{1} emoji 👍🏽"),
        Brew(date: Date(), method: .filter, rating: 3, notes: "now, with a fractional second"),
      ]
    let data = try JSONEncoder().encode(brews)
    #expect(try JSONDecoder().decode([Brew].self, from: data) == brews)
  }

  @Test func brewEncodesItsDateAsISO8601AndItsMethodByCaseName() throws {
    let brew = Brew(
      id: "b1", date: ISO8601Date.parse("2024-03-01T07:30:00Z")!, method: .frenchPress,
      rating: 4, notes: "n")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(brew), as: UTF8.self)
    #expect(
      json
        == #"{"date":"2024-03-01T07:30:00Z","id":"b1","method":"frenchPress","notes":"n","rating":4}"#
    )
  }

  @Test func methodCodesByCaseName() throws {
    let names = try BrewMethod.allCases.map {
      String(decoding: try JSONEncoder().encode($0), as: UTF8.self)
    }
    #expect(
      names == [
        "\"espresso\"", "\"pourOver\"", "\"frenchPress\"", "\"aeroPress\"", "\"mokaPot\"",
        "\"coldBrew\"", "\"filter\"",
      ])
    #expect(try JSONDecoder().decode(BrewMethod.self, from: Data("\"mokaPot\"".utf8)) == .mokaPot)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(BrewMethod.self, from: Data("\"Moka Pot\"".utf8))
    }
  }

  @Test func methodLabelsAreHumanNames() {
    #expect(
      BrewMethod.allCases.map(\.label) == [
        "Espresso", "Pour Over", "French Press", "AeroPress", "Moka Pot", "Cold Brew", "Filter",
      ])
  }

  @Test func decodingRejectsARatingOutsideOneToFive() {
    let json = #"{"id":"a","date":"2024-03-01T07:30:00Z","method":"filter","rating":6,"notes":""}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Brew.self, from: Data(json.utf8))
    }
  }

  @Test func sampleHistoryHasAtLeastFortyValidBrewsWithUniqueIDs() {
    let brews = Brew.sampleHistory
    #expect(brews.count >= 40)
    #expect(Set(brews.map(\.id)).count == brews.count)
    #expect(brews.allSatisfy { Brew.ratings.contains($0.rating) && !$0.notes.isEmpty })
    #expect(Set(brews.map(\.method)) == Set(BrewMethod.allCases))
    #expect(Set(brews.map(\.rating)) == Set(1...5))
    #expect(zip(brews, brews.dropFirst()).allSatisfy { $0.date < $1.date })
  }

  @Test func iso8601FormatsAndParsesExactly() throws {
    let style = Date.ISO8601FormatStyle()
    var random = SplitMix64(seed: 3)
    for _ in 0..<500 {
      let seconds = Double(random.next(below: 4_000_000_000)) - 1_000_000_000
      let date = Date(timeIntervalSinceReferenceDate: seconds)
      let text = try #require(ISO8601Date.format(date))
      #expect(text == date.formatted(style))
      #expect(ISO8601Date.parse(text) == date)
      let fractional = Date(
        timeIntervalSinceReferenceDate: seconds + Double(random.next(below: 1000)) / 997)
      #expect(ISO8601Date.parse(try #require(ISO8601Date.format(fractional))) == fractional)
    }
    #expect(
      ISO8601Date.parse("2024-03-01T08:30:00+01:00") == ISO8601Date.parse("2024-03-01T07:30:00Z"))
    for bad in [
      "2024-02-30T00:00:00Z", "2024-03-01 07:30:00Z", "2024-03-01T07:30:00", "24-03-01T07:30:00Z",
      "2024-03-01T24:00:00Z", "2024-03-01T07:30:00.Z",
    ] {
      #expect(ISO8601Date.parse(bad) == nil, "\(bad)")
    }
  }

  @Test func splitMixIsDeterministicAndBounded() {
    var first = SplitMix64(seed: 9)
    var second = SplitMix64(seed: 9)
    let values = (0..<100).map { _ in first.next(below: 7) }
    #expect(values == (0..<100).map { _ in second.next(below: 7) })
    #expect(values.allSatisfy { (0..<7).contains($0) })
    #expect(Set(values).count == 7)
    var known = SplitMix64(seed: 0)
    #expect(known.next() == 0xE220_A839_7B1D_CDAF)  // the reference SplitMix64 sequence
  }
}
