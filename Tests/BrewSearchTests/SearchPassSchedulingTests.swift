import Dispatch
import Foundation
import Synchronization
import Testing

@testable import BrewSearch

/// Where a parallel pass runs and how it stops.
@Suite struct SearchPassSchedulingTests {
  /// Chunks of 50 brews in parts of at least 100: a 4 000-brew pass runs in several parts.
  static func tuning(afterChunk: @escaping @Sendable () -> Void) -> BrewSearchIndex.Tuning {
    BrewSearchIndex.Tuning(chunkSize: 50, minimumPartSize: 100, afterChunk: afterChunk)
  }

  /// Every part of a pass blocks after its first chunk until tasks on the cooperative pool have
  /// run: were the parts on the pool, those tasks could not run (the pool has one thread per
  /// core and the parts outnumber the cores), and the parts would time out waiting.
  @Test func aParallelPassLeavesTheCooperativePoolFree() async throws {
    let index = BrewSearchIndex(BrewGenerator(seed: 4).brews(count: 4_000))
    let released = Atomic(false)
    let timedOut = Atomic(false)
    let gate = DispatchSemaphore(value: 0)
    let tuning = Self.tuning {
      guard !released.load(ordering: .acquiring) else { return }
      if gate.wait(timeout: .now() + 60) == .timedOut { timedOut.store(true, ordering: .relaxed) }
    }
    #expect(BrewSearchIndex.partition(4_000, minimumPartSize: 100).count > 1)
    let query = BrewQuery(text: "jasmine")
    let pass = Task { try await index.search(query, refining: nil, tuning: tuning) }
    // More cooperative tasks than cores, each of which must run while the parts are blocked.
    let cores = ProcessInfo.processInfo.activeProcessorCount
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<(cores * 4) { group.addTask {} }
    }
    released.store(true, ordering: .releasing)
    for _ in 0..<64 { gate.signal() }
    let result = try await pass.value
    let didTimeOut = timedOut.load(ordering: .relaxed)
    #expect(!didTimeOut)
    #expect(result.brews == query.filter(index.brews))
  }

  @Test func cancellingAParallelPassStopsEveryPartAtItsNextChunk() async {
    let index = BrewSearchIndex(BrewGenerator(seed: 4).brews(count: 4_000))
    // The count and the cancellation share one lock: the part that counts the third chunk
    // cancels the pass before any other part can count one more (between an atomic count and
    // the cancel, a preempted part would let the others scan on).
    let chunks = Mutex(0)
    let cancel = Mutex<(@Sendable () -> Void)?>(nil)
    // Every part waits here after its first chunk until the test has installed the
    // cancellation: otherwise, while the test's task waits for a thread (a loaded machine, or
    // the Thread Sanitizer's), the other parts could scan on past the third chunk before it is
    // cancelled, and the count below would measure the scheduler.
    let installed = DispatchGroup()
    installed.enter()
    let tuning = Self.tuning {
      installed.wait()
      chunks.withLock { count in
        count += 1
        if count == 3 { cancel.withLock { $0 }?() }
      }
    }
    let parts = BrewSearchIndex.partition(4_000, minimumPartSize: 100).count
    let pass = Task { try await index.search(BrewQuery(text: "é"), refining: nil, tuning: tuning) }
    cancel.withLock { $0 = { pass.cancel() } }
    installed.leave()
    await #expect(throws: CancellationError.self) { try await pass.value }
    // Each part finishes at most the chunk it was in when the pass was cancelled.
    let scanned = chunks.withLock { $0 }
    #expect(scanned <= 3 + parts)
    #expect(scanned < 4_000 / 50)
  }

  /// A pass whose every brew needs the exact comparison stops within a few comparisons of the
  /// cancellation, not at the end of its (here: only) chunk.
  @Test func aCancelledPassStopsWithinAChunkOfExactComparisons() async {
    let phrase = String(repeating: "Café crème brûlée, ", count: 4)
    let brews = (0..<3_000).map { Brew(id: "\($0)", method: .filter, rating: 3, notes: phrase) }
    let index = BrewSearchIndex(brews)
    let comparisonsBefore = Atomic(0)
    let query = BrewQuery(text: "éz")
    // One chunk of every brew, cancelled from the outside before it starts: the scan checks the
    // flag every `comparisonsPerCheck` comparisons and returns a partial (discarded) result.
    var matches: [Int32] = []
    BrewQueryPlan(query, storage: index.storage).scan(
      0..<brews.count, index.storage, into: &matches,
      isCancelled: {
        comparisonsBefore.add(1, ordering: .relaxed)
        return true
      })
    let checks = comparisonsBefore.load(ordering: .relaxed)
    #expect(checks == 1)
    #expect(matches.isEmpty)
  }
}
