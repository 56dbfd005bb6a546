import Synchronization

/// Searches while the user is still typing, so that the debounced pass finds its answer ready.
///
/// A search model publishes results only after the debounce interval of quiet; the pass then
/// starts from nothing, and at a million brews a full pass takes tens of milliseconds on a busy
/// machine. The prefetcher starts the search at the keystroke instead (``prefetch(_:)``, each
/// one cancelling the previous), narrowing from its earlier results when the query refines them.
/// When the debounced pass asks its ``filter`` for the same query, the answer is already there
/// (or still being computed, and awaited, never computed twice). What is published, and when, is
/// unchanged: only the work moves earlier.
///
/// ```swift
/// let prefetcher = BrewSearchPrefetcher()
/// prefetcher.prepare(brews)                     // index now, not in the first pass
/// let model = BrewHistorySearchModel(filter: prefetcher.filter)
/// model.updateSource(brews)
/// // on every key:
/// model.searchText = text
/// prefetcher.prefetch(BrewQuery(text: text))
/// ```
public final class BrewSearchPrefetcher: Sendable {
  private struct Running: Sendable {
    let query: BrewQuery
    let task: Task<BrewSearchResult?, Never>
  }

  private struct State: Sendable {
    var index: BrewSearchIndex?
    /// Results computed with `index`, newest last.
    var recent: [BrewSearchResult] = []
    var running: Running?
  }

  /// Results kept for answering and narrowing (each holds at most one position per brew).
  private static let keptResults = 4

  private let state = Mutex(State())

  /// Creates a prefetcher with no index yet.
  public init() {}

  /// Indexes `brews` now; `progress` is called with the number of brews indexed so far. A
  /// source the filter has not seen is otherwise indexed by its first pass.
  public func prepare(_ brews: [Brew], progress: ((Int) -> Void)? = nil) {
    let index = BrewSearchIndex(brews, progress: progress)
    replaceIndex(with: index)
  }

  /// A filter for `BrewHistorySearchModel(filter:)` that answers from the prefetched results,
  /// exactly as ``BrewFilter/indexed()`` would.
  public var filter: BrewFilter {
    BrewFilter(filtered: { [self] query, source in
      try await results(for: query, in: source.brews).matches
    })
  }

  /// Starts searching `query` now, in the background, cancelling the previous prefetch. Does
  /// nothing before an index exists (see ``prepare(_:progress:)``).
  public func prefetch(_ query: BrewQuery) {
    state.withLock { state in
      guard let index = state.index, state.running?.query != query else { return }
      guard !state.recent.contains(where: { $0.query == query }) else { return }
      state.running?.task.cancel()
      let base = Self.base(for: query, in: state.recent, index: index)
      state.running = Running(
        query: query,
        task: Task {
          guard let result = try? await index.search(query, refining: base) else { return nil }
          self.remember(result)
          return result
        })
    }
  }

  /// The result for `query` over `brews`: prefetched, being prefetched, or computed now.
  func results(for query: BrewQuery, in brews: [Brew]) async throws -> BrewSearchResult {
    enum Plan {
      case ready(BrewSearchResult)
      case await(Task<BrewSearchResult?, Never>)
      case search(BrewSearchIndex, refining: BrewSearchResult?)
      case newSource
    }
    let plan = state.withLock { state -> Plan in
      if let index = state.index, Self.sameArray(index.brews, brews) {
        if let ready = state.recent.last(where: { $0.query == query }) { return .ready(ready) }
        if let running = state.running, running.query == query { return .await(running.task) }
        return .search(index, refining: Self.base(for: query, in: state.recent, index: index))
      }
      return .newSource
    }
    switch plan {
    case .ready(let result):
      return result
    case .await(let task):
      if let result = await task.value { return result }
      try Task.checkCancellation()
      return try await results(for: query, in: brews)
    case .search(let index, let base):
      let result = try await index.search(query, refining: base)
      remember(result)
      return result
    case .newSource:
      // Indexed outside the lock; the new index replaces the old one for later queries.
      let index = BrewSearchIndex(brews)
      let result = try await index.search(query)
      replaceIndex(with: index)
      remember(result)
      return result
    }
  }

  /// Waits for the prefetch in flight, if any (for tests).
  func waitForPrefetch() async {
    _ = await state.withLock { $0.running?.task }?.value
  }

  /// The queries whose results are kept, oldest first (for tests).
  var keptQueries: [BrewQuery] { state.withLock { $0.recent.map(\.query) } }

  private func replaceIndex(with index: BrewSearchIndex) {
    state.withLock { state in
      state.running?.task.cancel()
      state.running = nil
      state.recent = []
      state.index = index
    }
  }

  private func remember(_ result: BrewSearchResult) {
    state.withLock { state in
      guard state.index?.storage === result.storage else { return }
      state.recent.removeAll { $0.query == result.query }
      state.recent.append(result)
      if state.recent.count > Self.keptResults { state.recent.removeFirst() }
    }
  }

  /// The smallest kept result that `query` refines, to narrow from.
  private static func base(
    for query: BrewQuery, in recent: [BrewSearchResult], index: BrewSearchIndex
  ) -> BrewSearchResult? {
    recent.filter { index.canRefine($0, to: query) }.min { $0.count < $1.count }
  }

  /// Whether two arrays share their storage: then they are the same brews (an array's storage
  /// is never mutated while shared), and an index of one is an index of the other.
  private static func sameArray(_ left: [Brew], _ right: [Brew]) -> Bool {
    guard left.count == right.count else { return false }
    guard !left.isEmpty else { return true }
    return left.withUnsafeBufferPointer { leftBuffer in
      right.withUnsafeBufferPointer { $0.baseAddress == leftBuffer.baseAddress }
    }
  }
}
