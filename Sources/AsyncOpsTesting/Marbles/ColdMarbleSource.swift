import AsyncOps
import MarbleNotation
import Synchronization

/// A cold marble input: each iterator plays a marble from its first tick, counted from the
/// instant the iterator was made, on a ``TestClock``. Iterator k (from 0) plays `runs[k]`, and the
/// last run every later one: `retry`'s "fails twice, then succeeds" is three runs.
///
/// An ``AsyncTestSource`` is hot: the marble runner sends its events at their ticks whoever reads.
/// A cold source starts again for each iteration, which is what `retry` and a restartable
/// `share` do to their upstream:
///
/// ```swift
/// let runs = [try MarbleTimeline(parsing: "ab^"), try MarbleTimeline(parsing: "c|")]
/// let outputs = try await recordMarbles([]) { _, clock in
///   ColdMarbleSource(runs: runs, clock: clock).retry(1)
/// }
/// outputs[0].description   // "abc|"
/// ```
///
/// `offset` places each event that far into its tick. The runners register consumers at a tick's
/// instant and then deliver the hot inputs' events, so a consumer registered at a tick receives
/// that tick's event; a cold source played half a tick in (`offset: tick / 2`) behaves the same
/// towards consumers that register while it plays.
public struct ColdMarbleSource: AsyncSequence, Sendable {
  /// Each element is one marble element's text.
  public typealias Element = String
  /// A `^` in the marble.
  public typealias Failure = TestSourceFailure

  let runs: [MarbleTimeline]
  let clock: TestClock
  let tick: Duration
  let offset: Duration
  /// How many iterators were made (a class: copies of the sequence share the count).
  private let iterations = IterationCount()

  /// A source that plays `runs[k]` at its k-th iteration, the last one from then on.
  ///
  /// - Parameters:
  ///   - runs: The marbles played; at least one.
  ///   - clock: The clock the ticks are slept on.
  ///   - tick: The virtual duration of one marble position. Default: 1 ms.
  ///   - offset: How far into its tick each event falls, less than `tick`. Default: zero.
  public init(
    runs: [MarbleTimeline], clock: TestClock, tick: Duration = .milliseconds(1),
    offset: Duration = .zero
  ) {
    precondition(!runs.isEmpty, "a cold marble source needs at least one marble to play")
    precondition(offset >= .zero && offset < tick, "an offset lies within its tick")
    self.runs = runs
    self.clock = clock
    self.tick = tick
    self.offset = offset
  }

  /// A source that plays the k-th of `marbles` at its k-th iteration, the last one from then on.
  ///
  /// - Throws: `MarbleSyntaxError` for a marble that is not valid notation.
  public init(
    _ marbles: [String], clock: TestClock, tick: Duration = .milliseconds(1),
    offset: Duration = .zero
  ) throws(MarbleSyntaxError) {
    let runs = try marbles.map { marble throws(MarbleSyntaxError) in
      try MarbleTimeline(parsing: marble)
    }
    self.init(runs: runs, clock: clock, tick: tick, offset: offset)
  }

  /// Starts a play of the next marble, from now.
  public func makeAsyncIterator() -> Iterator {
    let count = iterations.count.withLock { count in
      defer { count += 1 }
      return count
    }
    let run = runs[Swift.min(count, runs.count - 1)]
    return Iterator(
      events: run.events, start: clock.now.advanced(by: offset), clock: clock, tick: tick)
  }

  /// One play of a marble. Its task being cancelled ends it (`nil`).
  public struct Iterator: AsyncIteratorProtocol {
    let events: [(tick: Int, event: MarbleEvent)]
    let start: TestClock.Instant
    let clock: TestClock
    let tick: Duration
    var position = 0

    /// The next event's element at its instant; `nil` at the finish; throws at the failure.
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(TestSourceFailure) -> String? {
      guard position < events.count else { return nil }
      let (eventTick, event) = events[position]
      let due = start.advanced(by: tick * eventTick)
      if due > clock.now {
        do {
          try await clock.sleep(until: due, tolerance: nil)
        } catch {
          position = events.count
          return nil
        }
      }
      position += 1
      switch event {
      case .value(let value):
        return value
      case .finish:
        position = events.count
        return nil
      case .failure:
        position = events.count
        throw TestSourceFailure(source: "input")
      }
    }

    /// The next event's element; see ``next(isolation:)``.
    public mutating func next() async throws(TestSourceFailure) -> String? {
      try await next(isolation: nil)
    }
  }
}

/// The number of iterators a ``ColdMarbleSource`` made.
private final class IterationCount: Sendable {
  let count = Mutex(0)
}
