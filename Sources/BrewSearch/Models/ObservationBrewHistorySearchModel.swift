import AsyncOps
import Observation
import Synchronization

/// The third input design, as an app writes it: a `@MainActor @Observable` class whose inputs are
/// plain stored properties, read into the pipeline through Swift 6.2's `Observations` instead of
/// setter-fed channels (``BrewHistorySearchModel``) or subjects (``PushBrewHistorySearchModel``).
///
/// The stored property is the single source of truth; `Observations { self.searchText }` turns
/// it into an `AsyncSequence` that the model debounces, de-duplicates and shares, and
/// `combineLatest` joins with the other inputs — the bridge seed 000 builds by hand with
/// `didSet` and a `CurrentValueSubject`.
///
/// ```swift
/// @MainActor func screen() async {
///   let model = ObservationBrewHistorySearchModel(debounce: .milliseconds(300))
///   model.updateSource(Brew.sampleHistory)
///   let searching = Task { await model.run() }
///   model.searchText = "citrus"   // 300 ms later, filteredBrews changes on the main actor
///   searching.cancel()
/// }
/// ```
///
/// ## Transactions
/// `Observations` yields once per transaction: several properties changed in one turn of the main
/// actor are **one** new combination, so a filter never runs on a half-applied one. The channel
/// design hands `combineLatest` each change in turn (one pass per change). On typing, where one
/// input changes at a time, the designs emit the same results at the same instants.
///
/// Filter passes run off the main actor; a pass publishes on the main actor, and only if no newer
/// combination has arrived and the run that started it still runs.
@available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
@MainActor @Observable
public final class ObservationBrewHistorySearchModel {
  /// The free-text query; searched once it has stayed unchanged for the debounce interval.
  public var searchText = ""
  /// Only brews of this method, or every method when `nil`.
  public var methodFilter: BrewMethod?
  /// Only brews rated at least this, 0–5 (values outside are clamped).
  public var minimumRating: Int {
    get { clampedRating }
    set { clampedRating = min(max(newValue, 0), 5) }
  }
  private var clampedRating = 0
  /// The brews searched, with a version that changes with every ``updateSource(_:)``.
  private var source = BrewSource(version: 0, brews: [])

  /// The brews that match, in source order, as of the last published pass: a collection over the
  /// searched brews, not a copy of them (see ``FilteredBrews``).
  public private(set) var filteredBrews = FilteredBrews()
  /// The recent non-empty debounced search terms, newest first.
  public private(set) var recentSearchTerms: [String] = []

  /// Called on the main actor after each published filter pass (the article's test hook).
  @ObservationIgnored public var onFilterApplied: (@MainActor () -> Void)?
  /// Called on the main actor each time ``recentSearchTerms`` changes.
  @ObservationIgnored public var onRecentSearchesChanged: (@MainActor () -> Void)?
  /// The most recent terms kept.
  @ObservationIgnored public let recentSearchLimit: Int

  @ObservationIgnored private var recent: RecentSearches
  /// The run that owns the model (`nil`: none), and how many ever did. A `Mutex` because a
  /// cancelled run gives the model up in its (synchronous, nonisolated) cancellation handler.
  @ObservationIgnored private let ownership = Mutex((owner: Int?.none, runsStarted: 0))
  /// The newest combination's number: written off the main actor as each arrives, so a `Mutex`.
  @ObservationIgnored private let latestPass = Mutex(0)
  @ObservationIgnored private let debounceInterval: Duration
  @ObservationIgnored private let maxWait: Duration?
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private let filter: BrewFilter

  /// Creates a model whose search text is debounced by `debounce` on `clock`.
  ///
  /// - Parameters:
  ///   - debounce: How long the text must stay unchanged before it is searched. Default: 300 ms.
  ///   - maxWait: While the text keeps changing, search at least this often (`nil`: never).
  ///   - clock: The clock the debounce waits on; inject a `TestClock` in tests.
  ///   - recentSearchLimit: The most recent terms kept (at least 1). Default: 10.
  ///   - filter: How one pass is computed. Default: ``BrewFilter/indexed()``.
  public init(
    debounce: Duration = .milliseconds(300),
    maxWait: Duration? = nil,
    clock: some Clock<Duration> = ContinuousClock(),
    recentSearchLimit: Int = 10,
    filter: BrewFilter = .indexed()
  ) {
    self.debounceInterval = debounce
    self.maxWait = maxWait
    self.clock = clock
    self.filter = filter
    self.recentSearchLimit = max(1, recentSearchLimit)
    self.recent = RecentSearches(limit: recentSearchLimit)
  }

