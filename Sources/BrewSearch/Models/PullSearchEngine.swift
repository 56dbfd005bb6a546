import AsyncOps
import Synchronization

/// The pull engine behind ``BrewHistorySearchModel``: one `AsyncCurrentValue` channel per input
/// (each input's single source of truth) and one task, ``run()``, that searches them.
///
/// ```swift
/// let model = BrewHistorySearchModel(clock: clock)   // creates this engine
/// model.engine.searchText                              // the channel's current text
/// ```
///
/// ``run()`` is a task group running the filter loop — `combineLatest` of the debounced,
/// de-duplicated search text, the method filter, the minimum rating and the brews — and the
/// recent-searches loop over the same **shared** debounced text. Each filter pass runs in its own
/// task; a result is published only if, at the moment it is written, its pass is still the newest
/// one of the run that owns the engine.
public final class PullSearchEngine: BrewSearchEngine {
  /// Which run owns the engine, and the newest pass it started.
  struct RunState: Sendable {
    /// The run that owns the engine; `nil` when none does (the last one returned or was
    /// cancelled). Only the owner publishes.
    var owner: Int?
    /// The number of runs ever started: the next one's id.
    var runsStarted = 0
    /// The newest pass started; an older pass that finishes late is not published.
    var latestGeneration = 0
  }

  private let output: BrewSearchOutput
  private let runState = Mutex(RunState())
  /// The last source version sent; a `.source` input increments it and sends in one critical
  /// section, so the channel's versions only grow.
  private let sourceVersion = Mutex(0)
  private let searchTextChannel = AsyncCurrentValue("")
  private let methodChannel = AsyncCurrentValue<BrewMethod?>(nil)
  private let ratingChannel = AsyncCurrentValue(0)
  private let sourceChannel = AsyncCurrentValue(BrewSource(version: 0, brews: []))
  private let debounceInterval: Duration
  private let maxWait: Duration?
  private let clock: any Clock<Duration>
  private let filter: BrewFilter
  /// The actor results and recent terms are published on (the main actor for an app's model), or
  /// `nil` to publish on the task that computed them.
  private let publishingActor: (any Actor)?

  /// Creates an engine whose search text is debounced by `debounce` on `clock` (searched at least
  /// every `maxWait` while it keeps changing, when given), each pass computed by `filter` and
  /// published to `output` — on `publishingActor` when one is given.
  public init(
    debounce: Duration, maxWait: Duration? = nil, clock: some Clock<Duration>,
    filter: BrewFilter, output: BrewSearchOutput, publishingActor: (any Actor)? = nil
  ) {
    self.debounceInterval = debounce
    self.maxWait = maxWait
    self.clock = clock
    self.filter = filter
    self.output = output
    self.publishingActor = publishingActor
  }

  /// The search text channel's current value.
  public var searchText: String { searchTextChannel.value }
  /// The method channel's current value.
  public var methodFilter: BrewMethod? { methodChannel.value }
  /// The rating channel's current value.
  public var minimumRating: Int { ratingChannel.value }

  /// Sends `input` into its channel. A source gets a higher version than every earlier one, from
  /// any thread, and the channel always ends on the newest. After ``finishInputs()`` it has no
  /// effect.
  public func send(_ input: SearchInput) {
    switch input {
    case .text(let text): searchTextChannel.send(text)
    case .method(let method): methodChannel.send(method)
    case .rating(let rating): ratingChannel.send(rating)
    case .source(let brews):
      sourceVersion.withLock { version in
        version += 1
        sourceChannel.send(BrewSource(version: version, brews: brews))
      }
    }
  }

  /// What the pipeline searches next: each channel's current value.
  var inputsInFlight: (text: String, method: BrewMethod?, rating: Int, sourceVersion: Int) {
    (
      searchTextChannel.value, methodChannel.value, ratingChannel.value,
      sourceChannel.value.version
    )
  }

  /// Finishes every input channel (see ``ObservableBrewSearchModel/finishInputs()``).
  public func finishInputs() {
    searchTextChannel.finish()
    methodChannel.finish()
    ratingChannel.finish()
    sourceChannel.finish()
  }

