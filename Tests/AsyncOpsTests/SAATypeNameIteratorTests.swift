import AsyncOps
import Testing

/// The iterators of swift-async-algorithms' 2- and 3-base type names (`AsyncMerge2Sequence` and
/// its siblings): `next()` rethrows by the bases' conformances and delivers any base's error, as
/// in swift-async-algorithms; `for await` reads `next(isolation:)`, which throws the first base's
/// failure type only.
@Suite struct SAATypeNameIteratorTests {
  /// A stream that never fails, with `elements`.
  static func quiet(_ elements: [Int]) -> AsyncStream<Int> {
    AsyncStream { continuation in
      for element in elements { continuation.yield(element) }
      continuation.finish()
    }
  }

  /// A stream that fails with `PortFailure` at once.
  static func failing() -> AsyncThrowingStream<Int, any Error> {
    AsyncThrowingStream { $0.finish(throwing: PortFailure()) }
  }

  /// Reads `iterator` by hand until it ends or throws; returns the error and the next two calls.
  static func drain<Iterator: AsyncIteratorProtocol>(
    _ iterator: inout Iterator
  ) async -> (failure: (any Error)?, pastEnd: [Bool]) {
    var failure: (any Error)?
    do {
      while try await iterator.next() != nil {}
    } catch {
      failure = error
    }
    var pastEnd: [Bool] = []
    for _ in 0..<2 { pastEnd.append((try? await iterator.next()) == nil) }
    return (failure, pastEnd)
  }

  @Test func theSecondBasesErrorReachesACallerOfNextOnTheConcreteIterator() async throws {
    var merged = merge(Self.quiet([1]), Self.failing()).makeAsyncIterator()
    var caught: [String] = []
    do {
      while try await merged.next() != nil {}
    } catch {
      caught.append("merge \(error is PortFailure)")
    }
    var zipped = zip(Self.quiet([1]), Self.quiet([2]), Self.failing()).makeAsyncIterator()
    do {
      while try await zipped.next() != nil {}
    } catch {
      caught.append("zip3 \(error is PortFailure)")
    }
    var latest = combineLatest(Self.quiet([1]), Self.failing()).makeAsyncIterator()
    do {
      while try await latest.next() != nil {}
    } catch {
      caught.append("combineLatest \(error is PortFailure)")
    }
    #expect(caught == ["merge true", "zip3 true", "combineLatest true"])
    #expect(try await merged.next() == nil)
  }

  @Test func everyFormDeliversTheLaterBasesErrorAndThenNil() async {
    var merge2 = merge(Self.quiet([1]), Self.failing()).makeAsyncIterator()
    var merge3 = merge(Self.quiet([1]), Self.quiet([2]), Self.failing()).makeAsyncIterator()
    var zip2 = zip(Self.quiet([1]), Self.failing()).makeAsyncIterator()
    var zip3 = zip(Self.quiet([1]), Self.failing(), Self.quiet([2])).makeAsyncIterator()
    var latest2 = combineLatest(Self.quiet([1]), Self.failing()).makeAsyncIterator()
    var latest3 = combineLatest(Self.quiet([1]), Self.quiet([2]), Self.failing())
      .makeAsyncIterator()
    let outcomes = [
      await Self.drain(&merge2), await Self.drain(&merge3), await Self.drain(&zip2),
      await Self.drain(&zip3), await Self.drain(&latest2), await Self.drain(&latest3),
    ]
    for outcome in outcomes {
      #expect(outcome.failure is PortFailure)
      #expect(outcome.pastEnd == [true, true])
    }
  }

  @Test func forAwaitOverBasesThatCannotFailNeedsNoTry() async {
    var merged: [Int] = []
    for await element in merge(Self.quiet([1]), Self.quiet([2])) { merged.append(element) }
    var zipped: [Int] = []
    for await (a, b, c) in zip(Self.quiet([1]), Self.quiet([2]), Self.quiet([3])) {
      zipped.append(a + b + c)
    }
    var latest: [Int] = []
    for await (a, b) in combineLatest(Self.quiet([1]), Self.quiet([2])) { latest.append(a * b) }
    var iterator = merge(Self.quiet([3]), Self.quiet([])).makeAsyncIterator()
    let first = await iterator.next()
    #expect(merged.sorted() == [1, 2] && zipped == [6] && latest == [2] && first == 3)
  }

  @Test func forAwaitStopsWithAClearMessageOnAnErrorTheFirstBaseCannotThrow() async {
    await #expect(processExitsWith: .failure) {
      for await _ in merge(SAATypeNameIteratorTests.quiet([]), SAATypeNameIteratorTests.failing()) {
      }
    }
  }
}
