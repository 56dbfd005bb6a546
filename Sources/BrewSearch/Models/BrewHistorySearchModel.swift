import AsyncOps
import Observation
import Synchronization

/// The brew-history search of the article, rebuilt as one structured-concurrency task.
///
/// The settable properties forward into `AsyncCurrentValue` channels (the article's
/// `CurrentValueSubject`s); ``run()`` is the model's one task: a task group running the filter
/// loop — `combineLatest` of the debounced, de-duplicated search text, the method filter, the
/// minimum rating and the brews — and the recent-searches loop over the same **shared** debounced
/// text. Cancel `run()` and everything stops; nothing is left behind.
///
/// ```swift
/// let model = BrewHistorySearchModel(debounce: .milliseconds(300), clock: ContinuousClock())
/// model.updateSource(Brew.sampleHistory)
/// let searching = Task { await model.run() }
/// model.searchText = "citrus"            // 300 ms later, filteredBrews holds the matches
/// searching.cancel()
/// ```
///
/// ## Concurrency
/// Every piece of observable state lives in one `Mutex`-protected store, and it is changed in one
/// place: ``publish(_:generation:)`` for results and ``record(_:)`` for recent terms, both called
/// from `run()`'s loops. So the model is `Sendable` without any unchecked claim; the setters may be
/// called from any thread (sending into a channel never suspends); observers registered through
/// Observation are notified on the thread that ran the loop. The model deliberately does not hop
/// to the main actor: main-actor hops escape the virtual-time driver that tests run on. A SwiftUI
/// view reads the properties as usual; each change arrives as one `withMutation` notification.
///
/// ## Stale passes
/// Each filter pass runs in its own task. When a newer combination of inputs arrives while a pass
/// is still running (a slow filter), the stale pass is cancelled and never published: only the
/// latest inputs reach `filteredBrews`. A synchronous push pipeline cannot do that.
@Observable
public final class BrewHistorySearchModel: BrewSearchModel, Sendable {
  /// What only the structured design needs, beside the shared store.
  private struct RunState: Sendable {
    var sourceVersion = 0
    /// The newest pass started; an older pass that finishes late is not published.
    var latestGeneration = 0
    var isRunning = false
  }

  @ObservationIgnored private let store: SearchModelStore
  @ObservationIgnored private let runState = Mutex(RunState())
  @ObservationIgnored private let searchTextChannel = AsyncCurrentValue("")
  @ObservationIgnored private let methodChannel = AsyncCurrentValue<BrewMethod?>(nil)
  @ObservationIgnored private let ratingChannel = AsyncCurrentValue(0)
  @ObservationIgnored private let sourceChannel = AsyncCurrentValue(
    BrewSource(version: 0, brews: []))
  @ObservationIgnored private let debounceInterval: Duration
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private let filter: BrewFilter

  /// The most recent terms kept (default 10).
  public let recentSearchLimit: Int

