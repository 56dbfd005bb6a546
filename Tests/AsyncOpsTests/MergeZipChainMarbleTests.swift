import AsyncOpsTesting
import Synchronization
import Testing

@testable import AsyncOps

/// Runs `build` on marble inputs and reports the output and each input's `cancellationCount`.
private func runMarbles<Output: AsyncSequence & Sendable>(
  _ inputs: [String],
  render: @escaping @Sendable (Output.Element) -> String = { "\($0)" },
  _ build: @escaping @Sendable ([AsyncTestSource<String>]) -> Output
) async throws -> (output: String, cancellations: [Int]) {
  let captured = Mutex<[AsyncTestSource<String>]>([])
  let output = try await recordMarbles(inputs, render: render) { sources, _ in
    captured.withLock { $0 = sources }
    return build(sources)
  }[0]
  return (output.description, captured.withLock { $0.map(\.cancellationCount) })
}

private let pair: @Sendable ((String, String)) -> String = { "\($0.0)\($0.1)" }

/// Merge rules 1–3 (pull) as marbles.
@Suite struct MergeMarbleTests {
  @Test func mergeRule1ElementsComeInArrivalOrder() async throws {
    try await expectMarbles(["a-c---|", "-b--d|"], "abc-d-|") { s, _ in merge(s[0], s[1]) }
  }

  @Test func mergeRule1ElementsOfOneInstantComeInArgumentOrder() async throws {
    try await expectMarbles(["-a-c|", "-b-d|", "-x--|"], "-[abx]-[cd]|") { s, _ in
      merge(s[0], s[1], s[2])
    }
  }

  @Test func mergeRule2FinishesWhenEveryBaseHasFinished() async throws {
    try await expectMarbles(["a|", "-b--|"], "ab--|") { s, _ in merge(s[0], s[1]) }
  }

  @Test func mergeRule2TheFirstFailureEndsItAndCancelsTheOtherBases() async throws {
    let run = try await runMarbles(["a-^", "-b---c|", "------"]) { merge($0[0], $0[1], $0[2]) }
    #expect(run.output == "ab^")
    #expect(run.cancellations == [0, 1, 1])
  }

  @Test func mergeRule2OnlyTheFirstFailureIsDelivered() async throws {
    try await expectMarbles(["-^", "-^"], "-^") { s, _ in merge(s[0], s[1]) }
  }
}

/// Zip rules 1–3 (pull) as marbles.
@Suite struct ZipMarbleTests {
  @Test func zipRule1TheNthTupleHoldsTheNthElementOfEachBase() async throws {
    try await expectMarbles(["ab--c|", "-x-y--|"], "-'ax'-'by'--|", render: pair) { s, _ in
      zip(s[0], s[1])
    }
  }

  @Test func zipRule1ATupleOfThreeComesWhenItsLastElementArrives() async throws {
    let triple: @Sendable ((String, String, String)) -> String = { "\($0.0)\($0.1)\($0.2)" }
    try await expectMarbles(["a--b|", "-x-y|", "--p-q|"], "--'axp'-['byq'|]", render: triple) {
      s, _ in zip(s[0], s[1], s[2])
    }
  }

  @Test func zipRule2EndsAsSoonAsABaseFinishesAndCancelsTheOthers() async throws {
    let run = try await runMarbles(["a-b-c", "x|"], render: pair) { zip($0[0], $0[1]) }
    #expect(run.output == "'ax'|")
    #expect(run.cancellations == [1, 0])
  }

  @Test func zipRule2DropsTheElementsAlreadyReadFromTheOtherBases() async throws {
    try await expectMarbles(["a-b|", "x-|"], "'ax'-|", render: pair) { s, _ in zip(s[0], s[1]) }
  }

  @Test func zipRule2AFailureEndsItAtOnceAndCancelsTheOthers() async throws {
    let run = try await runMarbles(["a-^", "x----y|"], render: pair) { zip($0[0], $0[1]) }
    #expect(run.output == "'ax'-^")
    #expect(run.cancellations == [0, 1])
  }

