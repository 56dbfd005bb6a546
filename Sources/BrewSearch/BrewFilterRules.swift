/// A query's filters as a decision per brew, and as the table a pass looks it up in.
///
/// What a brew needs depends only on its method, rating and note kind (`BrewTraits`) and on the
/// query, so a plan decides all 256 traits bytes once (`table`) and a pass reads one byte of the
/// brew and one entry of a table that stays in the first-level cache.
struct BrewFilterRules: Sendable {
  /// `BrewMethod.ordinal` to keep, or `nil` for every method.
  let methodOrdinal: UInt8?
  let minimumRating: Int
  /// Bit `ordinal` is set when the text is empty or contained in that method's label (by the
  /// article's own comparison): such brews match without looking at their notes.
  let acceptedMethods: UInt8
  /// How notes are searched.
  let mode: BrewQueryPlan.Mode
  /// Whether plain notes can match (a plain needle exists).
  let hasPlainNeedle: Bool

  /// What a brew needs: nothing more (rejected or accepted), the exact comparison, or a key scan
  /// of plain notes (a match, or a candidate) or of keyed notes (a candidate); `readRating` when
  /// its rating did not fit its traits byte and must be read from the brew.
  enum Outcome: UInt8, Sendable {
    case rejected
    case accepted
    case compare
    case scanPlain
    case scanKeyed
    case readRating
  }

  /// The decision for a brew with these method, rating and kind.
  func outcome(method: UInt8, rating: Int, kind: UInt8) -> Outcome {
    if let methodOrdinal, method != methodOrdinal { return .rejected }
    if rating < minimumRating { return .rejected }
    if acceptedMethods & (1 << method) != 0 { return .accepted }
    switch mode {
    case .everything: return .accepted
    case .compareAll: return .compare
    case .exactKindOnly:
      return kind == BrewIndexStorage.Kind.exact.rawValue ? .compare : .rejected
    case .dense, .sparse:
      switch kind {
      case BrewIndexStorage.Kind.plain.rawValue: return hasPlainNeedle ? .scanPlain : .rejected
      case BrewIndexStorage.Kind.keyed.rawValue: return .scanKeyed
      default: return .compare
      }
    }
  }

  /// The decision for every traits byte (`readRating` where the rating field says so).
  var table: [Outcome] {
    (0...UInt8.max).map { traits in
      let rating = BrewTraits.ratingField(traits)
      guard rating != BrewTraits.unusualRating else { return .readRating }
      return outcome(
        method: BrewTraits.method(traits), rating: rating, kind: BrewTraits.kind(traits))
    }
  }
}