  /// Creates a model whose search text is debounced by `debounce` on `clock`.
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
    self.debounceInterval = debounce
    self.clock = clock
    self.filter = filter
    self.recentSearchLimit = max(1, recentSearchLimit)
    self.store = SearchModelStore(recentSearchLimit: recentSearchLimit)
  }

  /// The free-text query. Setting it sends the text into the debounced pipeline.
  public var searchText: String {
    get {
      access(keyPath: \.searchText)
      return store[\.searchText]
    }
    set {
      withMutation(keyPath: \.searchText) { store[\.searchText] = newValue }
      searchTextChannel.send(newValue)
    }
  }

  /// Only brews of this method, or every method when `nil`.
  public var methodFilter: BrewMethod? {
    get {
      access(keyPath: \.methodFilter)
      return store[\.methodFilter]
    }
    set {
      withMutation(keyPath: \.methodFilter) { store[\.methodFilter] = newValue }
      methodChannel.send(newValue)
    }
  }

  /// Only brews rated at least this, 0–5 (values outside are clamped).
  public var minimumRating: Int {
    get {
      access(keyPath: \.minimumRating)
      return store[\.minimumRating]
    }
    set {
      let rating = min(max(newValue, 0), 5)
      withMutation(keyPath: \.minimumRating) { store[\.minimumRating] = rating }
      ratingChannel.send(rating)
    }
  }

  /// The brews that match, in source order, as of the last published pass.
  public var filteredBrews: [Brew] {
    access(keyPath: \.filteredBrews)
    return store[\.filteredBrews]
  }

  /// The recent non-empty debounced search terms, newest first.
  public var recentSearchTerms: [String] {
    access(keyPath: \.recentSearchTerms)
    return store[\.recent].terms
  }

  /// Called once after each published filter pass (the article's test hook).
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
    let version = runState.withLock { state in
      state.sourceVersion += 1
      return state.sourceVersion
    }
    sourceChannel.send(BrewSource(version: version, brews: brews))
  }

  /// Ends the inputs: a pending debounced search text is searched at once (the pull debounce
  /// flushes on finish), and ``run()`` returns once that last pass is published. Later changes
  /// of the properties are ignored. For a command that reads its inputs to the end.
  public func finishInputs() {
    searchTextChannel.finish()
    methodChannel.finish()
    ratingChannel.finish()
    sourceChannel.finish()
  }

  /// The model's one task: runs the filter loop and the recent-searches loop until cancelled.
  ///
  /// Call it once, from a task whose lifetime is the screen's (`.task { await model.run() }`).
  /// A second call while one is running returns at once. Cancelling the calling task stops both
  /// loops, cancels a pass in flight, and returns once nothing of the model is running.
  public func run() async {
    let alreadyRunning = runState.withLock { state in
      defer { state.isRunning = true }
      return state.isRunning
    }
    guard !alreadyRunning else { return }
    defer { runState.withLock { $0.isRunning = false } }
    await runPipeline(clock: clock)
  }

  private func runPipeline<C: Clock<Duration>>(clock: C) async {
    let debouncedText =
      searchTextChannel
      .debounce(for: debounceInterval, clock: clock)
      .removeDuplicates()
      // replay: 1, because the text is state: a loop whose iterator registers after the first
      // value was produced (a zero debounce emits at once) still starts from the current text.
      .share(replay: 1)
    await withDiscardingTaskGroup { group in
      group.addTask { await self.filterLoop(text: debouncedText) }
      group.addTask { await self.recentSearchesLoop(text: debouncedText) }
    }
  }

  private func filterLoop(text: some AsyncSequence<String, Never> & Sendable) async {
    let inputs = combineLatest(text, methodChannel, ratingChannel, sourceChannel)
    let passes = LatestTask()
    for await (text, method, rating, source) in inputs {
      let query = BrewQuery(text: text, method: method, minimumRating: rating)
      let generation = runState.withLock { state in
        state.latestGeneration += 1
        return state.latestGeneration
      }
      passes.replace { [filter] in
        guard let results = try? await filter.results(for: query, in: source) else { return }
        self.publish(results, generation: generation)
      }
    }
    // Inputs that ended normally (finishInputs) let the last pass complete; a cancelled run
    // cancels it.
    if Task.isCancelled {
      await passes.cancelAndWait()
    } else {
      await passes.wait()
    }
  }

  private func recentSearchesLoop(text: some AsyncSequence<String, Never> & Sendable) async {
    for await term in text where !term.isEmpty {
      record(term)
    }
  }

  /// Publishes a pass's results, unless a newer pass has started since (then it is stale).
  private func publish(_ results: [Brew], generation: Int) {
    let isLatest = runState.withLock { $0.latestGeneration == generation }
    guard isLatest, !Task.isCancelled else { return }
    store.publish(results) { withMutation(keyPath: \.filteredBrews, $0) }
  }

  private func record(_ term: String) {
    store.record(term) { withMutation(keyPath: \.recentSearchTerms, $0) }
  }
}