  /// Replaces the brews searched.
  public func updateSource(_ brews: [Brew]) {
    source = BrewSource(version: source.version + 1, brews: brews)
  }

  /// Applies one input: the same as setting the property it names.
  public func apply(_ input: SearchInput) {
    switch input {
    case .text(let text): searchText = text
    case .method(let method): methodFilter = method
    case .rating(let rating): minimumRating = rating
    case .source(let brews): updateSource(brews)
    }
  }

  /// The model's one task: observes the inputs and publishes results until cancelled.
  ///
  /// One run owns the model at a time: a `run()` called while another runs returns at once (so
  /// cancel the old task before starting the new one, not after).
  /// After the owner is cancelled, no pass it started is published, and a new `run()` takes over
  /// from the current inputs.
  public func run() async {
    let claimed = ownership.withLock { state -> Int? in
      guard state.owner == nil else { return nil }
      state.runsStarted += 1
      state.owner = state.runsStarted
      return state.runsStarted
    }
    guard let run = claimed else { return }
    await withTaskCancellationHandler {
      await runPipeline(clock: clock, run: run)
    } onCancel: {
      self.release(run)
    }
    release(run)
  }

  private nonisolated func release(_ run: Int) {
    ownership.withLock { state in
      if state.owner == run { state.owner = nil }
    }
  }

  private nonisolated func owns(_ run: Int) -> Bool {
    ownership.withLock { $0.owner == run }
  }

  private func runPipeline<C: Clock<Duration>>(clock: C, run: Int) async {
    let text = Observations { self.searchText }
      .debounce(for: debounceInterval, clock: clock, maxWait: maxWait)
      .removeDuplicates()
      // replay: 1, because the text is state: the loop that registers second still starts from
      // the current text.
      .share(replay: 1)
    // One observation for the undebounced inputs: changed together, they are one combination.
    let filters = Observations { (self.methodFilter, self.minimumRating, self.source) }
    await withDiscardingTaskGroup { group in
      group.addTask { await self.filterLoop(text: text, filters: filters, run: run) }
      group.addTask { await self.recentSearchesLoop(text: text, run: run) }
    }
  }

  private nonisolated func filterLoop(
    text: some AsyncSequence<String, Never> & Sendable,
    filters: some AsyncSequence<(BrewMethod?, Int, BrewSource), Never> & Sendable,
    run: Int
  ) async {
    let passes = combineLatest(text, filters)
      // Numbered as each combination arrives: a newer one makes every older pass stale at once.
      .map { inputs in
        (
          inputs: inputs,
          // Only the owner numbers passes: a run that lost ownership, still tearing down,
          // cannot make the new owner's pass stale (0 is never current).
          number: self.owns(run)
            ? self.latestPass.withLock {
              $0 += 1
              return $0
            } : 0
        )
      }
      // A newer combination cancels the pass still running (mapLatest).
      .mapLatest { [filter] pass in
        let (text, (method, rating, source)) = pass.inputs
        let query = BrewQuery(text: text, method: method, minimumRating: rating)
        guard let results = try? await filter.results(for: query, in: source) else { return }
        await self.publish(results, pass: pass.number, run: run)
      }
    for await _ in passes {}
  }

  private nonisolated func recentSearchesLoop(
    text: some AsyncSequence<String, Never> & Sendable, run: Int
  ) async {
    for await term in text where !term.isEmpty {
      await record(term, run: run)
    }
  }

  /// Publishes a pass's results unless a newer combination arrived or `run` lost the model.
  private func publish(_ results: FilteredBrews, pass: Int, run: Int) {
    guard owns(run), !Task.isCancelled, latestPass.withLock({ $0 }) == pass else { return }
    filteredBrews = results
    onFilterApplied?()
  }

  private func record(_ term: String, run: Int) {
    guard owns(run), recent.record(term) else { return }
    recentSearchTerms = recent.terms
    onRecentSearchesChanged?()
  }
}
