import AsyncOps

/// Every small sequence algorithm of AsyncOps once, through the public API, with the spellings
/// of swift-async-algorithms 1.1.5.
enum SequenceAlgorithmChecks {
  struct Failure: Error, Equatable {}

  static func everyAlgorithmOnce() async throws {
    let numbers = [1, 2, 3, 4].async
    try expectEqual(await Array(numbers), [1, 2, 3, 4], "Sequence.async, Array.init")
    try expectEqual(
      await Array(numbers.adjacentPairs().map { $0 * 10 + $1 }), [12, 23, 34], "adjacentPairs")
    try expectEqual(await Array([1, nil, 3].async.compacted()), [1, 3], "compacted")
    try expectEqual(
      await Array(numbers.interspersed(every: 2, with: 0)), [1, 2, 0, 3, 4], "interspersed")
    try expectEqual(
      await Array(numbers.interspersed(with: { 0 })).count, 7, "interspersed, closure")
    try expectEqual(
      await Array(numbers.interspersed(with: { () async in 0 })).count, 7, "interspersed, async")
    let throwing = numbers.interspersed(with: { () throws -> Int in throw Failure() })
    try expectEqual(await collected(throwing), [1], "interspersed, throwing closure")
    let nested = [[1, 2], [3]].map(\.async).async
    try expectEqual(await Array(nested.joined()), [1, 2, 3], "joined")
    try expectEqual(
      await Array(nested.joined(separator: [0].async)), [1, 2, 0, 3], "joined(separator:)")
    try expectEqual(await Array(numbers.reductions(+)), [1, 3, 6, 10], "reductions")
    try expectEqual(await Array(numbers.reductions(10, +)), [11, 13, 16, 20], "reductions(_:_:)")
    try expectEqual(
      await Array(numbers.reductions(into: 0) { $0 += $1 }), [1, 3, 6, 10], "reductions(into:)")
    try expectEqual(
      try await Array(numbers.reductions { (a, b) throws -> Int in a + b }), [1, 3, 6, 10],
      "reductions, throwing")
    try expectEqual(await String(["a", "b"].async), "ab", "RangeReplaceableCollection.init")
    try expectEqual(await Set([1, 1, 2].async), [1, 2], "SetAlgebra.init")
    try expectEqual(
      await Dictionary(uniqueKeysWithValues: [("a", 1)].async), ["a": 1],
      "Dictionary(uniqueKeysWithValues:)")
    try expectEqual(
      await Dictionary([("a", 1), ("a", 2)].async, uniquingKeysWith: +), ["a": 3],
      "Dictionary(_:uniquingKeysWith:)")
    try expectEqual(
      await Dictionary(grouping: numbers, by: { $0 % 2 }), [1: [1, 3], 0: [2, 4]],
      "Dictionary(grouping:by:)")
    let mapped = numbers.map { (value: Int) throws -> Int in
      if value == 3 { throw Failure() }
      return value
    }.mapError { _ in Failure() }
    try expectEqual(await collected(mapped), [1, 2], "mapError")
    var bytes = AsyncBufferedByteIterator(capacity: 2) { buffer in
      buffer.copyBytes(from: [7])
      return 1
    }
    try expectEqual(try await bytes.next(), 7, "AsyncBufferedByteIterator")
  }

  /// The elements before the sequence threw (it must throw).
  static func collected<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
    var elements: [S.Element] = []
    do {
      for try await element in sequence { elements.append(element) }
    } catch {
      return elements
    }
    throw Failure()
  }
}
