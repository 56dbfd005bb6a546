import AsyncOps
import BrewSearch
import PushReference
import Synchronization

/// A search model running on the real clock, for the live and piped `search` command.
protocol LiveSession: Sendable {
  associatedtype Model: BrewSearchModel
  var model: Model { get }
  /// Starts the model; called once its callbacks are installed, so no emission is missed.
  func start() async
  /// Applies one input now.
  func apply(_ input: SearchInput) async
  /// Ends the inputs: the pending debounced text is searched, and the call returns once the last
  /// pass is published and nothing of the model runs any more.
  func finish() async
  /// Stops at once (the user pressed Esc), cancelling what is in flight.
  func stop() async
  /// Starts searching `query` ahead of the debounce (called from the key thread at each key).
  func prefetch(_ query: BrewQuery)
}

extension LiveSession {
  func prefetch(_ query: BrewQuery) {}
}

/// The structured-concurrency model: `run()` is one task; finishing the inputs ends it.
final class PullLiveSession: LiveSession {
  let model: BrewHistorySearchModel
  private let prefetcher = BrewSearchPrefetcher()
  private let running = Mutex<Task<Void, Never>?>(nil)

  /// Indexes `brews` first (showing `progress`), so that neither the first pass nor the first
  /// key waits for it.
  init(
    brews: [Brew], debounce: Duration, maxWait: Duration? = nil, progress: ProgressBar? = nil
  ) {
    let progress = brews.count >= ProgressBar.minimumBrews ? progress : nil
    prefetcher.prepare(brews) { indexed in
      progress?.show(
        "Indexing", fraction: Double(indexed) / Double(max(1, brews.count)), count: indexed,
        total: brews.count)
    }
    progress?.clear()
    let model = BrewHistorySearchModel(
      debounce: debounce, maxWait: maxWait, clock: ContinuousClock(), filter: prefetcher.filter)
    model.updateSource(brews)
    self.model = model
  }

  func prefetch(_ query: BrewQuery) {
    prefetcher.prefetch(query)
  }

  func start() {
    let model = model
    running.withLock { $0 = Task { await model.run() } }
  }

  func apply(_ input: SearchInput) async {
    model.apply(input)
  }

  func finish() async {
    model.finishInputs()
    await running.withLock { $0 }?.value
  }

  func stop() async {
    let task = running.withLock { $0 }
    task?.cancel()
    await task?.value
  }
}

/// The push model on a virtual-time scheduler that follows the real clock: a ticker moves the
/// scheduler to the elapsed real time every few milliseconds, and every call is serialized on the
/// actor, because the push engine, like Combine, delivers synchronously on the calling thread.
actor PushLiveSession: LiveSession {
  nonisolated let model: PushBrewHistorySearchModel
  private let scheduler: VirtualTimeScheduler
  private let debounce: Duration
  private let startedAt = ContinuousClock.now
  private var ticker: Task<Void, Never>?

  init(brews: [Brew], debounce: Duration) {
    let scheduler = VirtualTimeScheduler()
    self.scheduler = scheduler
    self.debounce = debounce
    model = PushBrewHistorySearchModel(debounce: debounce, scheduler: scheduler)
    model.updateSource(brews)
  }

  /// Starts following the real clock.
  func start() {
    ticker = Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(5))
        await self?.catchUp()
      }
    }
  }

  private func catchUp() {
    scheduler.advance(to: .init(offset: ContinuousClock.now - startedAt))
  }

  func apply(_ input: SearchInput) {
    catchUp()
    model.apply(input)
    catchUp()
  }

  func finish() {
    ticker?.cancel()
    catchUp()
    // Combine drops a pending debounced value when its upstream finishes, so the inputs are not
    // finished: time is moved past the debounce interval instead, virtually, without waiting.
    scheduler.advance(by: debounce)
    scheduler.run(within: .seconds(3600))
  }

  func stop() {
    ticker?.cancel()
  }
}
