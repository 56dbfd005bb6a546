/// The brew-history search of the article, rebuilt as one structured-concurrency task: the
/// shared observable surface over the pull engine, ``PullSearchEngine``.
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
/// `publish(_:generation:run:)` and `record(_:run:)` of the engine, called from `run()`'s loops. So the model
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
public typealias BrewHistorySearchModel = ObservableBrewSearchModel<PullSearchEngine>

extension ObservableBrewSearchModel where Engine == PullSearchEngine {
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
  public convenience init(
    debounce: Duration = .milliseconds(300),
    maxWait: Duration? = nil,
    clock: some Clock<Duration> = ContinuousClock(),
    recentSearchLimit: Int = 10,
    filter: BrewFilter = .indexed()
  ) {
    let output = BrewSearchOutput(recentSearchLimit: recentSearchLimit)
    self.init(
      engine: PullSearchEngine(
        debounce: debounce, maxWait: maxWait, clock: clock, filter: filter, output: output),
      output: output, recentSearchLimit: recentSearchLimit)
  }

  /// Ends the inputs: a pending debounced search text is searched at once (the pull debounce
  /// flushes on finish), and ``run()`` returns once that last pass is published. From then on the
  /// setters and ``updateSource(_:)`` have no effect: the properties keep showing the last
  /// inputs, which are what the last pass searched. For a command that reads its inputs to the
  /// end.
  public func finishInputs() {
    engine.finishInputs()
  }

  /// The model's one task: runs the filter loop and the recent-searches loop until cancelled.
  ///
  /// Call it from a task whose lifetime is the screen's (`.task { await model.run() }`). The
  /// contract:
  /// - One run owns the model at a time. A `run()` called while another owns it returns at once.
  ///   So when you restart by hand, cancel the old task **before** starting the new one: a new
  ///   run started first returns at once, and once the old one is cancelled no run is left.
  /// - A run stops owning the model **the moment its task is cancelled** (or when it returns),
  ///   not when its teardown ends. So a `run()` started right after cancelling the previous one
  ///   — SwiftUI's `.task(id:)`, a view that reappears — owns the model at once and runs
  ///   normally, however long the old one takes to stop. A run whose task is cancelled before
  ///   it begins never owns the model, not even for an instant, so it cannot turn that new run
  ///   away, whichever thread either starts on.
  /// - Once cancelled, a run publishes nothing more: its pass in flight is cancelled (whether or
  ///   not ``finishInputs()`` was called), and it returns once nothing of it is running.
  /// - After ``finishInputs()``, a run ends by itself once the last pass is published.
  public func run() async {
    await engine.run()
  }

  /// What the pipeline searches next: each channel's current value (tests compare it with the
  /// visible properties).
  var inputsInFlight: (text: String, method: BrewMethod?, rating: Int, sourceVersion: Int) {
    engine.inputsInFlight
  }

  /// Makes a new pass the newest one: every older pass is stale from now on.
  func startPass() -> Int {
    engine.startPass()
  }
}
