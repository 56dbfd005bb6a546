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
/// The settable properties have one source of truth each: their channel. A setter sends into it
/// (under Observation's `withMutation`), and the getter reads the channel's current value, so what
/// a property shows and what the pipeline will search can never disagree, whichever threads set
/// them. Results and recent terms live in one `Mutex`-protected store, changed in one place each:
/// `publish(_:generation:run:)` and `record(_:run:)`, called from `run()`'s loops. So the model
/// is `Sendable` without any unchecked claim; observers registered through Observation are
/// notified on the thread that ran the loop. The model deliberately does not hop to the main
/// actor: main-actor hops escape the virtual-time driver that tests run on.
///
/// ## Stale passes
/// Each filter pass runs in its own task, under `mapLatest`. When a newer combination of inputs arrives while a pass
/// is still running (a slow filter), the stale pass is cancelled and never published: a result is
/// stored only if, at the moment it is written (checked in the same critical section), its pass
/// is still the newest one of the run that owns the model. `onFilterApplied` is called only for
/// results stored. A synchronous push pipeline cannot do that.
@Observable
public final class BrewHistorySearchModel: BrewSearchModel, Sendable {
  /// Which run owns the model, and the newest pass it started.
  struct RunState: Sendable {
    /// The run that owns the model; `nil` when none does (the last one returned or was
    /// cancelled). Only the owner publishes.
    var owner: Int?
    /// The number of runs that ever owned the model: the next one's id.
    var runsStarted = 0
    /// The newest pass started; an older pass that finishes late is not published.
    var latestGeneration = 0
  }

  @ObservationIgnored private let store: SearchModelStore
  @ObservationIgnored private let runState = Mutex(RunState())
  /// The last source version sent; `updateSource` increments it and sends in one critical
  /// section, so the channel's versions only grow.
  @ObservationIgnored private let sourceVersion = Mutex(0)
  @ObservationIgnored private let searchTextChannel = AsyncCurrentValue("")
  @ObservationIgnored private let methodChannel = AsyncCurrentValue<BrewMethod?>(nil)
  @ObservationIgnored private let ratingChannel = AsyncCurrentValue(0)
  @ObservationIgnored private let sourceChannel = AsyncCurrentValue(
    BrewSource(version: 0, brews: []))
  @ObservationIgnored private let debounceInterval: Duration
  @ObservationIgnored private let maxWait: Duration?
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private let filter: BrewFilter

  /// The most recent terms kept (default 10).
  public let recentSearchLimit: Int

