import Observation
import PushReference
import Synchronization

/// The article's push-based search model, on `PushReference` (Combine's semantics): the twin
/// that ``BrewHistorySearchModel`` is compared with.
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
/// results and recent terms are in one `Mutex`, so reading them from any thread is safe, but sends and scheduler steps should come from one
/// serial context (a test, or an actor), as they would on Combine's main queue.
@Observable
public final class PushBrewHistorySearchModel: BrewSearchModel, Sendable {
  @ObservationIgnored private let store: SearchModelStore
  @ObservationIgnored private let cancellables = Mutex<Set<AnyCancellable>>([])
  @ObservationIgnored private let searchTextSubject = CurrentValueSubject<String, Never>("")
  @ObservationIgnored private let methodFilterSubject = CurrentValueSubject<BrewMethod?, Never>(nil)
  @ObservationIgnored private let minimumRatingSubject = CurrentValueSubject<Int, Never>(0)
  @ObservationIgnored private let allBrewsSubject = CurrentValueSubject<[Brew], Never>([])

  /// The most recent terms kept (default 10).
  public let recentSearchLimit: Int

  /// Creates the model and subscribes its two pipelines, as the article's initializer does.
  ///
  /// - Parameters:
  ///   - debounce: How long the text must stay unchanged before it is searched. Default: 300 ms.
  ///   - scheduler: Where the debounce waits: a `VirtualTimeScheduler` in tests.
  ///   - recentSearchLimit: The most recent terms kept. Default: 10.
  ///   - filter: The synchronous filter the `map` runs. Default: the article's, `BrewQuery.filter`.
  public init<S: Scheduler>(
    debounce: Duration = .milliseconds(300),
    scheduler: S,
    recentSearchLimit: Int = 10,
    filter: @escaping @Sendable (BrewQuery, [Brew]) -> [Brew] = { $0.filter($1) }
  ) {
    self.recentSearchLimit = max(1, recentSearchLimit)
    store = SearchModelStore(recentSearchLimit: recentSearchLimit)
    let interval = S.SchedulerTimeType.Stride.nanoseconds(
      Int(debounce.components.seconds) * 1_000_000_000
        + Int(debounce.components.attoseconds / 1_000_000_000))
    let debouncedSearchText =
      searchTextSubject
      .debounce(for: interval, scheduler: scheduler)
      .removeDuplicates()

    // Subscriber 1: the filtered list.
    let filtering = Publishers.CombineLatest4(
      debouncedSearchText, methodFilterSubject, minimumRatingSubject, allBrewsSubject
    )
    .map { searchText, method, minimumRating, brews in
      filter(BrewQuery(text: searchText, method: method, minimumRating: minimumRating), brews)
    }
    .sink { [weak self] filtered in self?.publish(filtered) }

    // Subscriber 2: recent searches, on the same debounced text, unaware of subscriber 1.
    let recording =
      debouncedSearchText
      .filter { !$0.isEmpty }
      .sink { [weak self] term in self?.record(term) }

    cancellables.withLock { cancellables in
      filtering.store(in: &cancellables)
      recording.store(in: &cancellables)
    }
  }

  /// The free-text query. Setting it sends the text into the debounced pipeline.
  public var searchText: String {
    get {
      access(keyPath: \.searchText)
      return searchTextSubject.value
    }
    set {
      withMutation(keyPath: \.searchText) { searchTextSubject.send(newValue) }
    }
  }

  /// Only brews of this method, or every method when `nil`.
  public var methodFilter: BrewMethod? {
    get {
      access(keyPath: \.methodFilter)
      return methodFilterSubject.value
    }
    set {
      withMutation(keyPath: \.methodFilter) { methodFilterSubject.send(newValue) }
    }
  }

  /// Only brews rated at least this, 0–5 (values outside are clamped).
  public var minimumRating: Int {
    get {
      access(keyPath: \.minimumRating)
      return minimumRatingSubject.value
    }
    set {
      let rating = min(max(newValue, 0), 5)
      withMutation(keyPath: \.minimumRating) { minimumRatingSubject.send(rating) }
    }
  }

  /// The brews that match, in source order, as of the last filter pass.
  public var filteredBrews: [Brew] {
    access(keyPath: \.filteredBrews)
    return store[\.filteredBrews]
  }

  /// The recent non-empty debounced search terms, newest first.
  public var recentSearchTerms: [String] {
    access(keyPath: \.recentSearchTerms)
    return store[\.recent].terms
  }

  /// Called once after each filter pass (the article's test hook).
  public var onFilterApplied: (@Sendable () -> Void)? {
    get { store[\.onFilterApplied] }
    set { store[\.onFilterApplied] = newValue }
  }

  /// Called each time ``recentSearchTerms`` changes.
  public var onRecentSearchesChanged: (@Sendable () -> Void)? {
    get { store[\.onRecentSearchesChanged] }
    set { store[\.onRecentSearchesChanged] = newValue }
  }

  /// Replaces the brews searched.
  public func updateSource(_ brews: [Brew]) {
    allBrewsSubject.send(brews)
  }

  private func publish(_ results: [Brew]) {
    store.publish(results) { withMutation(keyPath: \.filteredBrews, $0) }
  }

  private func record(_ term: String) {
    store.record(term) { withMutation(keyPath: \.recentSearchTerms, $0) }
  }
}
