import AsyncOps
import AsyncOpsTesting
import Testing

// The samples of "Delaying", "Timing Out", "Pairing with the Latest Value", "Stopping at a
// Signal" and "Retrying" (AsyncOps.docc), verbatim.
func spinnerRequests(
  started: some AsyncSequence<Int, Never> & Sendable, clock: some Clock<Duration>
) -> some AsyncSequence<Int, Never> & Sendable {
  started.delay(for: .milliseconds(200), clock: clock)
}

func readings(
  from sensor: some AsyncSequence<Double, Never> & Sendable, clock: some Clock<Duration>
) -> some AsyncSequence<Double, any Error> & Sendable {
  sensor.timeout(after: .seconds(5), clock: clock)
}

func sentDrafts(
  taps: some AsyncSequence<Void, Never> & Sendable,
  draft: some AsyncSequence<String, Never> & Sendable
) -> some AsyncSequence<String, Never> & Sendable {
  taps.withLatestFrom(draft).map { _, text in text }
}

func locationsWhileOpen(
  locations: some AsyncSequence<String, Never> & Sendable,
  closed: some AsyncSequence<Void, Never> & Sendable
) -> some AsyncSequence<String, Never> & Sendable {
  locations.prefix(untilOutputFrom: closed)
}

func resilientPrices(
  _ prices: some AsyncSequence<Int, any Error> & Sendable, clock: some Clock<Duration>
) -> some AsyncSequence<Int, any Error> & Sendable {
  prices.retry(3, delay: { attempt in .seconds(1 << (attempt - 1)) }, clock: clock)
}

/// A cold marble source: every iterator plays the marble from its first tick, counted from the
/// instant it was made (what `retry` needs: each retry starts the source again).
private struct ColdMarble: AsyncSequence, Sendable {
  let marble: [Character]
  let clock: TestClock

  func makeAsyncIterator() -> Iterator {
    Iterator(marble: marble, start: clock.now, clock: clock)
  }

  struct Iterator: AsyncIteratorProtocol {
    let marble: [Character]
    let start: TestClock.Instant
    let clock: TestClock
    var position = 0

    mutating func next() async throws -> String? {
      while position < marble.count {
        let tick = position
        let event = marble[position]
        position += 1
        if event == "-" { continue }
        try await clock.sleep(until: start.advanced(by: .milliseconds(tick)), tolerance: nil)
        switch event {
        case "|":
          position = marble.count
          return nil
        case "^":
          position = marble.count
          throw TestSourceFailure(source: "cold")
        default:
          return String(event)
        }
      }
      return nil
    }
  }
}

/// Every marble diagram and code sample of the five articles past swift-async-algorithms.
@Suite struct PastSAAArticleTests {
  @Test func delayHandsOnEveryEventItsIntervalLater() async throws {
    try await expectMarbles(["ab--c|"], "--ab--c|") { inputs, clock in
      inputs[0].delay(for: .milliseconds(2), clock: clock)
    }
  }

  @Test func timeoutFailsWhenTheBaseIsQuietForTheInterval() async throws {
    try await expectMarbles(["a-b----c|"], "a-b--^") { inputs, clock in
      inputs[0].timeout(after: .milliseconds(3), clock: clock)
    }
  }

  @Test func withLatestFromPairsEachElementWithTheOthersLatest() async throws {
    let pairs: @Sendable ((String, String)) -> String = { $0.0 + $0.1 }
    try await expectMarbles(["-a--b-c|", "x--y---"], "-'ax'--'by'-'cy'|", render: pairs) {
      inputs, _ in inputs[0].withLatestFrom(inputs[1])
    }
  }

  @Test func prefixUntilOutputFinishesAtTheOthersFirstElement() async throws {
    try await expectMarbles(["abcdef|", "---x"], "abc[d|]") { inputs, _ in
      inputs[0].prefix(untilOutputFrom: inputs[1])
    }
  }

  @Test func retryStartsTheColdBaseAgainAfterTheBackoff() async throws {
    try await expectMarbles([], "ab--ab^") { _, clock in
      ColdMarble(marble: Array("ab^"), clock: clock)
        .retry(1, delay: { _ in .milliseconds(2) }, clock: clock)
    }
  }
}
