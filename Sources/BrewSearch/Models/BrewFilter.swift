import Synchronization

/// How a search model computes one filter pass: given the query and the brews, the matching brews
/// in source order, as a ``FilteredBrews`` (the built-in filters return positions over the
/// source, so a pass copies no brews; a filter written with an array wraps it without a copy).
///
/// ```swift
/// let model = BrewHistorySearchModel(filter: .indexed())      // the default: fast, exact
/// let plain = BrewHistorySearchModel(filter: .naive)          // the article's filter as written
/// let slow = BrewHistorySearchModel(clock: clock, filter: BrewFilter { query, source in
///   try await clock.sleep(for: .milliseconds(100))            // a slow pass, on virtual time
///   return query.filter(source.brews)
/// })
/// ```
public struct BrewFilter: Sendable {
  private let pass: @Sendable (BrewQuery, BrewSource) async throws -> FilteredBrews

  /// A filter that runs `pass`. A pass that throws (for example `CancellationError` when a newer
  /// pass replaced it) publishes nothing.
  public init(_ pass: @escaping @Sendable (BrewQuery, BrewSource) async throws -> [Brew]) {
    self.pass = { query, source in FilteredBrews(try await pass(query, source)) }
  }

  /// A filter whose `pass` returns a ``FilteredBrews`` — positions over the source's brews, for
  /// a filter that should not copy them. A pass that throws publishes nothing.
  ///
  /// ```swift
  /// let index = BrewSearchIndex(brews)
  /// let filter = BrewFilter(filtered: { query, _ in try await index.search(query).matches })
  /// ```
  public init(
    filtered pass: @escaping @Sendable (BrewQuery, BrewSource) async throws -> FilteredBrews
  ) {
    self.pass = pass
  }

  /// Runs one pass.
  public func results(for query: BrewQuery, in source: BrewSource) async throws -> FilteredBrews {
    try await pass(query, source)
  }

  /// The article's filter, `BrewQuery.filter`, over the whole list on every pass.
  public static var naive: BrewFilter {
    BrewFilter { query, source in query.filter(source.brews) }
  }

  /// A ``BrewSearchIndex`` built once per source version, narrowing from the previous result when
  /// a query refines it; cancellable between chunks. Each call makes a filter with its own cache,
  /// so give each model its own.
  public static func indexed() -> BrewFilter {
    let cache = IndexCache()
    return BrewFilter(filtered: { query, source in try await cache.results(for: query, in: source) }
    )
  }
}

/// The index of the newest source version and the last result computed with it.
///
/// The index is kept as soon as it is built, even when the pass that built it is then cancelled
/// (a newer input arrived): the next pass over the same source needs it, and rebuilding it costs
/// far more than a search. Building checks for cancellation, so a cancelled pass stops early.
final class IndexCache: Sendable {
  private struct Entry: Sendable {
    var version: Int
    var index: BrewSearchIndex
    var lastResult: BrewSearchResult?
  }

  private let entry = Mutex<Entry?>(nil)
  private let tuning: BrewSearchIndex.Tuning

  init(tuning: BrewSearchIndex.Tuning = .standard) {
    self.tuning = tuning
  }

  /// The source version whose index is kept, if any.
  var cachedVersion: Int? { entry.withLock { $0?.version } }

  func results(for query: BrewQuery, in source: BrewSource) async throws -> FilteredBrews {
    let cached = entry.withLock { entry in
      entry.flatMap { $0.version == source.version ? $0 : nil }
    }
    let index = try cached?.index ?? buildAndKeepIndex(for: source)
    let result = try await index.search(query, refining: cached?.lastResult, tuning: tuning)
    entry.withLock { entry in
      guard entry?.version == source.version else { return }
      entry?.lastResult = result
    }
    return result.matches
  }

  /// Builds the index of `source` (stopping if the task is cancelled) and keeps it, unless an
  /// index of a newer (or the same) version is kept already.
  private func buildAndKeepIndex(for source: BrewSource) throws -> BrewSearchIndex {
    let index = try BrewSearchIndex(source.brews) { try Task.checkCancellation() }
    entry.withLock { entry in
      if let current = entry, current.version >= source.version { return }
      entry = Entry(version: source.version, index: index, lastResult: nil)
    }
    return index
  }
}
