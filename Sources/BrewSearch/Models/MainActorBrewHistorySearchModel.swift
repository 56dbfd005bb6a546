import Observation

/// ``BrewHistorySearchModel`` as an app writes it: a `@MainActor @Observable` class whose results
/// and recent terms are published on the main actor, over the same store and pull engine.
///
/// The model adds no state of its own: every property is the shared model's (``base``), whose
/// observable surface is written once (``ObservableBrewSearchModel``), so observing a property
/// here observes it there. What it adds is the isolation: SwiftUI and other main-actor code use
/// it without `await`, and its engine publishes each pass on the main actor.
///
/// ```swift
/// @MainActor func screen() async {
///   let model = MainActorBrewHistorySearchModel(debounce: .milliseconds(300))
///   model.updateSource(Brew.sampleHistory)
///   let searching = Task { await model.run() }
///   model.searchText = "citrus"   // 300 ms later, filteredBrews changes on the main actor
///   searching.cancel()
/// }
/// ```
///
/// In tests, run it on virtual time with a main-actor body:
/// `try await withVirtualTime { @MainActor time in ... }`.
@MainActor @Observable
public final class MainActorBrewHistorySearchModel {
  /// The shared model: the engine, the store and the observable surface.
  public let base: BrewHistorySearchModel

  /// Creates a model whose search text is debounced by `debounce` on `clock`, its results
  /// published on the main actor.
  ///
  /// - Parameters:
  ///   - debounce: How long the text must stay unchanged before it is searched. Default: 300 ms.
  ///   - clock: The clock the debounce waits on; inject a `TestClock` in tests.
  ///   - recentSearchLimit: The most recent terms kept. Default: 10.
  ///   - filter: How one pass is computed. Default: ``BrewFilter/indexed()``.
  public init(
    debounce: Duration = .milliseconds(300),
    clock: some Clock<Duration> = ContinuousClock(),
    recentSearchLimit: Int = 10,
    filter: BrewFilter = .indexed()
  ) {
    let output = BrewSearchOutput(recentSearchLimit: recentSearchLimit)
    let engine = PullSearchEngine(
      debounce: debounce, clock: clock, filter: filter, output: output,
      publishingActor: MainActor.shared)
    base = BrewHistorySearchModel(
      engine: engine, output: output, recentSearchLimit: recentSearchLimit)
  }

  /// The free-text query (see ``ObservableBrewSearchModel/searchText``).
  public var searchText: String {
    get { base.searchText }
    set { base.searchText = newValue }
  }

  /// Only brews of this method, or every method when `nil`.
  public var methodFilter: BrewMethod? {
    get { base.methodFilter }
    set { base.methodFilter = newValue }
  }

  /// Only brews rated at least this, 0–5 (values outside are clamped).
  public var minimumRating: Int {
    get { base.minimumRating }
    set { base.minimumRating = newValue }
  }

  /// The brews that match, as of the last pass published on the main actor.
  public var filteredBrews: FilteredBrews { base.filteredBrews }

  /// The recent non-empty debounced search terms, newest first.
  public var recentSearchTerms: [String] { base.recentSearchTerms }

  /// Replaces the brews searched.
  public func updateSource(_ brews: [Brew]) { base.updateSource(brews) }

  /// The model's one task (see ``ObservableBrewSearchModel/run()``).
  public func run() async { await base.run() }
}
