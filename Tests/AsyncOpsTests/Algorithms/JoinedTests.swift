import AsyncOps
import AsyncOpsTesting
import Testing

extension Sequence where Element: Sequence & Sendable, Element.Element: Sendable {
  /// Each inner sequence as an `AsyncSyncSequence`, in an `AsyncSyncSequence`.
  fileprivate var nestedAsync: AsyncSyncSequence<[AsyncSyncSequence<Element>]> {
    map(\.async).async
  }
}

/// SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestJoin.swift (`TestJoinedBySeparator` and
/// `TestJoined`), rewritten in Swift Testing.
@Suite(.timeLimit(.minutes(1))) struct JoinedTests {
  /// Reads `iterator` to its end.
  private static func drain<I: AsyncIteratorProtocol>(_ iterator: inout I) async -> [I.Element] {
    var values: [I.Element] = []
    while let value = try? await iterator.next() { values.append(value) }
    return values
  }

  // MARK: joined(separator:)

  /// TestJoinedBySeparator.test_join
  @Test func theSeparatorComesBetweenTwoInnerSequences() async {
    var iterator = [[1, 2, 3], [4, 5, 6], [7, 8, 9]].nestedAsync
      .joined(separator: [-1, -2, -3].async).makeAsyncIterator()
    var values: [Int] = []
    while let value = await iterator.next() { values.append(value) }  // no `try`
    #expect(values == [1, 2, 3, -1, -2, -3, 4, 5, 6, -1, -2, -3, 7, 8, 9])
    #expect(await iterator.next() == nil)
  }

  /// TestJoinedBySeparator.test_join_single_sequence
  @Test func oneInnerSequenceGetsNoSeparator() async {
    var iterator = [[1, 2, 3]].nestedAsync.joined(separator: [-1, -2, -3].async)
      .makeAsyncIterator()
    #expect(await Self.drain(&iterator) == [1, 2, 3])
    #expect(await iterator.next() == nil)
  }

  /// TestJoinedBySeparator.test_join_empty
  @Test func noInnerSequenceGivesNothing() async {
    var iterator = [AsyncSyncSequence<[Int]>]().async.joined(separator: [-1, -2, -3].async)
      .makeAsyncIterator()
    #expect(await Self.drain(&iterator).isEmpty)
    #expect(await iterator.next() == nil)
  }

  @Test func theSeparatorIsIteratedOnceAndReplayed() async {
    let separator = RecordingSequence([0])
    var values: [Int] = []
    for await value in [[1], [2], [3]].nestedAsync.joined(separator: separator.async) {
      values.append(value)
    }
    #expect(values == [1, 0, 2, 0, 3])
    #expect(separator.events == [.makeIterator, .next, .next])
  }

  /// TestJoinedBySeparator.test_throwing
  @Test func anInnerSequencesErrorEndsTheSequence() async throws {
    let sequences = [[1, 2, 3], [4, 5, 6]].map { $0.async.map { try failing(at: 5, $0) } }.async
    var iterator = sequences.joined(separator: [-1, -2, -3].async).makeAsyncIterator()
    var values: [Int] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == [1, 2, 3, -1, -2, -3, 4])
    #expect(try await iterator.next() == nil)
  }

  /// TestJoinedBySeparator.test_throwing_separator
  @Test func theSeparatorsErrorEndsTheSequence() async throws {
    let separator = [-1, -2, -3].async.map { try failing(at: -2, $0) }
    var iterator = [[1, 2, 3], [4, 5, 6]].nestedAsync.joined(separator: separator)
      .makeAsyncIterator()
    var values: [Int] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == [1, 2, 3, -1])
    #expect(try await iterator.next() == nil)
  }

  /// TestJoinedBySeparator.test_cancellation
  @Test func cancellingTheConsumerEndsAnEndlessInnerSequenceWithSeparator() async {
    let source = [EndlessElements(value: "test").async].async
    let joined = source.joined(separator: ["past indefinite"].async)
    #expect(await elementsTakenUntilCancelled(joined) >= 1)
  }

  // MARK: joined()

  /// TestJoined.test_join
  @Test func joinsTheInnerSequencesInOrder() async {
    var iterator = [[1, 2, 3], [4, 5, 6], [7, 8, 9]].nestedAsync.joined().makeAsyncIterator()
    var values: [Int] = []
    while let value = await iterator.next() { values.append(value) }  // no `try`
    #expect(values == [1, 2, 3, 4, 5, 6, 7, 8, 9])
    #expect(await iterator.next() == nil)
  }

  /// TestJoined.test_join_single_sequence
  @Test func oneInnerSequenceIsPassedThrough() async {
    var values: [Int] = []
    for await value in [[1, 2, 3]].nestedAsync.joined() { values.append(value) }  // no `try`
    #expect(values == [1, 2, 3])
  }

  /// TestJoined.test_join_empty
  @Test func noInnerSequenceGivesNothingJoined() async {
    var iterator = [AsyncSyncSequence<[Int]>]().async.joined().makeAsyncIterator()
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
  }

  /// TestJoined.test_throwing
  @Test func anInnerSequencesErrorEndsTheJoinedSequence() async throws {
    let sequences = [[1, 2, 3], [4, 5, 6]].map { $0.async.map { try failing(at: 5, $0) } }.async
    var iterator = sequences.joined().makeAsyncIterator()
    var values: [Int] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == [1, 2, 3, 4])
    #expect(try await iterator.next() == nil)
  }

  @Test func forTryAwaitCatchesTheErrorThroughNextIsolation() async {
    let sequences = [[1, 2], [3]].map { $0.async.map { try failing(at: 3, $0) } }.async
    var values: [Int] = []
    await #expect(throws: AlgorithmFailure()) {
      for try await value in sequences.joined() { values.append(value) }
    }
    #expect(values == [1, 2])
  }

  /// TestJoined.test_cancellation
  @Test func cancellingTheConsumerEndsAnEndlessInnerSequence() async {
    let joined = [EndlessElements(value: "test").async].async.joined()
    #expect(await elementsTakenUntilCancelled(joined) >= 1)
  }

  /// Cancelled while it waits in an inner sequence that has nothing yet: the wait ends, and so
  /// do the inner and the outer iterators, with no element and no time needed.
  @Test func cancellingWhileWaitingOnAnInnerSequenceEndsBothLevels() async throws {
    let (values, innerIterators, outerIterators) = try await withVirtualTime { _ in
      let inner = AsyncTestSource<Int>(name: "inner")
      inner.send(1)
      let outer = AsyncTestSource<AsyncTestSource<Int>>(name: "outer")
      outer.send(inner)
      let started = AsyncTestSource<Void>()
      let consumer = Task {
        var values: [Int] = []
        do {
          for try await value in outer.joined() {
            values.append(value)
            started.send(())
          }
        } catch {}
        return values
      }
      for try await _ in started { break }
      consumer.cancel()
      return (await consumer.value, inner.liveIteratorCount, outer.liveIteratorCount)
    }
    #expect(values == [1])
    #expect(innerIterators == 0)
    #expect(outerIterators == 0)
  }
}