  /// The engine's one task (see ``ObservableBrewSearchModel/run()`` for the contract).
  public func run() async {
    let run = runState.withLock { state in
      state.runsStarted += 1
      return state.runsStarted
    }
    // The handler is in place before the run claims the engine, and a cancelled run never claims
    // it: so a cancelled run never owns the engine, not even for an instant. (Claimed first, a
    // run cancelled before its handler was installed — or before its task even started — owned
    // the engine until the handler ran, and a run started right after the cancel returned at once
    // in that window, leaving the model with no run: its results never came.)
    await withTaskCancellationHandler {
      guard claimOwnership(as: run) else { return }
      await runPipeline(clock: clock, run: run)
    } onCancel: {
      self.releaseOwnership(of: run)
    }
    releaseOwnership(of: run)
  }

  /// Makes `run` the owner, unless another run owns the engine or this task is cancelled —
  /// checked under the lock the cancellation handler takes, so a cancellation is never missed.
  private func claimOwnership(as run: Int) -> Bool {
    runState.withLock { state in
      guard state.owner == nil, !Task.isCancelled else { return false }
      state.owner = run
      return true
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
      .map { inputs in (inputs: inputs, generation: self.startPass(run: run)) }
      // One pass per combination; a newer one cancels the pass still running. Finished inputs
      // let the last pass complete; cancelling this loop cancels it, also after finishInputs()
      // (MapLatest rules 1, 3 and 5). A pass publishes from its own task as soon as it is done,
      // not when this loop takes its result: a pass that completes is shown even if newer
      // inputs arrive right after, as long as none had arrived before it was written.
      .mapLatest { [filter] pass in
        let (text, method, rating, source) = pass.inputs
        let query = BrewQuery(text: text, method: method, minimumRating: rating)
        guard let results = try? await filter.results(for: query, in: source) else { return }
        await self.publish(results, generation: pass.generation, run: run)
      }
    for await _ in passes {}
  }

  private func recentSearchesLoop(
    text: some AsyncSequence<String, Never> & Sendable, run: Int
  ) async {
    for await term in text where !term.isEmpty {
      await record(term, run: run)
    }
  }

  /// Makes a new pass of `run` the newest one, if `run` owns the engine. A run that lost
  /// ownership (cancelled, its teardown still running on another thread) starts only stale
  /// passes: a combination it still makes can never make the new owner's pass stale.
  func startPass(run: Int) -> Int {
    runState.withLock { state in
      guard state.owner == run else { return 0 }  // generations start at 1: never current
      state.latestGeneration += 1
      return state.latestGeneration
    }
  }

  /// Makes a new pass the newest one: every older pass is stale from now on (tests).
  func startPass() -> Int {
    runState.withLock { state in
      state.latestGeneration += 1
      return state.latestGeneration
    }
  }

  /// Whether `run` owns the engine and `generation` is its newest pass.
  private func isCurrent(generation: Int, run: Int) -> Bool {
    runState.withLock { $0.owner == run && $0.latestGeneration == generation }
  }

  /// Publishes a pass's results, unless a newer pass has started or the run lost ownership:
  /// checked and written in one critical section of the store.
  private func publish(_ results: FilteredBrews, generation: Int, run: Int) async {
    guard let publishingActor else {
      output.publish(results, if: { self.isCurrent(generation: generation, run: run) })
      return
    }
    await publish(results, generation: generation, run: run, on: publishingActor)
  }

  /// Publishes on `actor` (the check that the pass is current is still made at the write).
  private func publish(
    _ results: FilteredBrews, generation: Int, run: Int, on actor: isolated any Actor
  ) {
    output.publish(results, if: { self.isCurrent(generation: generation, run: run) })
  }

  private func record(_ term: String, run: Int) async {
    guard let publishingActor else { return record(term, run: run, on: nil) }
    await record(term, run: run, on: publishingActor)
  }

  private func record(_ term: String, run: Int, on actor: isolated (any Actor)?) {
    guard runState.withLock({ $0.owner == run }) else { return }
    output.record(term)
  }
}
