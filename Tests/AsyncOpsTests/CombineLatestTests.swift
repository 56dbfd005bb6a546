import AsyncOps
import AsyncOpsTesting
import Testing

/// combineLatest behaviour that marbles cannot show: cancellation, backpressure with a slow
/// consumer, a failure while tuples wait, and the failure types the overloads choose.
@Suite struct CombineLatestTests {
  // MARK: Cancellation

  @Test(arguments: [2, 3, 4, 6])
  func cancellingTheConsumerCancelsEveryBase(baseCount: Int) async throws {
    let (received, cancellations, liveIterators) = try await withVirtualTime { time in
      let sources = (0..<baseCount).map { AsyncTestSource<String>(name: "input \($0)") }
      let log = CombineLatestLog<String>()
      let consumer = Task {
        for try await tuple in CombinedSources(sources) { log.append(tuple) }
      }
      await time.settle()
      for (index, source) in sources.enumerated() { source.send("\(index)") }
      await time.settle()
      consumer.cancel()
      try await consumer.value
      await time.settle()
      return (log.values, sources.map(\.cancellationCount), sources.map(\.liveIteratorCount))
    }
    #expect(received == [(0..<baseCount).map(String.init).joined()])
    #expect(cancellations == Array(repeating: 1, count: baseCount))
    #expect(liveIterators == Array(repeating: 0, count: baseCount))
  }

  @Test func droppingTheIteratorCancelsEveryBase() async throws {
    let (first, cancellations) = try await withVirtualTime { time in
      let letters = AsyncTestSource<String>(name: "letters")
      let numbers = AsyncTestSource<Int>(name: "numbers")
      let consumer = Task {
        var iterator = combineLatest(letters, numbers).makeAsyncIterator()
        return try await iterator.next().map { "\($0.0)\($0.1)" }
      }
      await time.settle()
      letters.send("a")
      numbers.send(1)
      let first = try await consumer.value
      await time.settle()
      return (first, [letters.cancellationCount, numbers.cancellationCount])
    }
    #expect(first == "a1")
    #expect(cancellations == [1, 1])
  }

  // MARK: Backpressure

  @Test func aSlowConsumerGetsExactlyOneTuplePerBaseElementInOrder() async throws {
    let elementCount = 1_000
    let (tuples, maximumReadAhead, end) = try await withVirtualTime { time in
      let sources = (0..<3).map { AsyncTestSource<Int>(name: "input \($0)") }
      let counted = sources.map { ReadCountingSequence(base: $0) }
      let combined = combineLatest(counted[0], counted[1], counted[2])
      let clock = time.clock
      let consumer = Task {
        var tuples: [[Int]] = []
        var maximumReadAhead = 0
        var iterator = combined.makeAsyncIterator()
        while let (a, b, c) = try await iterator.next() {
          tuples.append([a, b, c])
          // Element v is a base's (v + 1)-th; anything read beyond it has not become a tuple.
          for (base, latest) in zip(counted, [a, b, c]) {
            maximumReadAhead = max(maximumReadAhead, base.readCount.value - (latest + 1))
          }
          try await clock.sleep(for: .milliseconds(1))
        }
        return (tuples, maximumReadAhead)
      }
      await time.settle()
      for source in sources {
        source.send(0)
        await time.settle()
      }
      for value in 1..<elementCount {
        for source in sources { source.send(value) }
      }
      for source in sources { source.finish() }
      let (tuples, maximumReadAhead) = try await consumer.value
      return (tuples, maximumReadAhead, time.now)
    }
    let expectedCount = 1 + 3 * (elementCount - 1)
    #expect(tuples.count == expectedCount)
    #expect(tuples.first == [0, 0, 0])
    #expect(tuples.last == [elementCount - 1, elementCount - 1, elementCount - 1])
    let steps = zip(tuples, tuples.dropFirst()).map { previous, next in
      zip(previous, next).map { $1 - $0 }
    }
    #expect(steps.allSatisfy { $0.sorted() == [0, 0, 1] }, "each tuple advances one base by one")
    #expect(maximumReadAhead == 1, "a base reads at most one element ahead of the tuples taken")
    #expect(end == .zero.advanced(by: .milliseconds(expectedCount)))
  }

