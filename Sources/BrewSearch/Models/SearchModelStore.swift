import Synchronization

/// The state both search models publish, behind one lock, and the two ways it changes: a filter
/// pass is published, a term is recorded. Each model adds only its own engine around it. (The
/// settable inputs are not here: each model's input channel is their single source of truth.)
final class SearchModelStore: Sendable {
  struct Values: Sendable {
    var filteredBrews = FilteredBrews()
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

  /// Stores a pass's results if `isCurrent()` still holds — checked in the same critical section
  /// as the write, so a pass that stopped being current cannot overwrite a newer state — then
  /// calls `onFilterApplied` (outside the lock), only when the results were stored. Returns
  /// whether they were.
  ///
  /// `isCurrent` runs inside this store's lock; it may take other locks, but nothing may take
  /// this store's lock while holding one of them.
  @discardableResult
  func publish(
    _ results: FilteredBrews, if isCurrent: @escaping () -> Bool = { true },
    observe: (() -> Void) -> Void
  ) -> Bool {
    // A stale pass is usually known before: then observers are not even told of a change.
    guard isCurrent() else { return false }
    var replaced: FilteredBrews?
    observe {
      replaced = values.withLock { values in
        guard isCurrent() else { return nil }
        defer { values.filteredBrews = results }
        return values.filteredBrews
      }
    }
    guard replaced != nil else { return false }
    self[\.onFilterApplied]?()
    // The results replaced are freed only now, after the callback: usually one buffer of
    // positions, but a filter may have returned its own array of a million brews, whose release
    // takes milliseconds and should not stand between a pass and its publication.
    withExtendedLifetime(replaced) {}
    return true
  }

  /// Records a debounced term, then calls `onRecentSearchesChanged` if the list changed.
  func record(_ term: String, observe: (() -> Void) -> Void) {
    var changed = false
    observe { changed = values.withLock { $0.recent.record(term) } }
    if changed { self[\.onRecentSearchesChanged]?() }
  }
}
