/// How a search model computes: where its inputs live and how they become results.
///
/// A design is only its engine. ``ObservableBrewSearchModel`` writes the observable surface once
/// — the settable inputs, the published results, the test hooks — and forwards to its engine:
/// ``PullSearchEngine`` (AsyncOps channels and one task, behind ``BrewHistorySearchModel``) or
/// ``PushSearchEngine`` (Combine-style subjects, behind ``PushBrewHistorySearchModel``).
///
/// An engine is the single source of truth of its inputs: the model's getters read the engine,
/// its setters send into it. It publishes through the ``BrewSearchOutput`` it was created with.
///
/// ```swift
/// let engine: some BrewSearchEngine = model.engine
/// engine.send(.text("citrus"))
/// engine.searchText   // "citrus": what the pipeline searches next
/// ```
public protocol BrewSearchEngine: Sendable {
  /// The free-text query the pipeline searches next.
  var searchText: String { get }
  /// The method filter the pipeline searches next.
  var methodFilter: BrewMethod? { get }
  /// The minimum rating the pipeline searches next, already clamped to 0–5.
  var minimumRating: Int { get }
  /// Sends one input into the pipeline (a rating already clamped to 0–5).
  func send(_ input: SearchInput)
}
