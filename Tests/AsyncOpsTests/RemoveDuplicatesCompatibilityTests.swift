import AsyncOps
import Testing

/// `removeDuplicates(by:)` accepts the predicates swift-async-algorithms 1.1.5 accepts: `async`,
/// `throws` and `async throws`, as closures or as function values of its closure types, and
/// returns sequences of the same names.
@Suite struct RemoveDuplicatesCompatibilityTests {
  private struct PredicateFailure: Error, Equatable {}

  /// Elements that are not `Sendable`, as swift-async-algorithms allows.
  private final class Token: Equatable {
    let value: Int
    init(_ value: Int) { self.value = value }
    static func == (lhs: Token, rhs: Token) -> Bool { lhs.value == rhs.value }
  }

  @Test func anAsyncPredicateDropsDuplicatesOfTheLastEmittedElement() async {
    let distinct: AsyncRemoveDuplicatesSequence = [1, 2, 3, 4, 6].asyncElements
      .removeDuplicates { a, b in
        await Task.yield()
        return abs(a - b) <= 1
      }
    let values = await collectElements(distinct)  // no `try`: the base's failure type, Never
    #expect(values == [1, 3, 6])
  }

  @Test func anAsyncPredicateValueOfTheSwiftAsyncAlgorithmsTypeIsAccepted() async {
    let withinOne: @Sendable (Int, Int) async -> Bool = { abs($0 - $1) <= 1 }
    let values = await collectElements(
      [1, 2, 3, 4, 6].asyncElements.removeDuplicates(by: withinOne))
    #expect(values == [1, 3, 6])
  }

  @Test func aThrowingPredicateDropsDuplicates() async throws {
    let equal: @Sendable (Int, Int) throws -> Bool = { $0 == $1 }
    let distinct: AsyncThrowingRemoveDuplicatesSequence = [1, 1, 2, 2, 1].asyncElements
      .removeDuplicates(by: equal)
    #expect(try await collectElements(distinct) == [1, 2, 1])
  }

  @Test func anAsyncThrowingPredicateValueIsAccepted() async throws {
    let equal: @Sendable (Int, Int) async throws -> Bool = { $0 == $1 }
    let values = try await collectElements([1, 1, 2].asyncElements.removeDuplicates(by: equal))
    #expect(values == [1, 2])
  }

  @Test func theErrorAThrowingPredicateThrowsEndsTheSequence() async {
    let distinct = [1, 1, 2, 3].asyncElements.removeDuplicates { a, b in
      if b == 2 { throw PredicateFailure() }
      return a == b
    }
    var received: [Int] = []
    var iterator = distinct.makeAsyncIterator()
    await #expect(throws: PredicateFailure()) {
      while let value = try await iterator.next() { received.append(value) }
    }
    #expect(received == [1])
  }

  @Test func aSynchronousPredicateKeepsTheBasesFailureType() async {
    // Picks the synchronous overload, not the `async` one: the sequence stays non-throwing and
    // the predicate is called without a suspension point.
    let distinct: AsyncRemoveDuplicatesSequence = [1, 1, 2].asyncElements
      .removeDuplicates { $0 == $1 }
    #expect(await collectElements(distinct) == [1, 2])
  }

  /// Makes a new `Token` for each value.
  private struct Tokens: AsyncSequence {
    let values: [Int]

    struct AsyncIterator: AsyncIteratorProtocol {
      var remaining: ArraySlice<Int>
      mutating func next() async -> Token? { remaining.popFirst().map(Token.init) }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: values[...]) }
  }

  @Test func elementsNeedNotBeSendable() async {
    var equalValues: [Int] = []
    for await token in Tokens(values: [1, 1, 2]).removeDuplicates() {
      equalValues.append(token.value)
    }
    var asyncValues: [Int] = []
    let distinct = Tokens(values: [1, 1, 2]).removeDuplicates { a, b in
      await Task.yield()
      return a == b
    }
    for await token in distinct { asyncValues.append(token.value) }
    #expect(equalValues == [1, 2])
    #expect(asyncValues == [1, 2])
  }
}
