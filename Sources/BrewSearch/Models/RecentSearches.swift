/// The recent-searches list: newest first, each term once, at most `limit` terms. Two terms are
/// the same when the search treats them alike (``SearchTextComparison/isSameTerm(_:_:)``: each
/// contains the other, so "Straße" and "STRASSE" are one term). A repeated term moves to the
/// front, spelled as it was last searched.
///
/// ```swift
/// var recent = RecentSearches(limit: 3)
/// recent.record("citrus")
/// recent.record("Kenya")
/// recent.record("CITRUS")
/// recent.terms   // ["CITRUS", "Kenya"]
/// ```
public struct RecentSearches: Hashable, Sendable {
  /// The terms, newest first.
  public private(set) var terms: [String] = []
  /// The most terms kept.
  public let limit: Int

  /// Creates an empty list that keeps at most `limit` terms (at least one).
  public init(limit: Int = 10) {
    self.limit = max(1, limit)
  }

  /// Records a search; returns whether the list changed. Empty terms are not recorded.
  @discardableResult
  public mutating func record(_ term: String) -> Bool {
    guard !term.isEmpty else { return false }
    let before = terms
    terms.removeAll { SearchTextComparison.isSameTerm($0, term) }
    terms.insert(term, at: 0)
    if terms.count > limit { terms.removeLast(terms.count - limit) }
    return terms != before
  }
}
