import PushReference

/// The article's push-based search model, on `PushReference` (Combine's semantics): the twin
/// that ``BrewHistorySearchModel`` is compared with — the shared observable surface over the push
/// engine, ``PushSearchEngine``.
///
/// Built as the article builds it: each settable property forwards into a `CurrentValueSubject`;
/// the search text is debounced on a scheduler and de-duplicated; `Publishers.CombineLatest4`
/// re-runs a synchronous `map` over the filter whenever one of the four inputs changes; a second,
/// independent `sink` on the same debounced text records recent searches. There is no task: the
/// pipeline lives as long as the model's cancellables, and everything happens synchronously on
/// the thread that sends a value or advances the scheduler.
///
/// ```swift
/// let scheduler = VirtualTimeScheduler()
/// let model = PushBrewHistorySearchModel(debounce: .milliseconds(20), scheduler: scheduler)
/// model.updateSource(Brew.sampleHistory)
/// model.searchText = "bright"
/// scheduler.advance(by: .milliseconds(20))
/// model.filteredBrews   // the brews whose notes or method mention "bright"
/// ```
///
/// ## Concurrency
/// Like Combine, the engine delivers on the calling thread. Each settable property reads its
/// subject's current value (the subject is its single source of truth, as in the pull model);
/// results and recent terms are in one `Mutex`, so reading them from any thread is safe, but
/// sends and scheduler steps should come from one serial context (a test, or an actor), as they
/// would on Combine's main queue.
public typealias PushBrewHistorySearchModel = ObservableBrewSearchModel<PushSearchEngine>

extension ObservableBrewSearchModel where Engine == PushSearchEngine {
  /// Creates the model and subscribes its two pipelines, as the article's initializer does.
  ///
  /// - Parameters:
  ///   - debounce: How long the text must stay unchanged before it is searched. Default: 300 ms.
  ///   - scheduler: Where the debounce waits: a `VirtualTimeScheduler` in tests.
  ///   - recentSearchLimit: The most recent terms kept. Default: 10.
  ///   - filter: The synchronous filter the `map` runs. Default: the article's, `BrewQuery.filter`.
  public convenience init<S: Scheduler>(
    debounce: Duration = .milliseconds(300),
    scheduler: S,
    recentSearchLimit: Int = 10,
    filter: @escaping @Sendable (BrewQuery, [Brew]) -> [Brew] = { $0.filter($1) }
  ) {
    let output = BrewSearchOutput(recentSearchLimit: recentSearchLimit)
    self.init(
      engine: PushSearchEngine(
        debounce: debounce, scheduler: scheduler, filter: filter, output: output),
      output: output, recentSearchLimit: recentSearchLimit)
  }
}
