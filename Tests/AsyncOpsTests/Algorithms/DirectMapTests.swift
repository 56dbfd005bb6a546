import AsyncOps
import Synchronization
import Testing

/// `compacted()` and `joined()` of the standard library's `map` read it through
/// ``AsyncDirectMapSequence``: the overloads must be the ones chosen for a `map`, must give what
/// the general ones give (elements, the base's failure, `nil` after the end or the failure, the
/// caller's isolation passed on), and must not stop a caller that names swift-async-algorithms'
/// type from getting it.
@Suite(.timeLimit(.minutes(1))) struct DirectMapTests {
  @Test func compactedOfAMapReadsTheMapDirectly() async {
    let ids = ["1", "x", "3"].async.map { Int($0) }.compacted()
    #expect(
      type(of: ids)
        == AsyncCompactedSequence<AsyncDirectMapSequence<AsyncSyncSequence<[String]>, Int?>, Int>
        .self)
    #expect(await Array(ids) == [1, 3])
  }

  @Test func joinedOfAMapOfPartsThatCannotFailReadsTheMapDirectlyAndCannotFail() async {
    let items = [1, 2].async.map { [$0, $0 * 10].async }.joined()
    #expect(
      type(of: items)
        == AsyncNonThrowingJoinedSequence<
          AsyncJoinedSequence<
            AsyncDirectMapSequence<AsyncSyncSequence<[Int]>, AsyncSyncSequence<[Int]>>
          >
        >.self)
    #expect(type(of: items).Failure.self == Never.self)
    #expect(await Array(items) == [1, 10, 2, 20])
  }

  @Test func namingSwiftAsyncAlgorithmsTypesStillCompiles() async throws {
    let compacted: AsyncCompactedSequence<AsyncMapSequence<AsyncSyncSequence<[Int]>, Int?>, Int> =
      [1, 2, 3].async.map { $0 == 2 ? nil : $0 }.compacted()
    #expect(await Array(compacted) == [1, 3])
    let joined:
      AsyncJoinedSequence<AsyncMapSequence<AsyncSyncSequence<[Int]>, AsyncSyncSequence<[Int]>>> =
        [1, 2].async.map { [$0].async }.joined()
    var items: [Int] = []
    for try await item in joined { items.append(item) }
    #expect(items == [1, 2])
  }

  @Test func compactedOfAMapEndsWithTheBasesFailureAndThenReturnsNil() async throws {
    var iterator = ThrowsThenContinues(elements: [1, nil, 3], failAt: 3).map { $0 }.compacted()
      .makeAsyncIterator()
    var values: [Int] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == [1, 3])
    #expect(try await iterator.next() == nil, "its base goes on after the failure; it must not")
  }

  @Test func joinedOfAMapEndsWithTheBasesFailureAndThenReturnsNil() async throws {
    var iterator = ThrowsThenContinues(elements: [1, 2], failAt: 2).map { [$0, $0].async }.joined()
      .makeAsyncIterator()
    var values: [Int] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == [1, 1, 2, 2])
    #expect(try await iterator.next() == nil, "its base goes on after the failure; it must not")
  }

  @Test func joinedOfAMapReturnsNilForEverAfterTheEnd() async {
    var iterator = [1].async.map { [$0].async }.joined().makeAsyncIterator()
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == nil)
    #expect(await iterator.next() == nil)
  }

  @Test func aCallerOnAnActorHasTheMapsBaseReadOnThatActor() async {
    let base = ActorRecordingBase(elements: [1, 2, 3])
    let reader = DirectMapReader()
    #expect(await reader.readAll(base.map { $0 == 2 ? nil : $0 }.compacted()) == [1, 3])
    #expect(await reader.readAll(base.map { [$0].async }.joined()) == [])
    #expect(
      base.reads == [true, true, true, true, true],
      "three elements and the end, then the end again, all on the actor")
  }
}

private actor DirectMapReader {
  func readAll<Sequence: AsyncSequence<Int, Never>>(_ sequence: Sequence) async -> [Int] {
    var iterator = sequence.makeAsyncIterator()
    var values: [Int] = []
    while let value = await iterator.next(isolation: self) { values.append(value) }
    return values
  }
}

/// A base of `elements`, shared by the iterators made from it (the second one finds it read to
/// its end), that records for each read whether it came with an actor that is running it.
private final class ActorRecordingBase: AsyncSequence, Sendable {
  let elements: [Int]
  private let state = Mutex((position: 0, reads: [Bool]()))

  init(elements: [Int]) { self.elements = elements }

  var reads: [Bool] { state.withLock { $0.reads } }

  func makeAsyncIterator() -> Iterator { Iterator(base: self) }

  fileprivate func read(onTheCallersActor: Bool) -> Int? {
    state.withLock { state in
      state.reads.append(onTheCallersActor)
      guard state.position < elements.count else { return nil }
      defer { state.position += 1 }
      return elements[state.position]
    }
  }

  struct Iterator: AsyncIteratorProtocol {
    let base: ActorRecordingBase

    func next(isolation actor: isolated (any Actor)?) async -> Int? {
      guard let actor else { return base.read(onTheCallersActor: false) }
      actor.assertIsolated()
      return base.read(onTheCallersActor: true)
    }

    func next() async -> Int? { base.read(onTheCallersActor: false) }
  }
}
