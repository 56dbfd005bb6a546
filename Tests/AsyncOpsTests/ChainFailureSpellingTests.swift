import Testing

@testable import AsyncOps

/// Which sequence `chain` of two and three bases returns for each mix of failure types, and how it
/// is iterated: no `try` where no base can throw, the first base's failure type as in
/// swift-async-algorithms, and an iterator `next()` that rethrows any base's error.
@Suite struct ChainFailureSpellingTests {
  struct Broken: Error, Equatable {}
  struct Other: Error {}

  @Test func neverFailingBasesNeedNoTryThroughTheSwiftAsyncAlgorithmsNames() async {
    let two: AsyncChain2Sequence<AsyncStream<Int>, AsyncStream<Int>> = chain(
      stream([1, 2]), stream([3]))
    let three: AsyncChain3Sequence<AsyncStream<Int>, AsyncStream<Int>, AsyncStream<Int>> = chain(
      stream([1]), stream([]), stream([2, 3]))
    var seen: [Int] = []
    for await value in two { seen.append(value) }
    for await value in three { seen.append(value) }
    #expect(seen == [1, 2, 3, 1, 2, 3])
  }

  @Test func genericNeverFailingBasesNeedNoTry() async {
    #expect(await sumOfChain(stream([1, 2]), stream([3])) == 6)
    #expect(await sumOfChain([4].async, [5, 6].async) == 15)
  }

  @Test func aSharedTypedFailureStaysTyped() async {
    let failing = Source<Broken>([], then: Broken())
    let plain = Source<Broken>([1])
    #expect(failureType(of: chain(plain, failing)) == "Broken")
    #expect(failureType(of: chain(plain, plain, failing)) == "Broken")
    var seen: [Int] = []
    do throws(Broken) {
      for try await value in chain(plain, failing) { seen.append(value) }
      Issue.record("the second base's failure did not end the chain")
    } catch {
      #expect(error == Broken())
    }
    #expect(seen == [1])
  }

  @Test func aGenericSharedFailureStaysTheBasesFailure() async {
    let failing = Source<Broken>([], then: Broken())
    #expect(await failureOfGenericChain(failing) == Broken())
  }

  @Test func mixedFailuresThrowTheFirstBasesFailureAsInSwiftAsyncAlgorithms() {
    let plain = stream([1])
    let typed = Source<Broken>([], then: Broken())
    let other = Source<Other>([], then: Other())
    let untyped = Source<any Error>([], then: Other())
    #expect(failureType(of: chain(plain, typed)) == "Never")
    #expect(failureType(of: chain(typed, plain)) == "Broken")
    #expect(failureType(of: chain(typed, other)) == "Broken")
    #expect(failureType(of: chain(untyped, plain, typed)) == "Error")
  }

  @Test func nextRethrowsTheSecondBasesErrorWhenTheFirstCannotThrow() async {
    var iterator = chain(
      stream([1]),
      AsyncThrowingStream<Int, any Error> {
        $0.yield(2)
        $0.finish(throwing: Broken())
      }
    ).makeAsyncIterator()
    var seen: [Int] = []
    var failure: (any Error)?
    do {
      while let value = try await iterator.next() { seen.append(value) }
    } catch {
      failure = error
    }
    let afterFailure = try? await iterator.next()
    #expect(failure is Broken, "the second base's failure ends the chain")
    #expect(seen == [1, 2])
    #expect(afterFailure == .some(nil), "nil after the failure")
  }

  @Test func theNamedAnyErrorFormThrowsEveryBasesError() async {
    let named: AsyncChainSequence<Int, any Error, AsyncStream<Int>, Source<Broken>, Source<Other>> =
      chain(
        stream([1]), Source<Broken>([2]), Source<Other>([], then: Other()))
    var seen: [Int] = []
    do {
      for try await value in named { seen.append(value) }
      Issue.record("the third base's failure did not end the chain")
    } catch {
      #expect(error is Other)
    }
    #expect(seen == [1, 2])
  }

  @Test func theChainSequencesAreSendableWhenTheirBasesAre() {
    #expect(isSendable(chain(stream([1]), stream([2]))))
    #expect(isSendable(chain(stream([1]), stream([2]), stream([3]))))
    #expect(isSendable(chain(stream([1]), stream([2]), stream([3]), stream([4]))))
  }

  @Test func everyIteratorReturnsNilAfterItsEndAndAfterAFailure() async throws {
    var two = chain(stream([1]), stream([2])).makeAsyncIterator()
    #expect(await two.next() == 1)
    #expect(await two.next() == 2)
    #expect(await two.next() == nil)
    #expect(await two.next() == nil)
    let failing = Source<Broken>([], then: Broken())
    let more = Source<Broken>([9])
    var three = chain(failing, more, more).makeAsyncIterator()
    do throws(Broken) {
      _ = try await three.next(isolation: nil)
      Issue.record("the first base's failure was not thrown")
    } catch {
      #expect(error == Broken())
    }
    #expect(try await three.next(isolation: nil) == nil)
  }

  private func stream(_ values: [Int]) -> AsyncStream<Int> {
    AsyncStream { continuation in
      for value in values { continuation.yield(value) }
      continuation.finish()
    }
  }

  private func sumOfChain<A: AsyncSequence, B: AsyncSequence>(_ a: A, _ b: B) async -> Int
  where A.Element == Int, B.Element == Int, A.Failure == Never, B.Failure == Never {
    var sum = 0
    for await value in chain(a, b) { sum += value }
    return sum
  }

  private func failureOfGenericChain<Base: AsyncSequence>(_ base: Base) async -> Base.Failure? {
    do throws(Base.Failure) {
      for try await _ in chain(base, base, base) {}
      return nil
    } catch {
      return error
    }
  }
}

/// `values`, then `failure` (or the end), thrown as `Failure`: a base with a typed failure.
private struct Source<Failure: Error>: AsyncSequence, AsyncIteratorProtocol {
  var values: [Int]
  var failure: Failure?

  init(_ values: [Int], then failure: Failure? = nil) {
    self.values = values
    self.failure = failure
  }

  mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Int? {
    if !values.isEmpty { return values.removeFirst() }
    if let failure {
      self.failure = nil
      throw failure
    }
    return nil
  }

  func makeAsyncIterator() -> Self { self }
}

private func isSendable<T: Sendable>(_: T) -> Bool { true }

private func failureType<S: AsyncSequence>(of _: S) -> String { "\(S.Failure.self)" }
