import Foundation

/// A search engine over a brew history that gives exactly `BrewQuery.filter`'s results, fast.
///
/// Build it when the source changes; it precomputes a contiguous case-folded UTF-8 buffer of the
/// notes with per-brew offsets, and method and rating columns. A search then
/// - answers method labels once per query (7 comparisons), not once per brew;
/// - scans the buffer with SIMD for the query's key (see `SearchKey`): for plain-ASCII queries
///   against plain-ASCII notes a key match is a match, since byte-wise ASCII folding provably
///   equals `localizedCaseInsensitiveContains` (checked for the current locale when the index is
///   built); for every other query or note a key match is a candidate, confirmed with the
///   article's exact comparison, and a brew without a key match provably does not match; a
///   query whose key has combining marks looks only at the brews whose notes are not plain;
/// - splits a full pass across cores on threads of its own (never the cooperative pool's, which
///   stays free for the caller's timers and tasks), checking for cancellation between chunks and
///   every few exact comparisons (a cancelled search throws `CancellationError`);
/// - narrows from the previous result when the new query only refines it (see
///   `canRefine(_:to:)`).
///
/// ```swift
/// let index = BrewSearchIndex(BrewGenerator(seed: 1).brews(count: 1_000_000))
/// var result = try await index.search(BrewQuery(text: "jas"))
/// result = try await index.search(BrewQuery(text: "jasmine"), refining: result)  // narrowed
/// ```
public struct BrewSearchIndex: Sendable {
  let storage: BrewIndexStorage

  /// How a pass is cut into work.
  struct Tuning: Sendable {
    /// Brews per cancellation check.
    var chunkSize = 16_384
    /// The smallest share of work worth a child task.
    var minimumPartSize = 32_768
    /// Run after every chunk.
    var afterChunk: (@Sendable () -> Void)?

    static let standard = Tuning()
  }

  /// Indexes `brews` (O(total notes size); about 0.1 s per million brews in release builds).
  /// `progress`, when given, is called with the number of brews indexed so far, now and then.
  public init(_ brews: [Brew], progress: ((Int) -> Void)? = nil) {
    storage = BrewIndexStorage(brews, progress: progress)
  }

  /// Indexes `brews`, calling `checkpoint` every few thousand brews; what it throws (for example
  /// `Task.checkCancellation()`'s `CancellationError`) stops the build and is rethrown.
  init(_ brews: [Brew], checkpoint: () throws -> Void) rethrows {
    storage = try BrewIndexStorage(brews, checkpoint: checkpoint)
  }

  /// The indexed brews, in source order.
  public var brews: [Brew] { storage.brews }

  /// The number of indexed brews.
  public var count: Int { storage.brews.count }

  /// The bytes the index adds on top of its brews (text buffer and columns).
  public var indexSizeInBytes: Int {
    storage.text.capacity + storage.offsets.capacity * MemoryLayout<Int>.stride
      + storage.traits.capacity
      + (storage.nonPlainPositions.capacity + storage.exactPathPositions.capacity) * 4
  }

  /// The number of brews whose notes are always compared exactly, without a key scan (notes
  /// containing U+0000, rare clusters where the key could miss a match, or every non-ASCII note
  /// in a locale with special case rules).
  public var exactPathCount: Int { storage.exactPathPositions.count }

  /// The number of brews whose notes are not plain ASCII but keyed: a key match there is
  /// confirmed with the exact comparison.
  var keyedCount: Int { storage.nonPlainPositions.count - storage.exactPathPositions.count }

  /// A full pass over every brew, split across cores; throws `CancellationError` if the calling
  /// task is cancelled before it completes.
  public func search(_ query: BrewQuery) async throws -> BrewSearchResult {
    try await search(query, refining: nil)
  }

  /// Searches for `query`, narrowing from `previous` when `canRefine(previous, to: query)`,
  /// otherwise with a full pass. Throws `CancellationError` if the task is cancelled.
  public func search(
    _ query: BrewQuery, refining previous: BrewSearchResult?
  ) async throws -> BrewSearchResult {
    try await search(query, refining: previous, tuning: .standard)
  }

