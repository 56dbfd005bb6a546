import Dispatch
import Foundation
import Synchronization

extension BrewSearchIndex {
  /// The scan of one chunk: appends the matches in a range; may return early (with a partial
  /// result) once its third argument, the stop check, answers `true`.
  typealias ChunkScan =
    @Sendable (Range<Int>, inout [Int32], @escaping @Sendable () -> Bool) -> Void

  /// Runs `scan` over `0..<count` in chunks and concatenates the matches in order.
  ///
  /// A pass of more than one part runs on Dispatch's global queues, not on the cooperative pool:
  /// a long pass (many exact comparisons, a slow machine) must not hold up the caller's other
  /// tasks, such as a debounce timer, a recent-searches loop or the next pass. The calling task
  /// only waits. Its cancellation is seen by every part before its next chunk (and every few
  /// exact comparisons within one); the pass then throws `CancellationError` as soon as every
  /// part has stopped.
  static func run(count: Int, tuning: Tuning, scan: @escaping ChunkScan) async throws -> [Int32] {
    let parts = partition(count, minimumPartSize: tuning.minimumPartSize)
    // One part (under `2 * minimumPartSize` brews, a millisecond of scanning): on the calling
    // task, which checks for cancellation as the parts do. It holds one thread of the pool.
    if parts.count <= 1 {
      let matches = scanChunks(of: 0..<count, tuning: tuning, scan: scan) { Task.isCancelled }
      if Task.isCancelled { throw CancellationError() }
      return matches
    }
    let job = ParallelScan(parts: parts.count)
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        job.start(continuation, cancelled: Task.isCancelled)
        for (partIndex, part) in parts.enumerated() {
          DispatchQueue.global(qos: .userInitiated).async {
            let matches = scanChunks(of: part, tuning: tuning, scan: scan, stop: job.isCancelled)
            job.finish(partIndex, matches)
          }
        }
      }
    } onCancel: {
      job.cancel()
    }
    if job.isCancelled() { throw CancellationError() }
    return job.concatenated()
  }

  /// Contiguous parts: a few per core so that uneven work (keyed brews cluster) balances.
  static func partition(_ count: Int, minimumPartSize: Int) -> [Range<Int>] {
    let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    let partCount = min(max(1, count / minimumPartSize), cores * 4)
    return (0..<partCount).map { part in
      (count * part / partCount)..<(count * (part + 1) / partCount)
    }
  }

  /// Scans `part` chunk by chunk until done or `stop()`; the result is partial after a stop.
  private static func scanChunks(
    of part: Range<Int>, tuning: Tuning, scan: ChunkScan, stop: @escaping @Sendable () -> Bool
  ) -> [Int32] {
    var matches: [Int32] = []
    var start = part.lowerBound
    repeat {
      if stop() { return matches }
      let end = min(start + tuning.chunkSize, part.upperBound)
      scan(start..<end, &matches, stop)
      tuning.afterChunk?()
      start = end
    } while start < part.upperBound
    return matches
  }
}

/// The shared state of one parallel pass: the parts' results, the waiting task's continuation
/// (resumed once, by the last part to finish), and the cancellation flag the parts poll.
private final class ParallelScan: Sendable {
  private struct State {
    var results: [[Int32]]
    var remaining: Int
    var continuation: CheckedContinuation<Void, Never>?
  }

  private let state: Mutex<State>
  private let cancelled = Atomic(false)

  init(parts: Int) {
    state = Mutex(State(results: Array(repeating: [], count: parts), remaining: parts))
  }

  /// Stores the continuation before any part starts (the task may already be cancelled).
  func start(_ continuation: CheckedContinuation<Void, Never>, cancelled alreadyCancelled: Bool) {
    if alreadyCancelled { cancel() }
    state.withLock { $0.continuation = continuation }
  }

  @Sendable func isCancelled() -> Bool { cancelled.load(ordering: .relaxed) }

  func cancel() { cancelled.store(true, ordering: .relaxed) }

  func finish(_ part: Int, _ matches: [Int32]) {
    let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.results[part] = matches
      state.remaining -= 1
      guard state.remaining == 0 else { return nil }
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume()
  }

  func concatenated() -> [Int32] {
    state.withLock { state in
      var positions: [Int32] = []
      positions.reserveCapacity(state.results.reduce(0) { $0 + $1.count })
      for matches in state.results { positions.append(contentsOf: matches) }
      return positions
    }
  }
}
