import AsyncOps
import AsyncOpsTesting
import Testing

/// SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestMapError.swift, rewritten in Swift Testing.
@Suite(.timeLimit(.minutes(1))) struct MapErrorTests {
  private enum Mapped: Error, Equatable { case mapped }

  /// test_mapError
  @Test func theMappedErrorIsThrownAfterTheElementsBeforeIt() async {
    let sequence = [1, 2, 3, 4, 5, 6].async.map { try failing(at: 4, $0) }
      .mapError { _ in Mapped.mapped }
    var values: [Int] = []
    do {
      for try await value in sequence { values.append(value) }
      Issue.record("the sequence did not throw")
    } catch {
      #expect(error == .mapped)  // typed: `error` is `Mapped`
    }
    #expect(values == [1, 2, 3])
  }

  /// test_mapError_cancellation
  @Test func cancellingTheConsumerEndsAnEndlessBase() async {
    let sequence = EndlessElements(value: "test").async.map { try failing(at: "never", $0) }
      .mapError { _ in Mapped.mapped }
    #expect(await elementsTakenUntilCancelled(sequence) >= 1)
  }

  /// test_mapError_empty
  @Test func anEmptyBaseEndsWithoutError() async throws {
    let sequence = [String]().async.map { try failing(at: "never", $0) }
      .mapError { _ in Mapped.mapped }
    var count = 0
    for try await _ in sequence { count += 1 }
    #expect(count == 0)
  }

  @Test func theTransformGetsTheBasesTypedError() async throws {
    let sequence = [1, 2].async.map { try failing(at: 2, $0) }
      .mapError { error in error is AlgorithmFailure ? Mapped.mapped : Mapped.mapped }
    var iterator = sequence.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    await #expect(throws: Mapped.mapped) { try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  @Test func aSendableBaseGivesASendableSequence() async throws {
    let source = AsyncTestSource<Int>()
    source.send(1)
    source.send(2)
    source.finish()
    let sequence = source.mapError { _ in Mapped.mapped }
    let task = Task { try await Array(sequence) }  // crosses into a task: `Sendable`
    #expect(try await task.value == [1, 2])
  }
}
