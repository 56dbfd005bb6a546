import AsyncOps

/// merge, zip and chain of 2, 3, 5 and 8 bases, written inline and through a `let`, as an app
/// writes them: each must type-check in a client module and compile in release
/// (docs/compiler-workarounds.md).
enum MergeZipChainChecks {
  private static func one(_ value: Int) -> AsyncStream<Int> { OperatorChecks.one(value) }

  static func mergeOfEveryArity() async throws {
    var sums: [Int] = []
    var sum = 0
    for await value in merge(one(1), one(2)) { sum += value }
    sums.append(sum)
    sum = 0
    for await value in merge(one(1), one(2), one(3)) { sum += value }
    sums.append(sum)
    sum = 0
    let five = merge(one(1), one(2), one(3), one(4), one(5))
    for await value in five { sum += value }
    sums.append(sum)
    sum = 0
    for await value in merge(one(1), one(2), one(3), one(4), one(5), one(6), one(7), one(8)) {
      sum += value
    }
    sums.append(sum)
    let eight = merge(one(1), one(2), one(3), one(4), one(5), one(6), one(7), one(8))
    sum = 0
    for await value in eight { sum += value }
    sums.append(sum)
    try expectEqual(sums, [3, 6, 15, 36, 36], "merge sums")
  }

  static func zipOfEveryArity() async throws {
    var sums: [Int] = []
    for await (a, b) in zip(one(1), one(2)) { sums.append(a + b) }
    let three = zip(one(1), one(2), one(3))
    for await (a, b, c) in three { sums.append(a + b + c) }
    for try await (a, b, c, d, e) in zip(one(1), one(2), one(3), one(4), one(5)) {
      sums.append(a + b + c + d + e)
    }
    let eight = zip(one(1), one(2), one(3), one(4), one(5), one(6), one(7), one(8))
    for try await (a, b, c, d, e, f, g, h) in eight { sums.append(a + b + c + d + e + f + g + h) }
    try expectEqual(sums, [3, 6, 15, 36], "zip sums")
  }

  static func chainOfEveryArity() async throws {
    var runs: [[Int]] = []
    var run: [Int] = []
    for await value in chain(one(1), one(2)) { run.append(value) }
    runs.append(run)
    run = []
    let three = chain(one(1), one(2), one(3))
    for await value in three { run.append(value) }
    runs.append(run)
    run = []
    for await value in chain(one(1), one(2), one(3), one(4), one(5)) { run.append(value) }
    runs.append(run)
    run = []
    let eight = chain(one(1), one(2), one(3), one(4), one(5), one(6), one(7), one(8))
    for await value in eight { run.append(value) }
    runs.append(run)
    try expectEqual(runs, [[1, 2], [1, 2, 3], [1, 2, 3, 4, 5], Array(1...8)], "chain order")
  }
}
