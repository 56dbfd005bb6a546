/// A brew's method, rating and note kind packed into one byte: the one column a pass reads for
/// every brew it visits.
///
/// A text-driven pass visits only the brews its key matches (about one in fifteen for a common
/// note), far apart in memory; with three columns (method, an `Int` rating, kind) each visit cost
/// up to three cache misses, the largest single cost of the pass once the text scan was fast.
/// One byte per brew is one miss, and the query's filters become a 256-entry table
/// (`BrewQueryPlan.outcomes`) indexed by this byte.
///
/// Layout: bits 0–2 the method's ordinal (seven methods), bits 3–5 the rating, bits 6–7 the kind.
/// A rating outside `0...6` (`Brew.rating` is settable, so it can be anything) is stored as
/// `unusualRating`, and the pass reads that brew's own rating instead.
enum BrewTraits {
  /// The rating field's value for a rating that does not fit it.
  static let unusualRating = 7

  /// The byte for one brew.
  static func pack(method: UInt8, rating: Int, kind: BrewIndexStorage.Kind) -> UInt8 {
    precondition(method < 8, "a method ordinal fits in three bits")
    let ratingField = (0..<unusualRating).contains(rating) ? rating : unusualRating
    return method | UInt8(ratingField) << 3 | kind.rawValue << 6
  }

  /// The method ordinal of `traits`.
  @inline(__always)
  static func method(_ traits: UInt8) -> UInt8 { traits & 0b111 }

  /// The rating field of `traits` (`unusualRating`: look at the brew).
  @inline(__always)
  static func ratingField(_ traits: UInt8) -> Int { Int(traits >> 3 & 0b111) }

  /// The kind raw value of `traits`.
  @inline(__always)
  static func kind(_ traits: UInt8) -> UInt8 { traits >> 6 }
}
