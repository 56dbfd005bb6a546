/// What both search models — the structured-concurrency one and its push-based twin — expose, so
/// that one scripted session, one test or one screen can drive either.
///
/// ```swift
/// func typeQuery(_ query: String, into model: some BrewSearchModel) {
///   for end in query.indices {
///     model.searchText = String(query[...end])
///   }
/// }
/// ```
public protocol BrewSearchModel: AnyObject, Sendable {
  /// The free-text query; matched case-insensitively in notes and method labels, after the
  /// debounce interval of quiet.
  var searchText: String { get set }
  /// Only brews of this method, or every method when `nil`.
  var methodFilter: BrewMethod? { get set }
  /// Only brews rated at least this, 0–5.
  var minimumRating: Int { get set }
  /// The brews that match, in source order, as of the last filter pass: a collection over the
  /// searched brews, not a copy of them (`Array(model.filteredBrews)` makes one).
  var filteredBrews: FilteredBrews { get }
  /// The recent non-empty debounced search terms, newest first.
  var recentSearchTerms: [String] { get }
  /// The most recent terms kept.
  var recentSearchLimit: Int { get }
  /// Called once after each filter pass has published `filteredBrews`.
  var onFilterApplied: (@Sendable () -> Void)? { get set }
  /// Called each time `recentSearchTerms` changes.
  var onRecentSearchesChanged: (@Sendable () -> Void)? { get set }
  /// Replaces the brews searched (the article's live SwiftData query results).
  func updateSource(_ brews: [Brew])
}

extension BrewSearchModel {
  /// Applies one input, as a user (or a script) would.
  public func apply(_ input: SearchInput) {
    switch input {
    case .text(let text): searchText = text
    case .method(let method): methodFilter = method
    case .rating(let rating): minimumRating = rating
    case .source(let brews): updateSource(brews)
    }
  }
}
