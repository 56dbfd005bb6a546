import AsyncOps
import AsyncOpsTesting
import Testing

@Suite struct MarbleNotationTests {
  @Test(arguments: ["a-b-c|", "-'ax''bx'|", "a[bc]-^", "--", "[a|]", "1-2-'hello world'"])
  func notationRoundTrips(marble: String) throws {
    let timeline = try MarbleTimeline(parsing: marble)
    let trimmed = marble.reversed().drop { $0 == "-" }.reversed()
    #expect(timeline.description == String(trimmed))
  }

  @Test func spacesAreIgnored() throws {
    #expect(try MarbleTimeline(parsing: "a - b |").description == "a-b|")
  }

  @Test func groupsHoldSeveralEventsInOneTick() throws {
    let timeline = try MarbleTimeline(parsing: "-[a'bc'|]")
    #expect(timeline.ticks == [[], [.value("a"), .value("bc"), .finish]])
  }

  @Test(arguments: [
    ("a-[b", 2, "unbalanced '['"),
    ("a-'bc", 2, "unbalanced \"'\""),
    ("a]", 1, "unbalanced ']'"),
    ("a|b", 2, "no event may follow"),
    ("a-#", 2, "unexpected character '#'"),
    ("[a[b]]", 2, "cannot be nested"),
    ("-[]", 1, "empty group"),
  ])
  func invalidMarblesNameThePosition(marble: String, position: Int, reason: String) {
    #expect {
      try MarbleTimeline(parsing: marble)
    } throws: { error in
      guard let error = error as? MarbleSyntaxError else { return false }
      return error.position == position && error.reason.contains(reason)
        && error.description.contains(marble)
    }
  }

  @Test func aMismatchShowsBothMarblesAndTheFirstDifference() throws {
    let mismatch = try #require(MarbleMismatch(expected: "--a-|", actual: "---a|"))
    #expect(mismatch.firstDifference == 2)
    #expect(mismatch.description.contains("expected: --a-|"))
    #expect(mismatch.description.contains("  actual: ---a|"))
    #expect(MarbleMismatch(expected: "a|", actual: "a|") == nil)
  }
}

@Suite struct MarbleRunnerTests {
  @Test func mapKeepsEveryElementAtItsTick() async throws {
    try await expectMarbles(["a-b--c|"], "A-B--C|") { inputs, _ in
      inputs[0].map { $0.uppercased() }
    }
  }

  @Test func aFailureIsRecorded() async throws {
    try await expectMarbles(["a-^"], "a-^") { inputs, _ in inputs[0].map { $0 } }
  }

  @Test func aHandWrittenDelayShiftsEveryElementByItsInterval() async throws {
    try await expectMarbles(["ab--c|"], "--ab--c|") { inputs, clock in
      HandWrittenDelay(base: inputs[0], interval: .milliseconds(2), clock: clock)
    }
  }

  @Test func aWrongExpectationFailsWithADiffOfBothMarbles() async throws {
    let issues = Log<String>()
    try await withKnownIssue {
      try await expectMarbles(["ab--c|"], "-ab--c|") { inputs, clock in
        HandWrittenDelay(base: inputs[0], interval: .milliseconds(2), clock: clock)
      }
    } matching: { issue in
      issues.append(String(describing: issue))
      return issue.error is MarbleMismatch
    }
    let message = try #require(issues.values.first)
    #expect(message.contains("expected: -ab--c|"))
    #expect(message.contains("actual: --ab--c|"))
  }

  @Test func consumersStartingLateMissEarlierElementsOfAHotSequence() async throws {
    let outputs = try await recordMarbles(["a-b-c|"], consumers: [0, 2]) { inputs, _ in
      HotRelay(source: inputs[0])
    }
    #expect(outputs.map(\.description) == ["a-b-c|", "--b-c|"])
  }

  @Test func cancellingConsumersAtTheEndIsNotRecordedAsAFinish() async throws {
    let outputs = try await recordMarbles(["a-b"]) { inputs, _ in inputs[0].map { $0 } }
    #expect(outputs[0].description == "a-b")
  }

  @Test func anInvalidInputMarbleIsReported() async throws {
    await #expect(throws: MarbleSyntaxError.self) {
      try await recordMarbles(["a-[b"]) { inputs, _ in inputs[0].map { $0 } }
    }
  }
}

/// A time-based operator written by hand for the harness's own tests: re-emits each element
/// `interval` after it arrived (elements of one tick stay in one tick).
private struct HandWrittenDelay: AsyncSequence, Sendable {
  typealias Element = String
  let base: AsyncTestSource<String>
  let interval: Duration
  let clock: TestClock

  func makeAsyncIterator() -> AsyncThrowingStream<String, any Error>.Iterator {
    let (stream, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
    let reader = Task { [base, interval, clock] in
      do {
        for try await element in base {
          let deadline = clock.now.advanced(by: interval)
          Task {
            try await clock.sleep(until: deadline)
            continuation.yield(element)
          }
        }
        try await clock.sleep(for: interval)
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in reader.cancel() }
    return stream.makeAsyncIterator()
  }
}

/// Passes on only what its source sends after the consumer started: a hot sequence in miniature.
private struct HotRelay: AsyncSequence, Sendable {
  typealias Element = String
  let source: AsyncTestSource<String>

  func makeAsyncIterator() -> AsyncThrowingStream<String, any Error>.Iterator {
    let (stream, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
    let alreadySent = source.sentCount
    let reader = Task { [source] in
      do {
        var index = 0
        for try await element in source {
          if index >= alreadySent { continuation.yield(element) }
          index += 1
        }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in reader.cancel() }
    return stream.makeAsyncIterator()
  }
}
