import Synchronization

/// The state both search models expose, behind one lock, and the two ways it changes: a filter
/// pass is published, a term is recorded. Each model adds only its own engine around it.
final class SearchModelStore: Sendable {
  struct Values: Sendable {
    var searchText = ""
    var methodFilter: BrewMethod?
    var minimumRating = 0
    var filteredBrews: [Brew] = []
    var recent: RecentSearches
    var onFilterApplied: (@Sendable () -> Void)?
    var onRecentSearchesChanged: (@Sendable () -> Void)?
  }

  private let values: Mutex<Values>

  init(recentSearchLimit: Int) {
    values = Mutex(Values(recent: RecentSearches(limit: recentSearchLimit)))
  }

  subscript<Value: Sendable>(_ keyPath: WritableKeyPath<Values, Value>) -> Value {
    get { values.withLock { $0[keyPath: keyPath] } }
    set { values.withLock { $0[keyPath: keyPath] = newValue } }
  }

  /// Stores a pass's results, then calls `onFilterApplied` (outside the lock).
  func publish(_ results: [Brew], observe: (() -> Void) -> Void) {
    var replaced: [Brew] = []
    observe {
      replaced = values.withLock { values in
        defer { values.filteredBrews = results }
        return values.filteredBrews
      }
    }
    self[\.onFilterApplied]?()
    // The list replaced is freed only now: a million brews take milliseconds to release, and
    // that should not stand between a pass and its publication.
    withExtendedLifetime(replaced) {}
  }

  /// Records a debounced term, then calls `onRecentSearchesChanged` if the list changed.
  func record(_ term: String, observe: (() -> Void) -> Void) {
    var changed = false
    observe { changed = values.withLock { $0.recent.record(term) } }
    if changed { self[\.onRecentSearchesChanged]?() }
  }
}