  /// Creates a model whose search text is debounced by `debounce` on `clock`.
  ///
  /// - Parameters:
  ///   - debounce: How long the text must stay unchanged before it is searched. Default: 300 ms.
  ///   - maxWait: The longest continuous typing goes unsearched: the text is searched at least
  ///     this often while it keeps changing (debounce's `maxWait:`; a value below `debounce`
  ///     counts as `debounce`). Default: `nil`, no limit.
  ///   - clock: The clock the debounce waits on; inject a `TestClock` in tests.
  ///   - recentSearchLimit: The most recent terms kept. Default: 10.
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
    self.store = SearchModelStore(recentSearchLimit: recentSearchLimit)
  }

  /// The free-text query. Setting it sends the text into the debounced pipeline; after
  /// ``finishInputs()`` setting it has no effect.
  public var searchText: String {
    get {
      access(keyPath: \.searchText)
      return searchTextChannel.value
    }
    set {
      withMutation(keyPath: \.searchText) { searchTextChannel.send(newValue) }
    }
  }

  /// Only brews of this method, or every method when `nil`. After ``finishInputs()`` setting it
  /// has no effect.
  public var methodFilter: BrewMethod? {
    get {
      access(keyPath: \.methodFilter)
      return methodChannel.value
    }
    set {
      withMutation(keyPath: \.methodFilter) { methodChannel.send(newValue) }
    }
  }

  /// Only brews rated at least this, 0–5 (values outside are clamped). After ``finishInputs()``
  /// setting it has no effect.
  public var minimumRating: Int {
    get {
      access(keyPath: \.minimumRating)
      return ratingChannel.value
    }
    set {
      let rating = min(max(newValue, 0), 5)
      withMutation(keyPath: \.minimumRating) { ratingChannel.send(rating) }
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

  /// Called once after each published filter pass (the article's test hook); never for a pass
  /// that was not published.
  public var onFilterApplied: (@Sendable () -> Void)? {
    get { store[\.onFilterApplied] }
    set { store[\.onFilterApplied] = newValue }
  }

  /// Called each time ``recentSearchTerms`` changes.
  public var onRecentSearchesChanged: (@Sendable () -> Void)? {
    get { store[\.onRecentSearchesChanged] }
    set { store[\.onRecentSearchesChanged] = newValue }
  }

  /// What the pipeline searches next: each channel's current value (tests compare it with the
  /// visible properties).
  var inputsInFlight: (text: String, method: BrewMethod?, rating: Int, sourceVersion: Int) {
    (
      searchTextChannel.value, methodChannel.value, ratingChannel.value,
      sourceChannel.value.version
    )
  }

  /// Replaces the brews searched. Safe from any thread: each call gets a higher version than
  /// every earlier one, and the channel always ends on the newest (after ``finishInputs()``
  /// a call has no effect).
  public func updateSource(_ brews: [Brew]) {
    sourceVersion.withLock { version in
      version += 1
      sourceChannel.send(BrewSource(version: version, brews: brews))
    }
  }

  /// Ends the inputs: a pending debounced search text is searched at once (the pull debounce
  /// flushes on finish), and ``run()`` returns once that last pass is published. From then on the
  /// setters and ``updateSource(_:)`` have no effect: the properties keep showing the last
  /// inputs, which are what the last pass searched. For a command that reads its inputs to the
  /// end.
  public func finishInputs() {
    searchTextChannel.finish()
    methodChannel.finish()
    ratingChannel.finish()
    sourceChannel.finish()
  }

  /// The model's one task: runs the filter loop and the recent-searches loop until cancelled.
  ///
  /// Call it from a task whose lifetime is the screen's (`.task { await model.run() }`). The
  /// contract:
  /// - One run owns the model at a time. A `run()` called while another owns it returns at once.
  /// - A run stops owning the model **the moment its task is cancelled** (or when it returns),
  ///   not when its teardown ends. So a `run()` started right after cancelling the previous one
  ///   — SwiftUI's `.task(id:)`, a view that reappears — owns the model at once and runs
  ///   normally, however long the old one takes to stop.
  /// - Once cancelled, a run publishes nothing more: its pass in flight is cancelled (whether or
  ///   not ``finishInputs()`` was called), and it returns once nothing of it is running.
  /// - After ``finishInputs()``, a run ends by itself once the last pass is published.
  public func run() async {
    guard let run = claimOwnership() else { return }
    await withTaskCancellationHandler {
      await runPipeline(clock: clock, run: run)
    } onCancel: {
      self.releaseOwnership(of: run)
    }
    releaseOwnership(of: run)
  }

  /// Makes a new run the owner, or returns `nil` when another run owns the model.
  private func claimOwnership() -> Int? {
    runState.withLock { state in
      guard state.owner == nil else { return nil }
      state.runsStarted += 1
      state.owner = state.runsStarted
      return state.runsStarted
    }
  }

  private func releaseOwnership(of run: Int) {
    runState.withLock { state in
      if state.owner == run { state.owner = nil }
    }
  }

  private func runPipeline<C: Clock<Duration>>(clock: C, run: Int) async {
    let debouncedText =
      searchTextChannel
      .debounce(for: debounceInterval, clock: clock, maxWait: maxWait)
      .removeDuplicates()
      // replay: 1, because the text is state: a loop whose iterator registers after the first
      // value was produced (a zero debounce emits at once) still starts from the current text.
      .share(replay: 1)
    await withDiscardingTaskGroup { group in
      group.addTask { await self.filterLoop(text: debouncedText, run: run) }
      group.addTask { await self.recentSearchesLoop(text: debouncedText, run: run) }
    }
  }

  private func filterLoop(text: some AsyncSequence<String, Never> & Sendable, run: Int) async {
    let passes = combineLatest(text, methodChannel, ratingChannel, sourceChannel)
      // Numbered as each combination arrives, in arrival order: a newer one makes every older
      // pass stale at once, whatever its task is doing.
      .map { inputs in (inputs: inputs, generation: self.startPass()) }
      // One pass per combination; a newer one cancels the pass still running. Finished inputs
      // let the last pass complete; cancelling this loop cancels it, also after finishInputs()
      // (mapLatest rules 1, 3 and 5). A pass publishes from its own task as soon as it is done,
      // not when this loop takes its result: a pass that completes is shown even if newer
      // inputs arrive right after, as long as none had arrived before it was written.
      .mapLatest { [filter] pass in
        let (text, method, rating, source) = pass.inputs
        let query = BrewQuery(text: text, method: method, minimumRating: rating)
        guard let results = try? await filter.results(for: query, in: source) else { return }
        self.publish(results, generation: pass.generation, run: run)
      }
    for await _ in passes {}
  }

  private func recentSearchesLoop(
    text: some AsyncSequence<String, Never> & Sendable, run: Int
  ) async {
    for await term in text where !term.isEmpty {
      record(term, run: run)
    }
  }

  /// Makes a new pass the newest one: every older pass is stale from now on.
  func startPass() -> Int {
    runState.withLock { state in
      state.latestGeneration += 1
      return state.latestGeneration
    }
  }

  /// Whether `run` owns the model and `generation` is its newest pass.
  private func isCurrent(generation: Int, run: Int) -> Bool {
    runState.withLock { $0.owner == run && $0.latestGeneration == generation }
  }

  /// Publishes a pass's results, unless a newer pass has started or the run lost ownership:
  /// checked and written in one critical section of the store.
  private func publish(_ results: [Brew], generation: Int, run: Int) {
    store.publish(
      results, if: { self.isCurrent(generation: generation, run: run) },
      observe: { withMutation(keyPath: \.filteredBrews, $0) })
  }

  private func record(_ term: String, run: Int) {
    guard runState.withLock({ $0.owner == run }) else { return }
    store.record(term) { withMutation(keyPath: \.recentSearchTerms, $0) }
  }
}
