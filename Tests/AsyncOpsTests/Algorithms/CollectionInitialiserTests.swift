import AsyncOps
import Testing

/// SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestRangeReplaceableCollection.swift,
/// TestDictionary.swift and TestSetAlgebra.swift, rewritten in Swift Testing (`Data` and
/// `IndexSet` are Foundation's; `String` and `ContiguousArray` stand in for the first, an
/// `OptionSet` for the second).
@Suite struct CollectionInitialiserTests {
  private static var failingAtFour: AsyncThrowingMapSequence<AsyncSyncSequence<[Int]>, Int> {
    [1, 2, 3, 4, 5, 6].async.map { try failing(at: 4, $0) }
  }

  // MARK: RangeReplaceableCollection

  /// TestRangeReplaceableCollection.test_String
  @Test func aStringCollectsItsCharacters() async {
    #expect(await String("abc".async) == "abc")
  }

  /// TestRangeReplaceableCollection.test_ContiguousArray
  @Test func aContiguousArrayCollectsTheElementsInOrder() async {
    #expect(await ContiguousArray([1, 2, 3].async) == [1, 2, 3])
  }

  /// TestRangeReplaceableCollection.test_Array
  @Test func anArrayCollectsTheElementsInOrder() async {
    #expect(await Array([1, 2, 3].async) == [1, 2, 3])
  }

  /// TestRangeReplaceableCollection.test_throwing
  @Test func anArrayRethrowsTheSequencesError() async {
    await #expect(throws: AlgorithmFailure()) { try await Array(Self.failingAtFour) }
  }

  @Test func theStandardLibrarysSequenceInitialiserIsStillChosenForASequence() {
    let copy = Array([1, 2, 3])  // not `async`: the synchronous initialiser of `Sequence`
    #expect(copy == [1, 2, 3])
  }

  // MARK: Dictionary

  /// TestDictionary.test_uniqueKeysAndValues
  @Test func uniqueKeysWithValuesCollectsThePairs() async {
    let source = [(1, "a"), (2, "b"), (3, "c")]
    let actual = await Dictionary(uniqueKeysWithValues: source.async)
    #expect(actual == Dictionary(uniqueKeysWithValues: source))
  }

  /// TestDictionary.test_throwing_uniqueKeysAndValues
  @Test func uniqueKeysWithValuesRethrowsTheSequencesError() async {
    let pairs = Self.failingAtFour.map { ($0, $0) }
    await #expect(throws: AlgorithmFailure()) {
      try await Dictionary(uniqueKeysWithValues: pairs)
    }
  }

  /// TestDictionary.test_uniquingWith
  @Test func uniquingKeysWithCombinesTheValuesOfARepeatedKey() async {
    let source = [("a", 1), ("b", 2), ("a", 3), ("b", 4)]
    let firsts = await Dictionary(source.async) { first, _ in first }
    let sums = await Dictionary(source.async, uniquingKeysWith: +)
    #expect(firsts == Dictionary(source) { first, _ in first })
    #expect(sums == ["a": 4, "b": 6])
  }

  /// TestDictionary.test_throwing_uniquingWith
  @Test func uniquingKeysWithRethrowsTheSequencesError() async {
    let pairs = Self.failingAtFour.map { ($0, $0) }
    await #expect(throws: AlgorithmFailure()) {
      try await Dictionary(pairs) { first, _ in first }
    }
  }

  @Test func uniquingKeysWithRethrowsTheClosuresError() async {
    await #expect(throws: AlgorithmFailure()) {
      try await Dictionary([("a", 1), ("a", 2)].async) { _, _ in throw AlgorithmFailure() }
    }
  }

  /// TestDictionary.test_grouping
  @Test func groupingCollectsTheElementsOfEachKeyInOrder() async {
    let source = ["Kofi", "Abena", "Efua", "Kweku", "Akosua"]
    let actual = await Dictionary(grouping: source.async, by: { $0.first! })
    #expect(actual == Dictionary(grouping: source, by: { $0.first! }))
    #expect(actual["K"] == ["Kofi", "Kweku"])
  }

  /// TestDictionary.test_throwing_grouping
  @Test func groupingRethrowsTheSequencesError() async {
    await #expect(throws: AlgorithmFailure()) {
      try await Dictionary(grouping: Self.failingAtFour, by: { $0 % 2 })
    }
  }

  // MARK: SetAlgebra

  /// TestSetAlgebra.test_Set
  @Test func aSetCollectsTheElements() async {
    #expect(await Set([1, 2, 3].async) == [1, 2, 3])
  }

  /// TestSetAlgebra.test_Set_duplicate
  @Test func aSetKeepsOneOfEachDuplicate() async {
    #expect(await Set([1, 2, 3, 3].async) == Set([1, 2, 3, 3]))
  }

  private struct Options: OptionSet {
    let rawValue: Int
  }

  /// TestSetAlgebra.test_IndexSet, with an `OptionSet` for a `SetAlgebra` that is not a `Set`.
  @Test func anyOtherSetAlgebraCollectsTheElements() async {
    let options = await Options([Options(rawValue: 1), Options(rawValue: 4)].async)
    #expect(options.rawValue == 5)
  }

  /// TestSetAlgebra.test_throwing
  @Test func aSetRethrowsTheSequencesError() async {
    await #expect(throws: AlgorithmFailure()) { try await Set(Self.failingAtFour) }
  }

  @MainActor @Test func theInitialisersRunInTheCallersIsolation() async {
    // An element that is not `Sendable` is collected on the main actor without being sent.
    final class Token {}
    struct Tokens: AsyncSequence {
      struct AsyncIterator: AsyncIteratorProtocol {
        var remaining = 2
        mutating func next() async -> Token? {
          guard remaining > 0 else { return nil }
          remaining -= 1
          return Token()
        }
      }
      func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
    }
    let tokens = await Array(Tokens())
    #expect(tokens.count == 2)
  }
}
