import Synchronization

/// How a search model computes one filter pass: given the query and the brews, the matching brews
/// in source order.
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
  private let pass: @Sendable (BrewQuery, BrewSource) async throws -> [Brew]

  /// A filter that runs `pass`. A pass that throws (for example `CancellationError` when a newer
  /// pass replaced it) publishes nothing.
  public init(_ pass: @escaping @Sendable (BrewQuery, BrewSource) async throws -> [Brew]) {
    self.pass = pass
  }

  /// Runs one pass.
  public func results(for query: BrewQuery, in source: BrewSource) async throws -> [Brew] {
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
    return BrewFilter { query, source in try await cache.results(for: query, in: source) }
  }
}

/// The index of the newest source version and the last result computed with it.
private final class IndexCache: Sendable {
  private struct Entry: Sendable {
    var version: Int
    var index: BrewSearchIndex
    var lastResult: BrewSearchResult?
  }

  private let entry = Mutex<Entry?>(nil)

  func results(for query: BrewQuery, in source: BrewSource) async throws -> [Brew] {
    let cached = entry.withLock { entry in
      entry.flatMap { $0.version == source.version ? $0 : nil }
    }
    let index = cached?.index ?? BrewSearchIndex(source.brews)
    let result = try await index.search(query, refining: cached?.lastResult)
    entry.withLock { entry in
      if let current = entry, current.version > source.version { return }
      entry = Entry(version: source.version, index: index, lastResult: result)
    }
    return result.brews
  }
}
