import AsyncOps
import Synchronization
import Testing

/// `compacted()` reads its base through `next(isolation:)` with the caller's actor, or with none:
/// a caller on an actor must have its base read on that actor, and a caller on no actor must get
/// the same elements, the same error and `nil` after it.
@Suite(.timeLimit(.minutes(1))) struct CompactedIsolationTests {
  @Test func aCallerOnAnActorHasItsBaseReadOnThatActor() async {
    let base = IsolationRecordingBase(elements: [1, nil, 2, nil, nil, 3])
    let reader = CompactedReader()
    #expect(await reader.readAll(base.compacted()) == .success([1, 2, 3]))
    let calls = base.calls
    #expect(calls.count == 7, "six elements and the end")
    #expect(calls.allSatisfy { $0 == .onTheCallersActor }, "\(calls)")
  }

  @Test func aCallerOnNoActorGetsTheSameElements() async {
    let base = IsolationRecordingBase(elements: [1, nil, 2, nil, nil, 3])
    var iterator = base.compacted().makeAsyncIterator()
    var values: [Int] = []
    while let value = await iterator.next(isolation: nil) { values.append(value) }
    #expect(values == [1, 2, 3])
    #expect(await iterator.next(isolation: nil) == nil)
    #expect(base.calls.count == 7, "after the end, the base is not read again: \(base.calls)")
    #expect(!base.calls.contains(.onTheCallersActor))
  }

  @Test func onAnActorTheBasesErrorEndsTheSequence() async {
    let base = [1, nil, 3, 4, 5].async.map { try failing(at: 4, $0) }
    #expect(await CompactedReader().readAll(base.compacted()) == .failure([1, 3]))
  }

  @Test func onNoActorTheBasesErrorEndsTheSequence() async throws {
    var iterator = [1, nil, 3, 4, 5].async.map { try failing(at: 4, $0) }.compacted()
      .makeAsyncIterator()
    var values: [Int] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next(isolation: nil) { values.append(value) }
    }
    #expect(values == [1, 3])
    #expect(try await iterator.next(isolation: nil) == nil)
  }
}

/// What a reader on an actor saw: every element and then the end, or the elements before the
/// error (with `nil` read after the error, as every iterator must give).
private enum ReadOutcome: Equatable {
  case success([Int])
  case failure([Int])
}

private actor CompactedReader {
  func readAll<Sequence: AsyncSequence<Int, Failure>, Failure>(
    _ sequence: Sequence
  ) async -> ReadOutcome {
    var iterator = sequence.makeAsyncIterator()
    var values: [Int] = []
    do {
      while let value = try await iterator.next(isolation: self) { values.append(value) }
      return .success(values)
    } catch {
      let after = try? await iterator.next(isolation: self)
      return after == nil ? .failure(values) : .success([])
    }
  }
}

/// A base of optionals that records, for each read, whether it came with an actor that is the
/// one running it.
private final class IsolationRecordingBase: AsyncSequence, Sendable {
  enum Call: Equatable { case onTheCallersActor, onNoActor }

  let elements: [Int?]
  private let recorded = Mutex<[Call]>([])
  private let position = Mutex(0)

  init(elements: [Int?]) { self.elements = elements }

  var calls: [Call] { recorded.withLock { $0 } }

  func makeAsyncIterator() -> Iterator { Iterator(base: self) }

  fileprivate func read(_ call: Call) -> Int?? {
    recorded.withLock { $0.append(call) }
    return position.withLock { index in
      guard index < elements.count else { return nil }
      defer { index += 1 }
      return .some(elements[index])
    }
  }

  struct Iterator: AsyncIteratorProtocol {
    let base: IsolationRecordingBase

    func next(isolation actor: isolated (any Actor)?) async -> Int?? {
      guard let actor else { return base.read(.onNoActor) }
      actor.assertIsolated()
      return base.read(.onTheCallersActor)
    }

    func next() async -> Int?? { base.read(.onNoActor) }
  }
}
