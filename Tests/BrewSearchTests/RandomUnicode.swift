@testable import BrewSearch

/// Random text built from fragments chosen to stress case-insensitive comparison: both ASCII
/// cases, characters that fold to ASCII (Kelvin sign, long s, ligatures), ß, Turkish i's,
/// combining marks, CR LF, emoji with modifiers and ZWJ, Greek sigma.
struct RandomUnicode {
  static let fragments = [
    "a", "A", "b", "e", "E", "i", "I", "k", "K", "s", "S", "t", "r", "o", "n", "f", "F", "l",
    "ss", "SS", "st", "fi", "ffi", " ", " ", ",", ".", "-", ":", "1", "6", "\t", "\n", "\r\n",
    "\r", "\u{212A}", "\u{017F}", "\u{FB01}", "\u{FB03}", "\u{FB06}", "ß", "ẞ", "İ", "ı",
    "é", "e\u{301}", "\u{301}", "\u{308}", "ö", "Ö", "o\u{308}", "ÿ", "Ÿ", "Σ", "σ", "ς",
    "😀", "👍🏽", "👨‍👩‍👧", "\u{200D}", "Ａ", "ａ", "café", "—", "°C", "Straße", "İstanbul",
  ]

  var random: SplitMix64

  mutating func text(maximumFragments: Int) -> String {
    (0..<random.next(below: maximumFragments + 1)).map { _ in random.pick(Self.fragments) }
      .joined()
  }

  mutating func brews(count: Int) -> [Brew] {
    (0..<count).map { number in
      Brew(
        id: String(number), method: random.pick(BrewMethod.allCases),
        rating: 1 + random.next(below: 5), notes: text(maximumFragments: 12))
    }
  }

  /// A query: often a slice of a brew's notes or a label with its case scrambled, sometimes
  /// random fragments; with a random method filter and minimum rating.
  mutating func query(from brews: [Brew]) -> BrewQuery {
    var text: String
    switch random.next(below: 4) {
    case 0: text = self.text(maximumFragments: 3)
    case 1: text = scrambledCase(slice(random.pick(BrewMethod.allCases).label))
    default: text = brews.isEmpty ? "" : scrambledCase(slice(random.pick(brews).notes))
    }
    if random.chance(1, in: 10) { text = "" }
    return BrewQuery(
      text: text, method: random.chance(1, in: 3) ? random.pick(BrewMethod.allCases) : nil,
      minimumRating: random.next(below: 7))
  }

  mutating func slice(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    guard !scalars.isEmpty else { return "" }
    let start = random.next(below: scalars.count)
    let length = 1 + random.next(below: min(6, scalars.count - start))
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars[start..<start + length])
    return String(view)
  }

  mutating func scrambledCase(_ text: String) -> String {
    text.map { random.chance(1, in: 2) ? $0.uppercased() : String($0) }.joined()
  }
}
