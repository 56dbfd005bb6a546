import AsyncOps
import Testing

/// SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestReductions.swift, rewritten in Swift Testing.
@Suite(.timeLimit(.minutes(1))) struct ReductionsTests {
  /// Every element of `iterator`, then what it returns past the end.
  private static func drain<I: AsyncIteratorProtocol>(
    _ iterator: inout I
  ) async throws(I.Failure) -> (values: [I.Element], pastEnd: I.Element?) {
    var values: [I.Element] = []
    while let value = try await iterator.next(isolation: nil) { values.append(value) }
    return (values, try await iterator.next(isolation: nil))
  }

  /// test_reductions
  @Test func exclusiveReductionsEmitEachRunningResultButNotTheInitialValue() async {
    let sequence: AsyncExclusiveReductionsSequence = [1, 2, 3, 4].async.reductions("") {
      partial, value in partial + "\(value)"
    }
    var iterator = sequence.makeAsyncIterator()
    let (values, pastEnd) = await Self.drain(&iterator)
    #expect(values == ["1", "12", "123", "1234"])
    #expect(pastEnd == nil)
  }

  /// test_reductions_empty
  @Test func anEmptyBaseGivesNoReduction() async {
    var iterator = [Int]().async.reductions("") { $0 + "\($1)" }.makeAsyncIterator()
    let (values, pastEnd) = await Self.drain(&iterator)
    #expect(values.isEmpty)
    #expect(pastEnd == nil)
  }

  /// test_throwing_reductions_empty
  @Test func anEmptyBaseGivesNoThrowingReduction() async throws {
    let sequence: AsyncThrowingExclusiveReductionsSequence = [Int]().async.reductions("") {
      (partial, value) throws -> String in partial + "\(value)"
    }
    var iterator = sequence.makeAsyncIterator()
    let (values, pastEnd) = try await Self.drain(&iterator)
    #expect(values.isEmpty)
    #expect(pastEnd == nil)
  }

  /// test_inclusive_reductions
  @Test func inclusiveReductionsStartWithTheFirstElement() async {
    let sequence: AsyncInclusiveReductionsSequence = [1, 2, 3, 4].async.reductions { $0 + $1 }
    var iterator = sequence.makeAsyncIterator()
    let (values, pastEnd) = await Self.drain(&iterator)
    #expect(values == [1, 3, 6, 10])
    #expect(pastEnd == nil)
  }

  /// test_throw_upstream_reductions
  @Test func theBasesErrorEndsExclusiveReductions() async throws {
    var iterator = [1, 2, 3, 4].async.map { try failing(at: 3, $0) }
      .reductions("") { $0 + "\($1)" }.makeAsyncIterator()
    var values: [String] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == ["1", "12"])
    #expect(try await iterator.next() == nil)
  }

  /// test_throw_upstream_inclusive_reductions
  @Test func theBasesErrorEndsInclusiveReductions() async throws {
    var iterator = [1, 2, 3, 4].async.map { try failing(at: 3, $0) }.reductions { $0 + $1 }
      .makeAsyncIterator()
    var values: [Int] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == [1, 3])
    #expect(try await iterator.next() == nil)
  }

  /// test_throwing_reductions
  @Test func aThrowingClosureThatDoesNotThrowGivesEveryResult() async throws {
    var iterator = [1, 2, 3, 4].async.reductions("") { (partial, value) throws -> String in
      partial + "\(value)"
    }.makeAsyncIterator()
    let (values, pastEnd) = try await Self.drain(&iterator)
    #expect(values == ["1", "12", "123", "1234"])
    #expect(pastEnd == nil)
  }

  /// test_throwing_inclusive_reductions
  @Test func aThrowingInclusiveClosureThatDoesNotThrowGivesEveryResult() async throws {
    let sequence: AsyncThrowingInclusiveReductionsSequence = [1, 2, 3, 4].async.reductions {
      (lhs, rhs) throws -> Int in lhs + rhs
    }
    var iterator = sequence.makeAsyncIterator()
    let (values, pastEnd) = try await Self.drain(&iterator)
    #expect(values == [1, 3, 6, 10])
    #expect(pastEnd == nil)
  }

  /// test_throw_upstream_reductions_throws
  @Test func theBasesErrorEndsThrowingExclusiveReductions() async throws {
    var iterator = [1, 2, 3, 4].async.map { try failing(at: 3, $0) }
      .reductions("") { (partial, value) throws -> String in partial + "\(value)" }
      .makeAsyncIterator()
    var values: [String] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == ["1", "12"])
    #expect(try await iterator.next() == nil)
  }

  /// test_throw_upstream_inclusive_reductions_throws
  @Test func theBasesErrorEndsThrowingInclusiveReductions() async throws {
    var iterator = [1, 2, 3, 4].async.map { try failing(at: 3, $0) }
      .reductions { (lhs, rhs) throws -> Int in lhs + rhs }.makeAsyncIterator()
    var values: [Int] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == [1, 3])
    #expect(try await iterator.next() == nil)
  }

  /// test_reductions_into
  @Test func reductionsIntoUpdateTheResultInPlace() async {
    var iterator = [1, 2, 3, 4].async.reductions(into: "") { partial, value in
      partial.append("\(value)")
    }.makeAsyncIterator()
    let (values, pastEnd) = await Self.drain(&iterator)
    #expect(values == ["1", "12", "123", "1234"])
    #expect(pastEnd == nil)
  }

  /// test_throwing_reductions_into
  @Test func throwingReductionsIntoUpdateTheResultInPlace() async throws {
    var iterator = [1, 2, 3, 4].async.reductions(into: "") { (partial, value) throws -> Void in
      partial.append("\(value)")
    }.makeAsyncIterator()
    let (values, pastEnd) = try await Self.drain(&iterator)
    #expect(values == ["1", "12", "123", "1234"])
    #expect(pastEnd == nil)
  }

  /// test_throwing_reductions_into_throws
  @Test func theClosuresErrorEndsReductionsInto() async throws {
    var iterator = [1, 2, 3, 4].async.reductions(into: "") { partial, value in
      _ = try failing(at: "12", partial)
      partial.append("\(value)")
    }.makeAsyncIterator()
    var values: [String] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == ["1", "12"])
    #expect(try await iterator.next() == nil)
  }

  @Test func theClosuresErrorEndsInclusiveReductions() async throws {
    var iterator = [1, 2, 3, 4].async.reductions { lhs, rhs in
      try failing(at: 6, lhs + rhs)
    }.makeAsyncIterator()
    var values: [Int] = []
    await #expect(throws: AlgorithmFailure()) {
      while let value = try await iterator.next() { values.append(value) }
    }
    #expect(values == [1, 3])
    #expect(try await iterator.next() == nil)
  }

  /// test_cancellation
  @Test func cancellingTheConsumerEndsAnEndlessBase() async {
    let reductions = EndlessElements(value: "test").async.reductions(into: "") { partial, value in
      partial = value
    }
    #expect(await elementsTakenUntilCancelled(reductions) >= 1)
  }
}
