import Foundation

/// A deterministic synthetic brew history for scale tests and benchmarks.
///
/// Notes are ~60–70 bytes built from word lists (origin, two tasting notes, grind, ratio,
/// temperature), mostly ASCII; about one brew in `nonASCIIOneIn` gets a non-ASCII phrase
/// ("café", "Guji, Ethiopia — jasmine", "94 °C"). Dates ascend from 2020-01-01. Ids are
/// `"gen-<n>"`, unique within one generator run.
///
/// ```swift
/// let brews = BrewGenerator(seed: 7).brews(count: 1_000_000)  // same seed, same brews
/// ```
public struct BrewGenerator: Sendable {
  /// The seed; equal seeds give equal histories.
  public let seed: UInt64
  /// One brew in this many (on average) has non-ASCII text in its notes.
  public var nonASCIIOneIn: Int

  /// Creates a generator. `nonASCIIOneIn` (default 200, i.e. 0.5 %) sets how often notes carry
  /// non-ASCII text; such brews take the exact, slower comparison path in `BrewSearchIndex`.
  public init(seed: UInt64, nonASCIIOneIn: Int = 200) {
    precondition(nonASCIIOneIn > 0, "nonASCIIOneIn must be positive")
    self.seed = seed
    self.nonASCIIOneIn = nonASCIIOneIn
  }

  /// The first `count` brews of this seed's history, oldest first. `progress`, when given, is
  /// called now and then with the number of brews made so far.
  public func brews(count: Int, progress: ((Int) -> Void)? = nil) -> [Brew] {
    var random = SplitMix64(seed: seed)
    var seconds = 599_616_000.0  // 2020-01-01T00:00:00Z since the reference date
    var result: [Brew] = []
    result.reserveCapacity(count)
    for number in 0..<count {
      if let progress, number % 65_536 == 0 { progress(number) }
      seconds += Double(1800 + random.next(below: 40) * 900)
      result.append(
        Brew(
          id: "gen-" + String(number), date: Date(timeIntervalSinceReferenceDate: seconds),
          method: random.pick(BrewMethod.allCases), rating: rating(&random),
          notes: notes(&random)))
    }
    progress?(count)
    return result
  }

  private func rating(_ random: inout SplitMix64) -> Int {
    // Most brews are decent: 1★ 5 %, 2★ 10 %, 3★ 30 %, 4★ 35 %, 5★ 20 %.
    let roll = random.next(below: 100)
    return roll < 5 ? 1 : roll < 15 ? 2 : roll < 45 ? 3 : roll < 80 ? 4 : 5
  }

  private func notes(_ random: inout SplitMix64) -> String {
    let words = GeneratorWords.self
    if random.chance(1, in: nonASCIIOneIn) {
      return random.pick(words.nonASCIIPhrases) + ", " + random.pick(words.tastingNotes) + ", "
        + random.pick(words.grinds) + " grind, 1:" + String(13 + random.next(below: 5))
    }
    var text = random.pick(words.origins) + ". " + random.pick(words.tastingNotes) + ", "
    text += random.pick(words.tastingNotes) + "; " + random.pick(words.grinds) + " grind, 1:"
    text += String(12 + random.next(below: 7)) + ", " + String(85 + random.next(below: 12))
    return text + "C. " + random.pick(words.verdicts)
  }
}

/// The word lists of `BrewGenerator`.
private enum GeneratorWords {
  static let origins = [
    "Guji, Ethiopia", "Yirgacheffe", "Sidamo", "Kenya Nyeri", "Kirinyaga", "Huila, Colombia",
    "Narino", "Cerrado, Brazil", "Santos", "Antigua", "Huehuetenango", "Tarrazu", "Boquete",
    "Sumatra", "Java", "Papua New Guinea", "Rwanda", "Burundi", "Yemen", "Peru Cajamarca",
    "Honduras", "Nicaragua", "Mexico Chiapas", "El Salvador", "Bolivia", "Tanzania",
  ]
  static let tastingNotes = [
    "jasmine", "bergamot", "peach", "apricot", "blueberry", "strawberry", "blackcurrant",
    "lemon", "grapefruit", "orange zest", "red apple", "cherry", "plum", "milk chocolate",
    "dark chocolate", "cocoa", "caramel", "toffee", "brown sugar", "honey", "hazelnut",
    "almond", "walnut", "cedar", "tobacco", "black tea", "rose", "lime", "molasses",
  ]
  static let grinds = ["fine", "medium-fine", "medium", "medium-coarse", "coarse"]
  static let verdicts = [
    "Bright", "Juicy", "Balanced", "Flat", "Sour", "Bitter", "Sweet", "Clean", "Muddy", "Silky",
    "Great", "Meh", "Citrusy", "Syrupy",
  ]
  static let nonASCIIPhrases = [
    "Guji, Ethiopia — jasmine", "café au lait body", "crème brûlée sweetness", "Bogotá market",
    "94 °C, São Paulo lot", "Tarrazú honey", "naïve first try", "Kaffee aus Straße 5",
    "Açaí-like acidity", "Jürgen's roast", "Qualità Rossa", "İzmir style, fine",
  ]
}
