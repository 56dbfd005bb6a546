import Foundation

extension BrewSearchIndex {
  /// Runs `scan` over `0..<count` in chunks, split into parts across cores, and concatenates the
  /// parts' matches in order. Checks for cancellation before every chunk.
  static func run(
    count: Int, tuning: Tuning,
    scan: @escaping @Sendable (Range<Int>, inout [Int32]) -> Void
  ) async throws -> [Int32] {
    let parts = partition(count, minimumPartSize: tuning.minimumPartSize)
    if parts.count <= 1 {
      return try scanChunks(of: 0..<count, tuning: tuning, scan: scan)
    }
    let partResults = try await withThrowingTaskGroup(of: (Int, [Int32]).self) { group in
      for (partIndex, part) in parts.enumerated() {
        group.addTask {
          (partIndex, try scanChunks(of: part, tuning: tuning, scan: scan))
        }
      }
      var results = [[Int32]](repeating: [], count: parts.count)
      for try await (partIndex, matches) in group { results[partIndex] = matches }
      return results
    }
    var positions: [Int32] = []
    positions.reserveCapacity(partResults.reduce(0) { $0 + $1.count })
    for matches in partResults { positions.append(contentsOf: matches) }
    return positions
  }

  /// Contiguous parts: a few per core so that uneven work (exact-path brews cluster) balances.
  static func partition(_ count: Int, minimumPartSize: Int) -> [Range<Int>] {
    let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    let partCount = min(max(1, count / minimumPartSize), cores * 4)
    return (0..<partCount).map { part in
      (count * part / partCount)..<(count * (part + 1) / partCount)
    }
  }

  private static func scanChunks(
    of part: Range<Int>, tuning: Tuning,
    scan: (Range<Int>, inout [Int32]) -> Void
  ) throws -> [Int32] {
    var matches: [Int32] = []
    var start = part.lowerBound
    repeat {
      if Task.isCancelled { throw CancellationError() }
      let end = min(start + tuning.chunkSize, part.upperBound)
      scan(start..<end, &matches)
      tuning.afterChunk?()
      start = end
    } while start < part.upperBound
    return matches
  }
}
