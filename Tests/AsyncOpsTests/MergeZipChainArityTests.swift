import AsyncOps
import AsyncOpsTesting
import Testing

/// `merge`, `zip` and `chain` of 1, 2, 3, 5 and 8 bases, written inline and through a `let`: each
/// must type-check and, in release, compile (docs/compiler-workarounds.md). Base `n` has sent `n`
/// and `10 × n` and finished.
@Suite struct MergeZipChainArityTests {
  private func base(_ value: Int) -> AsyncTestSource<Int> {
    let source = AsyncTestSource<Int>()
    source.send(value)
    source.send(value * 10)
    source.finish()
    return source
  }

  private func bases() -> [AsyncTestSource<Int>] { (1...8).map(base) }

  @Test func mergeOfOneTwoFiveAndEightBasesInlineHasEveryElement() async throws {
    let b = bases()
    var sums: [Int] = []
    var sum = 0
    for try await value in merge(b[0]) { sum += value }
    sums.append(sum)
    sum = 0
    for try await value in merge(b[0], b[1]) { sum += value }
    sums.append(sum)
    sum = 0
    for try await value in merge(b[0], b[1], b[2], b[3], b[4]) { sum += value }
    sums.append(sum)
    sum = 0
    for try await value in merge(b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]) { sum += value }
    sums.append(sum)
    #expect(sums == [11, 33, 165, 396])
  }

  @Test func mergeOfFiveAndEightBasesThroughALetKeepsNeverAsItsFailure() async {
    let streams = (1...8).map { value in
      AsyncStream<Int> { continuation in
        continuation.yield(value)
        continuation.finish()
      }
    }
    let five = merge(streams[0], streams[1], streams[2], streams[3], streams[4])
    var received: [Int] = []
    for await value in five { received.append(value) }
    let eight = merge(
      streams[0], streams[1], streams[2], streams[3], streams[4], streams[5], streams[6],
      streams[7])
    for await value in eight { received.append(value) }
    // AsyncStream is single-pass: the eight-base merge sees only what the five left.
    #expect(received.sorted() == [1, 2, 3, 4, 5, 6, 7, 8])
  }

  @Test func zipOfOneTwoFiveAndEightBasesInlineAndThroughALet() async throws {
    let b = bases()
    var sums: [Int] = []
    for try await v in zip(b[0]) { sums.append(v) }
    for try await (v1, v2) in zip(b[0], b[1]) { sums.append(v1 + v2) }
    for try await (v1, v2, v3, v4, v5) in zip(b[0], b[1], b[2], b[3], b[4]) {
      sums.append(v1 + v2 + v3 + v4 + v5)
    }
    let eight = zip(b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7])
    for try await (v1, v2, v3, v4, v5, v6, v7, v8) in eight {
      sums.append(v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8)
    }
    #expect(sums == [1, 10, 3, 30, 15, 150, 36, 360])
  }

  @Test func chainOfOneTwoFiveAndEightBasesInlineAndThroughALet() async throws {
    let b = bases()
    var runs: [[Int]] = []
    var run: [Int] = []
    for try await value in chain(b[0]) { run.append(value) }
    runs.append(run)
    run = []
    for try await value in chain(b[0], b[1]) { run.append(value) }
    runs.append(run)
    run = []
    let five = chain(b[0], b[1], b[2], b[3], b[4])
    for try await value in five { run.append(value) }
    runs.append(run)
    run = []
    for try await value in chain(b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]) {
      run.append(value)
    }
    runs.append(run)
    #expect(runs[0] == [1, 10])
    #expect(runs[1] == [1, 10, 2, 20])
    #expect(runs[2] == (1...5).flatMap { [$0, $0 * 10] })
    #expect(runs[3] == (1...8).flatMap { [$0, $0 * 10] })
  }

  @Test func theSwiftAsyncAlgorithmsTypeNamesCanBeWritten() async {
    let (a, b, c) = (
      AsyncStream<Int> { $0.finish() }, AsyncStream<Int> { $0.finish() },
      AsyncStream<Int> { $0.finish() }
    )
    let merged2: AsyncMerge2Sequence<AsyncStream<Int>, AsyncStream<Int>> = merge(a, b)
    let merged3: AsyncMerge3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>> = merge(
      a, b, c)
    let zipped2: AsyncZip2Sequence<AsyncStream<Int>, AsyncStream<Int>> = zip(a, b)
    let zipped3: AsyncZip3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>> = zip(
      a, b, c)
    let chained2: AsyncChain2Sequence<AsyncStream<Int>, AsyncStream<Int>> = chain(a, b)
    let chained3: AsyncChain3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>> = chain(
      a, b, c)
    // Non-throwing bases: no `try` needed.
    for await _ in merged2 {}
    for await _ in merged3 {}
    for await _ in zipped2 {}
    for await _ in zipped3 {}
    for await _ in chained2 {}
    for await _ in chained3 {}
    #expect(isSendable(merged2) && isSendable(zipped3) && isSendable(chained2))
  }

  @Test func twoAndThreeBaseFormsThrowTheFirstBasesFailureAsSwiftAsyncAlgorithmsTypesDo() {
    let plain = AsyncStream<Int> { $0.finish() }
    let throwing = AsyncThrowingStream<Int, any Error> { $0.finish() }
    #expect(failureType(of: merge(plain, throwing)) == "Never")
    #expect(failureType(of: merge(throwing, plain)) == "Error")
    #expect(failureType(of: zip(plain, throwing)) == "Never")
    #expect(failureType(of: zip(throwing, plain, plain)) == "Error")
    let mergedAnyError: AsyncMergeSequence<Int, any Error, AsyncStream<Int>, AsyncStream<Int>> =
      merge(plain, plain)
    let zippedAnyError: AsyncZipSequence<any Error, AsyncStream<Int>, AsyncStream<Int>> = zip(
      plain, plain)
    #expect(failureType(of: mergedAnyError) == "Error")
    #expect(failureType(of: zippedAnyError) == "Error")
    #expect(failureType(of: merge(plain, throwing, plain, throwing)) == "Error")
    #expect(failureType(of: chain(plain, throwing)) == "Never")
    #expect(failureType(of: chain(throwing, plain)) == "Error")
    #expect(failureType(of: merge(plain, plain)) == "Never")
    #expect(failureType(of: chain(plain, plain, plain)) == "Never")
  }
}

private func isSendable<T: Sendable>(_: T) -> Bool { true }

private func failureType<S: AsyncSequence>(of _: S) -> String { "\(S.Failure.self)" }
