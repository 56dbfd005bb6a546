/// The outcome of a `BrewSearchIndex` search: the matching positions, in source order.
///
/// ```swift
/// let result = try await index.search(BrewQuery(text: "jasmine"))
/// result.count      // how many brews matched
/// result.brews      // the matching brews (materialised on access)
/// result.matches    // the same brews as a collection over the index's own: nothing copied
/// ```
public struct BrewSearchResult: Sendable {
  /// How a result was computed.
  public enum Strategy: Sendable, Hashable {
    /// Every brew of the index was examined.
    case fullPass
    /// Only the previous result's brews (plus brews off the fast path, whose exact comparison
    /// does not narrow provably) were examined, because the query refines the previous one.
    case narrowed
  }

  /// The query this result answers.
  public let query: BrewQuery
  /// Positions in the index's `brews` of the matching brews, ascending.
  public let positions: [Int32]
  /// How this result was computed.
  public let strategy: Strategy
  /// The index storage the positions refer to (refinement is only valid against the same one).
  let storage: BrewIndexStorage

  init(query: BrewQuery, positions: [Int32], strategy: Strategy, storage: BrewIndexStorage) {
    self.query = query
    self.positions = positions
    self.strategy = strategy
    self.storage = storage
  }

  /// The number of matching brews.
  public var count: Int { positions.count }

  /// The matching brews in source order, as a collection over the indexed brews: nothing is
  /// copied (what a search model publishes).
  public var matches: FilteredBrews {
    FilteredBrews(source: storage.brews, positions: positions)
  }

  /// The matching brews in source order — exactly `query.filter(index.brews)` — copied into an
  /// array.
  public var brews: [Brew] {
    let source = storage.brews
    // Positions are ascending and unique, so as many as the source means all of it: the source
    // array itself is the answer (shared, not copied brew by brew — a million retains saved for
    // the empty query).
    if positions.count == source.count { return source }
    return positions.map { source[Int($0)] }
  }
}
