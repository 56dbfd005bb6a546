import AsyncOps
import AsyncOpsTesting
import Testing

/// Every arity of `combineLatest` from 2 to 8, written inline in a destructuring
/// `for try await (...) in combineLatest(...)` and through a `let`: each must type-check (before
/// the bases became one parameter pack, 5, 7 and 8 written inline did not) and, in release, compile
/// without crashing the optimiser (docs/compiler-workarounds.md). Each base sent one element and
/// finished, so each combination yields one tuple.
@Suite struct CombineLatestArityTests {
  /// A base that has sent `value` and finished; every iterator reads it from the first.
  private func base(_ value: Int) -> AsyncTestSource<Int> {
    let source = AsyncTestSource<Int>()
    source.send(value)
    source.finish()
    return source
  }

  @Test func everyArityFromTwoToEightTypeChecksInline() async throws {
    let (b1, b2, b3, b4, b5, b6, b7, b8) = (
      base(1), base(2), base(3), base(4), base(5), base(6), base(7), base(8)
    )
    var sums: [Int] = []
    for try await (v1, v2) in combineLatest(b1, b2) { sums.append(v1 + v2) }
    for try await (v1, v2, v3) in combineLatest(b1, b2, b3) { sums.append(v1 + v2 + v3) }
    for try await (v1, v2, v3, v4) in combineLatest(b1, b2, b3, b4) {
      sums.append(v1 + v2 + v3 + v4)
    }
    for try await (v1, v2, v3, v4, v5) in combineLatest(b1, b2, b3, b4, b5) {
      sums.append(v1 + v2 + v3 + v4 + v5)
    }
    for try await (v1, v2, v3, v4, v5, v6) in combineLatest(b1, b2, b3, b4, b5, b6) {
      sums.append(v1 + v2 + v3 + v4 + v5 + v6)
    }
    for try await (v1, v2, v3, v4, v5, v6, v7) in combineLatest(b1, b2, b3, b4, b5, b6, b7) {
      sums.append(v1 + v2 + v3 + v4 + v5 + v6 + v7)
    }
    for try await (v1, v2, v3, v4, v5, v6, v7, v8)
      in combineLatest(b1, b2, b3, b4, b5, b6, b7, b8)
    {
      sums.append(v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8)
    }
    #expect(sums == [3, 6, 10, 15, 21, 28, 36])
  }

  @Test func everyArityFromTwoToEightTypeChecksThroughALet() async throws {
    let (b1, b2, b3, b4, b5, b6, b7, b8) = (
      base(1), base(2), base(3), base(4), base(5), base(6), base(7), base(8)
    )
    var tuples: [String] = []
    let two = combineLatest(b1, b2)
    for try await tuple in two { tuples.append("\(tuple)") }
    let three = combineLatest(b1, b2, b3)
    for try await tuple in three { tuples.append("\(tuple)") }
    let four = combineLatest(b1, b2, b3, b4)
    for try await tuple in four { tuples.append("\(tuple)") }
    let five = combineLatest(b1, b2, b3, b4, b5)
    for try await (v1, v2, v3, v4, v5) in five { tuples.append("\((v1, v2, v3, v4, v5))") }
    let six = combineLatest(b1, b2, b3, b4, b5, b6)
    for try await tuple in six { tuples.append("\(tuple)") }
    let seven = combineLatest(b1, b2, b3, b4, b5, b6, b7)
    for try await tuple in seven { tuples.append("\(tuple)") }
    let eight = combineLatest(b1, b2, b3, b4, b5, b6, b7, b8)
    for try await tuple in eight { tuples.append("\(tuple)") }
    #expect(
      tuples == [
        "(1, 2)", "(1, 2, 3)", "(1, 2, 3, 4)", "(1, 2, 3, 4, 5)", "(1, 2, 3, 4, 5, 6)",
        "(1, 2, 3, 4, 5, 6, 7)", "(1, 2, 3, 4, 5, 6, 7, 8)",
      ])
  }

  @Test func oneBaseGivesItsOwnElements() async throws {
    let numbers = AsyncTestSource<Int>()
    for value in 1...3 { numbers.send(value) }
    numbers.finish()
    var received: [Int] = []
    for try await value in combineLatest(numbers) { received.append(value) }
    #expect(received == [1, 2, 3])
  }

  @Test func noBaseEndsAtOnce() async throws {
    var tuples = 0
    for try await _ in combineLatest() { tuples += 1 }
    #expect(tuples == 0)
  }
}
