import Synchronization
import Testing

@testable import BrewSearch

@Suite struct IndexCacheTests {
  private let brews = BrewGenerator(seed: 8).brews(count: 64)

  @Test func anIndexBuiltByAPassCancelledWhileSearchingIsKept() async throws {
    // The search is cancelled after its first chunk: the index was built, the pass is not done.
    var tuning = BrewSearchIndex.Tuning()
    tuning.chunkSize = 4
    tuning.afterChunk = { withUnsafeCurrentTask { $0?.cancel() } }
    let cache = IndexCache(tuning: tuning)
    let source = BrewSource(version: 1, brews: brews)
    await #expect(throws: CancellationError.self) {
      try await cache.results(for: BrewQuery(text: "a"), in: source)
    }
    #expect(cache.cachedVersion == 1, "the next pass over version 1 does not rebuild")
  }

  @Test func anOlderSourceNeverReplacesANewerIndex() async throws {
    let cache = IndexCache()
    _ = try await cache.results(for: BrewQuery(), in: BrewSource(version: 2, brews: brews))
    let older = try await cache.results(
      for: BrewQuery(), in: BrewSource(version: 1, brews: Array(brews.prefix(3))))
    #expect(older.count == 3, "an older source is still searched correctly")
    #expect(cache.cachedVersion == 2)
  }

  @Test func buildingAnIndexStopsAtTheFirstFailedCheckpoint() {
    let checkpoints = Atomic(0)
    let count = BrewIndexStorage.checkpointInterval * 3
    #expect(throws: CancellationError.self) {
      _ = try BrewSearchIndex(Array(repeating: Brew.sampleHistory[0], count: count)) {
        if checkpoints.add(1, ordering: .relaxed).newValue == 2 { throw CancellationError() }
      }
    }
    #expect(checkpoints.load(ordering: .relaxed) == 2, "the build stopped at once")
  }

  /// (This would hold too if the build ran to the end and its index were dropped; the checkpoint
  /// test above pins that it stops.)
  @Test func aPassCancelledBeforeItStartsThrowsAndKeepsNoIndex() async {
    let cache = IndexCache()
    let pass = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await cache.results(
        for: BrewQuery(), in: BrewSource(version: 1, brews: brews))
    }
    await #expect(throws: CancellationError.self) { try await pass.value }
    #expect(cache.cachedVersion == nil)
  }
}
