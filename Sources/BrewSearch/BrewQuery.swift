import Foundation

/// What the user is looking for: free text, an optional method and a minimum rating.
///
/// `matches(_:)` is the source article's filter, rule for rule: the method matches (or there is
/// no method filter), the rating is at least `minimumRating`, and the text is empty or contained
/// in the notes or the method's label by `localizedCaseInsensitiveContains` — through
/// ``SearchTextComparison``, which gives that comparison's answer for every text, including the
/// needles ending in U+0000 that make Foundation's own trap on Linux.
///
/// ```swift
/// let query = BrewQuery(text: "pour", minimumRating: 4)
/// let hits = query.filter(Brew.sampleHistory)  // every 4★+ pour-over, in source order
/// ```
///
/// `BrewSearchIndex` gives exactly the same results, fast, for large histories.
public struct BrewQuery: Sendable, Hashable {
  /// The free text; empty matches every brew.
  public var text: String
  /// The method to keep, or `nil` for every method.
  public var method: BrewMethod?
  /// The lowest rating to keep (0 keeps everything).
  public var minimumRating: Int

  /// Creates a query; the defaults match every brew.
  public init(text: String = "", method: BrewMethod? = nil, minimumRating: Int = 0) {
    self.text = text
    self.method = method
    self.minimumRating = minimumRating
  }

  /// Whether `brew` passes the method and rating filters, ignoring the text.
  @inlinable
  public func passesFilters(_ brew: Brew) -> Bool {
    (method == nil || brew.method == method) && brew.rating >= minimumRating
  }

  /// Whether `brew` is a result of this query (the article's predicate).
  @inlinable
  public func matches(_ brew: Brew) -> Bool {
    matches(brew, needle: SearchTextComparison.Needle(text))
  }

  /// The naive filter: every brew that `matches`, in source order.
  public func filter(_ brews: [Brew]) -> [Brew] {
    let needle = SearchTextComparison.Needle(text)
    return brews.filter { matches($0, needle: needle) }
  }

  /// `matches(_:)` with the text prepared once for every brew.
  @inlinable
  func matches(_ brew: Brew, needle: SearchTextComparison.Needle) -> Bool {
    passesFilters(brew)
      && (text.isEmpty
        || needle.isContained(in: brew.notes)
        || needle.isContained(in: brew.method.label))
  }
}