  /// A single-threaded full pass (no task hops, no cancellation checks): for small histories and
  /// for callers that are not in an async context.
  public func searchSynchronously(_ query: BrewQuery) -> BrewSearchResult {
    var positions: [Int32] = []
    BrewQueryPlan(query, storage: storage).scan(0..<count, storage, into: &positions)
    return BrewSearchResult(
      query: query, positions: positions, strategy: .fullPass, storage: storage)
  }

  /// Whether `query`'s results can be computed from `previous`'s alone: `previous` came from this
  /// index, the method filter is the same or newly set, the minimum rating is the same or higher,
  /// and the text is the same, or was empty, or both are plain ASCII and the new text contains
  /// the old (case-insensitively). In the last case brews off the fast path are re-examined too,
  /// because for them containing the new text does not provably imply containing the old (for
  /// example "ﬆ" contains "st" but not "s").
  public func canRefine(_ previous: BrewSearchResult, to query: BrewQuery) -> Bool {
    refinement(from: previous, to: query) != nil
  }

  /// Internal entry point with adjustable chunking and a hook run after every chunk (tests use
  /// them to exercise the parallel path on small data and to cancel mid-pass).
  func search(
    _ query: BrewQuery, refining previous: BrewSearchResult?, tuning: Tuning
  ) async throws -> BrewSearchResult {
    let plan = BrewQueryPlan(query, storage: storage)
    let positions: [Int32]
    let strategy: BrewSearchResult.Strategy
    if let previous, let candidates = refinement(from: previous, to: query) {
      positions = try await Self.run(count: candidates.count, tuning: tuning) {
        range, matches, stop in
        plan.scan(candidates: candidates[range], storage, into: &matches, isCancelled: stop)
      }
      strategy = .narrowed
    } else {
      positions = try await Self.run(count: count, tuning: tuning) { range, matches, stop in
        plan.scan(range, storage, into: &matches, isCancelled: stop)
      }
      strategy = .fullPass
    }
    return BrewSearchResult(
      query: query, positions: positions, strategy: strategy, storage: storage)
  }

  /// The ascending candidate positions for narrowing, or `nil` when a full pass is needed.
  private func refinement(from previous: BrewSearchResult, to query: BrewQuery) -> [Int32]? {
    let old = previous.query
    guard previous.storage === storage, old.method == nil || old.method == query.method,
      query.minimumRating >= old.minimumRating
    else { return nil }
    // Narrowing visits candidates one by one; a full pass scans the contiguous buffer with SIMD.
    // When the previous result is a large share of a large history (the empty query before the
    // first key), the full pass is the faster of the two.
    guard
      previous.positions.count < Self.narrowingAlwaysBelow
        || previous.positions.count <= count / Self.narrowingLimitDivisor
    else { return nil }
    if old.text.isEmpty || old.text.utf8.elementsEqual(query.text.utf8) {
      return previous.positions
    }
    guard storage.fastPathEnabled, let oldNeedle = BrewIndexStorage.foldedNeedle(old.text),
      let newNeedle = BrewIndexStorage.foldedNeedle(query.text),
      newNeedle.count > oldNeedle.count, Self.contains(newNeedle, oldNeedle)
    else { return nil }
    return Self.mergeAscending(previous.positions, storage.nonPlainPositions)
  }

  /// From a previous result of this many brews or more, narrow only when it is at most 1/8 of the
  /// history; below it, narrowing always wins.
  private static let narrowingAlwaysBelow = 65_536
  private static let narrowingLimitDivisor = 8

  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    (0...(haystack.count - needle.count)).contains { start in
      haystack[start..<start + needle.count].elementsEqual(needle)
    }
  }

  /// The sorted union of two ascending position lists.
  private static func mergeAscending(_ left: [Int32], _ right: [Int32]) -> [Int32] {
    var merged: [Int32] = []
    merged.reserveCapacity(left.count + right.count)
    var (leftIndex, rightIndex) = (0, 0)
    while leftIndex < left.count || rightIndex < right.count {
      let takeLeft =
        rightIndex == right.count
        || (leftIndex < left.count && left[leftIndex] <= right[rightIndex])
      let value = takeLeft ? left[leftIndex] : right[rightIndex]
      if takeLeft { leftIndex += 1 } else { rightIndex += 1 }
      if merged.last != value { merged.append(value) }
    }
    return merged
  }
}
