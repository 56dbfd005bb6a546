import Observation
import Synchronization

/// Where an engine publishes: the model's results store, and the Observation notifications that
/// go with each change. Created by ``ObservableBrewSearchModel`` before its engine and handed to
/// it, so an engine never needs the model itself.
///
/// ```swift
/// let output = BrewSearchOutput(recentSearchLimit: 10)
/// let engine = PullSearchEngine(debounce: .milliseconds(300), clock: clock, filter: .indexed(),
///                               output: output)
/// ```
public final class BrewSearchOutput: Sendable {
  /// How one change is announced to observers: the model runs the change inside Observation's
  /// `withMutation` for the property it affects.
  struct Observers: Sendable {
    var filteredBrews: @Sendable (() -> Void) -> Void
    var recentSearchTerms: @Sendable (() -> Void) -> Void
  }

  let store: SearchModelStore
  /// Set once, by the model's initializer; until then (and after the model is gone) a change is
  /// stored without announcement.
  private let observers = Mutex<Observers?>(nil)

  /// Creates an empty output that keeps at most `recentSearchLimit` recent terms.
  public init(recentSearchLimit: Int) {
    store = SearchModelStore(recentSearchLimit: recentSearchLimit)
  }

  func attach(_ observers: Observers) {
    self.observers.withLock { $0 = observers }
  }

  /// Publishes a pass's results, unless `isCurrent()` stops holding: checked again in the same
  /// critical section as the write (see ``SearchModelStore/publish(_:if:observe:)``).
  @discardableResult
  func publish(_ results: FilteredBrews, if isCurrent: @escaping () -> Bool = { true }) -> Bool {
    guard let observe = observers.withLock({ $0?.filteredBrews }) else {
      return store.publish(results, if: isCurrent) { change in change() }
    }
    return store.publish(results, if: isCurrent, observe: observe)
  }

  /// Records a debounced term in the recent searches.
  func record(_ term: String) {
    guard let observe = observers.withLock({ $0?.recentSearchTerms }) else {
      return store.record(term) { change in change() }
    }
    store.record(term, observe: observe)
  }
}
