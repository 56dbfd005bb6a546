import Observation

/// The observable surface every search design shares, written once: the settable inputs, the
/// published results, the test hooks. A design is only its ``BrewSearchEngine``.
///
/// You rarely name this type: ``BrewHistorySearchModel`` (the pull engine) and
/// ``PushBrewHistorySearchModel`` (the push engine) are this model over their engines, and their
/// initializers build the engine.
///
/// ```swift
/// let model = BrewHistorySearchModel(debounce: .milliseconds(300))
/// model.searchText = "citrus"          // sent into the engine
/// withObservationTracking { _ = model.filteredBrews } onChange: { print("new results") }
/// ```
///
/// ## Observation
/// The model conforms to `Observable` by hand (no macro: it has no stored observed property).
/// Each input getter registers an access and reads the engine, which is the input's single
/// source of truth; each setter sends into the engine inside `withMutation`. Results and recent
/// terms are announced by the engine's ``BrewSearchOutput``, on the thread that published them.
public final class ObservableBrewSearchModel<Engine: BrewSearchEngine>: BrewSearchModel,
  Observable, Sendable
{
  private let registrar = ObservationRegistrar()
  private let output: BrewSearchOutput
  /// The engine: where the inputs live and how they become results.
  public let engine: Engine

  /// The most recent terms kept (default 10).
  public let recentSearchLimit: Int

  /// Wraps `engine`, which publishes through `output`, in the observable surface.
  ///
  /// - Parameters:
  ///   - engine: The engine, created with `output`.
  ///   - output: Where `engine` publishes.
  ///   - recentSearchLimit: The most recent terms `output` keeps, as shown by
  ///     ``recentSearchLimit`` (at least 1).
  public init(engine: Engine, output: BrewSearchOutput, recentSearchLimit: Int) {
    self.engine = engine
    self.output = output
    self.recentSearchLimit = max(1, recentSearchLimit)
    output.attach(
      BrewSearchOutput.Observers(
        filteredBrews: { [weak self] change in
          guard let self else { return change() }
          registrar.withMutation(of: self, keyPath: \.filteredBrews, change)
        },
        recentSearchTerms: { [weak self] change in
          guard let self else { return change() }
          registrar.withMutation(of: self, keyPath: \.recentSearchTerms, change)
        }))
  }

  /// The free-text query. Setting it sends the text into the debounced pipeline.
  public var searchText: String {
    get {
      registrar.access(self, keyPath: \.searchText)
      return engine.searchText
    }
    set {
      registrar.withMutation(of: self, keyPath: \.searchText) { engine.send(.text(newValue)) }
    }
  }

  /// Only brews of this method, or every method when `nil`.
  public var methodFilter: BrewMethod? {
    get {
      registrar.access(self, keyPath: \.methodFilter)
      return engine.methodFilter
    }
    set {
      registrar.withMutation(of: self, keyPath: \.methodFilter) { engine.send(.method(newValue)) }
    }
  }

  /// Only brews rated at least this, 0–5 (values outside are clamped).
  public var minimumRating: Int {
    get {
      registrar.access(self, keyPath: \.minimumRating)
      return engine.minimumRating
    }
    set {
      let rating = min(max(newValue, 0), 5)
      registrar.withMutation(of: self, keyPath: \.minimumRating) { engine.send(.rating(rating)) }
    }
  }

  /// The brews that match, in source order, as of the last published pass: a collection over the
  /// searched brews, not a copy of them (see ``FilteredBrews``).
  public var filteredBrews: FilteredBrews {
    registrar.access(self, keyPath: \.filteredBrews)
    return output.store[\.filteredBrews]
  }

  /// The recent non-empty debounced search terms, newest first.
  public var recentSearchTerms: [String] {
    registrar.access(self, keyPath: \.recentSearchTerms)
    return output.store[\.recent].terms
  }

  /// Called once after each published filter pass (the article's test hook); never for a pass
  /// that was not published.
  public var onFilterApplied: (@Sendable () -> Void)? {
    get { output.store[\.onFilterApplied] }
    set { output.store[\.onFilterApplied] = newValue }
  }

  /// Called each time ``recentSearchTerms`` changes.
  public var onRecentSearchesChanged: (@Sendable () -> Void)? {
    get { output.store[\.onRecentSearchesChanged] }
    set { output.store[\.onRecentSearchesChanged] = newValue }
  }

  /// Replaces the brews searched.
  public func updateSource(_ brews: [Brew]) {
    engine.send(.source(brews))
  }
}