  @Test func zipRule1ABaseHoldingAnElementMeetsItsFailureAtItsTurn() async throws {
    // One element ahead at most: `a`'s failure is read once its element is in a tuple.
    try await expectMarbles(["a^", "--x"], "--['ax'^]", render: pair) { s, _ in zip(s[0], s[1]) }
  }
}

/// Chain rules 1–3 as marbles (the test sources keep their events: each base is read from
/// its first event when the chain reaches it).
@Suite struct ChainMarbleTests {
  @Test func chainGivesTheElementsOfEachBaseAfterThoseOfTheOneBefore() async throws {
    try await expectMarbles(["ab|", "xy|"], "ab[xy|]") { s, _ in chain(s[0], s[1]) }
  }

  @Test func chainReadsALaterBaseOnlyAfterTheOneBeforeHasFinished() async throws {
    try await expectMarbles(["a---|", "-x|", "--p-q|"], "a---[xpq]|") { s, _ in
      chain(s[0], s[1], s[2])
    }
  }

  @Test func chainEndsAtTheFirstFailureAndNeverStartsTheBasesAfter() async throws {
    let captured = Mutex<[AsyncTestSource<String>]>([])
    try await expectMarbles(["a-^", "xy|"], "a-^") { s, _ in
      captured.withLock { $0 = s }
      return chain(s[0], s[1])
    }
    #expect(captured.withLock { $0[1].liveIteratorCount } == 0)
  }

  @Test func chainDoesNotMakeTheIteratorOfALaterBaseBeforeItsTurn() async throws {
    let later = ReportingElements(["x"])
    let first = AsyncTestSource<String>()
    first.send("a")
    var iterator = chain(first, later).makeAsyncIterator()
    #expect(try await iterator.next() == "a")
    #expect(later.events.isEmpty)
    first.finish()
    #expect(try await iterator.next() == "x")
    #expect(later.events == [.makeAsyncIterator, .next])
  }
}

/// Backpressure: how far `merge` and `zip` read ahead of a consumer that does not ask.
@Suite struct MergeZipBackpressureTests {
  @Test func mergeRule1ABaseIsAtMostOneElementAheadOfTheConsumer() async throws {
    let counts = try await withVirtualTime { time in
      let first = ReportingElements(Array(0..<10))
      let second = ReportingElements(Array(10..<20))
      var iterator = merge(first, second).makeAsyncIterator()
      var taken: [Int] = []
      for _ in 0..<3 { taken.append(await iterator.next()!) }
      await time.settle()
      let reads = [first, second].map { $0.events.count { $0 == .next } }
      let takenPerBase = [taken.count { $0 < 10 }, taken.count { $0 >= 10 }]
      return (reads, takenPerBase)
    }
    // Every read element but one per base has been taken.
    #expect(zip(counts.0, counts.1).allSatisfy { reads, taken in reads <= taken + 1 })
  }

  @Test func zipRule1EachBaseIsAtMostOneElementAheadOfTheTuplesTaken() async throws {
    let reads = try await withVirtualTime { time in
      let first = ReportingElements(Array(0..<10))
      let second = ReportingElements(Array(10..<20))
      var iterator = zip(first, second).makeAsyncIterator()
      for _ in 0..<3 { _ = await iterator.next() }
      await time.settle()
      return [first, second].map { $0.events.count { $0 == .next } }
    }
    #expect(reads.allSatisfy { $0 <= 4 })
  }

  @Test func mergeRule2AFailureComesAfterTheElementsAlreadyReadFromOtherBases() async throws {
    let outcome = try await withVirtualTime { time in
      let failing = AsyncTestSource<Int>()
      let other = AsyncTestSource<Int>()
      failing.send(1)
      other.send(2)
      var iterator = merge(failing, other).makeAsyncIterator()
      var received = [try await iterator.next()!]
      await time.settle()
      // The consumer is busy: the other base's element waits; then the first base fails.
      failing.fail()
      await time.settle()
      var threw = false
      do {
        while let element = try await iterator.next() { received.append(element) }
      } catch {
        threw = true
      }
      return (received.sorted(), threw, try await iterator.next())
    }
    #expect(outcome.0 == [1, 2])
    #expect(outcome.1)
    #expect(outcome.2 == nil)
  }
}