  @Test func tuplesWaitingWhenABaseFailsAreDeliveredBeforeTheFailure() async throws {
    let events = try await withVirtualTime { time in
      let letters = AsyncTestSource<String>(name: "letters")
      let symbols = AsyncTestSource<String>(name: "symbols")
      let clock = time.clock
      let consumer = Task {
        var events: [String] = []
        var iterator = combineLatest(letters, symbols).makeAsyncIterator()
        do throws(TestSourceFailure) {
          // The typed path (`next(isolation:)`), which throws the first base's failure type.
          if let (letter, symbol) = try await iterator.next(isolation: nil) {
            events.append(letter + symbol)
          }
          try? await clock.sleep(for: .milliseconds(10))  // busy while "b" arrives, symbols fail
          while let (letter, symbol) = try await iterator.next(isolation: nil) {
            events.append(letter + symbol)
          }
          events.append("end")
        } catch {
          events.append(error.description)
        }
        return events
      }
      await time.settle()
      letters.send("a")
      symbols.send("x")
      await time.advance(by: .milliseconds(1))
      letters.send("b")
      await time.settle()
      symbols.fail()
      letters.send("c")
      return await consumer.value
    }
    #expect(events == ["ax", "bx", "failure of symbols"])
  }

  // MARK: Failure types

  @Test func nonThrowingBasesGiveANonThrowingCombination() async {
    let numbers = AsyncStream<Int> {
      $0.yield(1)
      $0.finish()
    }
    let words = AsyncStream<String> {
      $0.yield("one")
      $0.finish()
    }
    let combined = combineLatest(numbers, words)
    #expect(fails(combined, with: Never.self))
    #expect(fails(combineLatest(numbers, words, numbers), with: Never.self))
    #expect(fails(combineLatest(numbers, words, numbers, words), with: Never.self))
    var received: [String] = []
    for await (number, word) in combined { received.append("\(number) \(word)") }
    #expect(received == ["1 one"])
  }

  @Test func basesSharingAFailureTypeKeepIt() {
    let letters = AsyncTestSource<String>()
    let numbers = AsyncTestSource<Int>()
    #expect(fails(combineLatest(letters, numbers), with: TestSourceFailure.self))
    #expect(fails(combineLatest(letters, numbers, letters), with: TestSourceFailure.self))
    #expect(
      fails(combineLatest(letters, numbers, letters, numbers), with: TestSourceFailure.self))
  }

  @Test func twoAndThreeBasesOfDifferentFailureTypesThrowTheFirstBasesAsSwiftAsyncAlgorithmsDoes() {
    let letters = AsyncTestSource<String>()
    let numbers = AsyncStream<Int> { $0.finish() }
    #expect(fails(combineLatest(letters, numbers), with: TestSourceFailure.self))
    #expect(fails(combineLatest(numbers, letters, numbers), with: Never.self))
    let named: AsyncCombineLatestSequence<any Error, AsyncTestSource<String>, AsyncStream<Int>> =
      combineLatest(letters, numbers)
    #expect(fails(named, with: (any Error).self))
  }

  @Test func fourBasesOfDifferentFailureTypesThrowAnyError() {
    let letters = AsyncTestSource<String>()
    let numbers = AsyncStream<Int> { $0.finish() }
    #expect(fails(combineLatest(numbers, numbers, numbers, letters), with: (any Error).self))
  }

  @Test func fiveOrMoreBasesThrowAnyError() {
    let numbers = AsyncStream<Int> { $0.finish() }
    let words = AsyncStream<String> { $0.finish() }
    let five = combineLatest(numbers, words, numbers, words, numbers)
    let seven = combineLatest(numbers, words, numbers, words, numbers, words, numbers)
    #expect(fails(five, with: (any Error).self))
    #expect(fails(seven, with: (any Error).self))
  }

  @Test func theFailureThrownIsTheFailingBasesOwn() async throws {
    let failure = try await withVirtualTime { time in
      let letters = AsyncTestSource<String>(name: "letters")
      let numbers = AsyncTestSource<Int>(name: "numbers")
      let consumer = Task { () -> TestSourceFailure? in
        var iterator = combineLatest(letters, numbers).makeAsyncIterator()
        do throws(TestSourceFailure) {
          while try await iterator.next(isolation: nil) != nil {}
          return nil
        } catch {
          return error
        }
      }
      await time.settle()
      letters.send("a")
      numbers.fail()
      return await consumer.value
    }
    #expect(failure == TestSourceFailure(source: "numbers"))
  }
}
