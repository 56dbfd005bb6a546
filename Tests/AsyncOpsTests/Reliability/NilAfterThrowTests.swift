// Every iterator of the package returns `nil` from every `next()` after it has thrown (or, for a
// sequence that cannot throw, after it has finished): Compatibility rule 3.
//
// HOW TO ADD AN OPERATOR: add one line to `NilAfterThrowCase.rows` below, e.g.
//
//   .init("merge of 2") { merge($0.failing(), $0.failing()) },
//   .init("reductions, closure throws") { $0.elements("a", "b").reductions { _, _ in throw RowFailure() } },
//   .init("timer (cannot throw)") { AsyncTimerSequence(interval: .seconds(1), clock: $0.clock).prefix(2) },
//
// The closure gets `NilAfterThrowInputs` and returns the sequence under test; it is built and
// iterated inside one task on virtual time (`withVirtualTime`), so timers fire on `$0.clock`.
// - `$0.failing()`: a base that yields "a" and then throws `RowFailure` — and, in the
//   "base keeps going" run of each row, yields "b", "c" after its throw (a careless base), so
//   the row proves the operator itself stops, not that its base happened to.
// - `$0.elements("1", "2", ...)`: a base that yields those and finishes (for a row whose
//   closure throws instead).
// - `$0.clock`: the virtual clock (a `TestClock`).
// A row whose `Failure` is `Never` must finish instead; it is then checked for `nil` after its
// finish (`ending: .finished` asks the same of a row that may throw but must not). Every row runs
// twice (the base well-behaved, then careless); both must pass.
// A row with no base (a channel, a timer) uses the helpers of `NilAfterThrowRowHelpers.swift`:
// `$0.startProducer(...)` / `$0.keepSendingAfterTheEnd(...)` (in the careless run the producer
// keeps sending after the end), `NextCancelledOnce(after:_:)`, `AfterPrelude(base:prelude:)`.

import AsyncOps
import AsyncOpsTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct NilAfterThrowTests {
  @Test(arguments: NilAfterThrowCase.all)
  func everyNextAfterTheIteratorHasThrownReturnsNil(_ row: NilAfterThrowCase) async throws {
    let outcome = try await withVirtualTime { time in
      await row.run(NilAfterThrowInputs(clock: time.clock, baseKeepsGoing: row.baseKeepsGoing))
    }
    #expect(outcome.ending == row.expectedEnding, "\(row.testDescription): \(outcome)")
    #expect(outcome.afterEnding == ["nil", "nil", "nil"], "\(row.testDescription): \(outcome)")
  }
}

/// The error the rows' bases and closures throw.
struct RowFailure: Error, Equatable, CustomStringConvertible {
  var description: String { "RowFailure" }
}

/// What a row's closure builds its sequence from.
struct NilAfterThrowInputs: Sendable {
  /// The virtual clock: hand it to time-based operators.
  let clock: TestClock
  /// Whether `failing()` keeps yielding after its throw (the careless-base run).
  let baseKeepsGoing: Bool

  /// A base that yields "a", then throws `RowFailure` (then, when careless, "b" and "c").
  func failing() -> ScriptedBase {
    ScriptedBase(elements: ["a"], fails: true, afterFailure: baseKeepsGoing ? ["b", "c"] : [])
  }

  /// A base that yields `elements` and finishes.
  func elements(_ elements: String...) -> ScriptedBase {
    ScriptedBase(elements: elements, fails: false, afterFailure: [])
  }
}

/// A base that never suspends: its elements, then a failure or the finish, then (if it is
/// careless) more elements after the failure.
struct ScriptedBase: AsyncSequence, Sendable {
  typealias Element = String
  typealias Failure = RowFailure

  let elements: [String]
  let fails: Bool
  let afterFailure: [String]

  func makeAsyncIterator() -> Iterator { Iterator(base: self) }

  struct Iterator: AsyncIteratorProtocol {
    let base: ScriptedBase
    var position = 0
    var hasThrown = false

    mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(RowFailure) -> String? {
      if hasThrown {
        guard position < base.afterFailure.count else { return nil }
        defer { position += 1 }
        return base.afterFailure[position]
      }
      if position < base.elements.count {
        defer { position += 1 }
        return base.elements[position]
      }
      guard base.fails else { return nil }
      hasThrown = true
      position = 0
      throw RowFailure()
    }
  }
}

/// One operator (or iterator) under test, run with a well-behaved or a careless base.
struct NilAfterThrowCase: Sendable, CustomTestStringConvertible {
  enum Ending: Sendable, Equatable { case threw, finished, neverEnded }

  struct Outcome: Sendable, CustomStringConvertible {
    var elementCount = 0
    var ending = Ending.neverEnded
    var error = ""
    var afterEnding: [String] = []

    var description: String {
      "\(elementCount) element(s), then \(ending) \(error), then \(afterEnding)"
    }
  }

  let name: String
  let expectedEnding: Ending
  var baseKeepsGoing = false
  let run: @Sendable (NilAfterThrowInputs) async -> Outcome

  var testDescription: String {
    name + (baseKeepsGoing ? ", base keeps going after its throw" : "")
  }

  /// A row: `make` builds the sequence under test from the inputs. It must throw, or finish if
  /// its `Failure` is `Never`; `ending` overrides that for a sequence that may throw but must
  /// finish (a second iterator of a channel whose failure another iterator has taken).
  /// `readingNext` reads the untyped `next()` instead of `next(isolation:)`: swift-async-algorithms'
  /// 2- and 3-base type names deliver there the error of a base after the first, which their
  /// typed `Failure` (the first base's) cannot hold.
  init<Sequence: AsyncSequence & SendableMetatype>(
    _ name: String, ending: Ending? = nil, readingNext: Bool = false,
    _ make: @escaping @Sendable (NilAfterThrowInputs) -> Sequence
  ) {
    self.name = name
    expectedEnding = ending ?? (Sequence.Failure.self == Never.self ? .finished : .threw)
    run = { inputs in
      let task = Task { () -> Outcome in
        var outcome = Outcome()
        var iterator = make(inputs).makeAsyncIterator()
        do {
          // Bounded: a row that never ends is reported, not waited for.
          while outcome.elementCount < 100,
            try await (readingNext ? iterator.next() : iterator.next(isolation: nil)) != nil
          {
            outcome.elementCount += 1
          }
          if outcome.elementCount < 100 { outcome.ending = .finished }
        } catch {
          outcome.ending = .threw
          outcome.error = "\(error)"
        }
        guard outcome.ending != .neverEnded else { return outcome }
        for _ in 0..<3 {
          do {
            let element = try await readingNext ? iterator.next() : iterator.next(isolation: nil)
            outcome.afterEnding.append(element == nil ? "nil" : "\(element!)")
          } catch {
            outcome.afterEnding.append("throws \(error)")
          }
        }
        return outcome
      }
      return await task.value
    }
  }

  /// Every row twice: with a well-behaved base, then with a careless one.
  static var all: [NilAfterThrowCase] {
    rows.flatMap { row in
      var careless = row
      careless.baseKeepsGoing = true
      return [row, careless]
    }
  }

  // One line per operator or iterator; see the top of the file.
  static let rows: [NilAfterThrowCase] = [
    .init("AsyncTestSource") { _ in
      let source = AsyncTestSource<String>()
      source.send("a")
      source.fail()
      return source
    },
    .init("AsyncNonThrowingTestSource (cannot throw)") { _ in
      let source = AsyncNonThrowingTestSource<String>()
      source.send("a")
      source.finish()
      return source
    },
    .init("AsyncCurrentValue (cannot throw)") { _ in
      let value = AsyncCurrentValue("a")
      value.finish()
      return value
    },
    .init("removeDuplicates()") { $0.failing().removeDuplicates() },
    .init("removeDuplicates(by:), base fails") { $0.failing().removeDuplicates { $0 == $1 } },
    .init("removeDuplicates(by:) async, base fails") {
      $0.failing().removeDuplicates { @Sendable a, b async in a == b }
    },
    .init("removeDuplicates(by:) throwing, base fails") {
      $0.failing().removeDuplicates { @Sendable a, b throws in a == b }
    },
    .init("removeDuplicates(by:) throwing, predicate throws on 2") {
      $0.elements("1", "2", "3", "4").removeDuplicates { @Sendable _, b throws in
        if b == "2" { throw RowFailure() }
        return false
      }
    },
    .init("debounce") { $0.failing().debounce(for: .milliseconds(2), clock: $0.clock) },
    .init("debounce leading") {
      $0.failing().debounce(for: .milliseconds(2), clock: $0.clock, leading: true)
    },
    .init("debounce maxWait") {
      $0.failing().debounce(for: .milliseconds(2), clock: $0.clock, maxWait: .milliseconds(3))
    },
    .init("debounce leading maxWait") {
      $0.failing().debounce(
        for: .milliseconds(2), clock: $0.clock, leading: true, maxWait: .milliseconds(3))
    },
    .init("throttle latest") { $0.failing().throttle(for: .milliseconds(2), clock: $0.clock) },
    .init("throttle first") {
      $0.failing().throttle(for: .milliseconds(2), clock: $0.clock, latest: false)
    },
    .init("combineLatest of 2") { combineLatest($0.failing(), $0.failing()) },
    .init("combineLatest of 3") { combineLatest($0.failing(), $0.failing(), $0.failing()) },
    .init("combineLatest of 4") {
      combineLatest($0.failing(), $0.failing(), $0.failing(), $0.failing())
    },
    .init("combineLatest of 5 (variadic)") {
      combineLatest($0.failing(), $0.failing(), $0.failing(), $0.failing(), $0.failing())
    },
    .init("combineLatest of 2, different failures") {
      combineLatest($0.failing(), AsyncCurrentValue("x"))
    },
    .init("share, bounded(1)") { $0.failing().share() },
    .init("share, unbounded") { $0.failing().share(bufferingPolicy: .unbounded) },
    .init("share, bufferingNewest(1)") { $0.failing().share(bufferingPolicy: .bufferingNewest(1)) },
    .init("share, bufferingOldest(1)") { $0.failing().share(bufferingPolicy: .bufferingOldest(1)) },
    .init("share, replay 1") { $0.failing().share(replay: 1) },
    .init("mapLatest, base fails") { $0.failing().mapLatest { $0 } },
    .init("mapLatest, transform throws") {
      $0.elements("a", "b").mapLatest { @Sendable (_: String) throws(RowFailure) -> String in
        throw RowFailure()
      }
    },
    .init("flatMapLatest, base fails") {
      $0.failing().flatMapLatest { ScriptedBase(elements: [$0], fails: false, afterFailure: []) }
    },
    .init("flatMapLatest, inner fails") { inputs in
      inputs.elements("a").flatMapLatest { _ in inputs.failing() }
    },
    .init("merge of 2, shared failure") { merge($0.failing(), $0.failing()) },
    .init("merge of 2, one base fails") { merge($0.elements("x", "y"), $0.failing()) },
    .init("merge of 2, different failures") { merge($0.failing(), AsyncCurrentValue("x")) },
    .init("merge of 3, shared failure") { merge($0.failing(), $0.failing(), $0.failing()) },
    .init("merge of 3, different failures", ending: .threw, readingNext: true) {
      merge(AsyncCurrentValue("x"), $0.elements("y"), $0.failing())
    },
    .init("merge of 5, shared failure") {
      merge($0.failing(), $0.failing(), $0.failing(), $0.failing(), $0.failing())
    },
    .init("merge of 5, different failures") {
      merge($0.elements("x"), $0.failing(), AsyncCurrentValue("y"), $0.elements(), $0.failing())
    },
    .init("zip of 2") { zip($0.failing(), $0.failing()) },
    .init("zip of 2, the shorter base fails") { zip($0.elements("x", "y"), $0.failing()) },
    .init("zip of 2, different failures") { zip($0.failing(), AsyncCurrentValue("x")) },
    .init("zip of 3") { zip($0.failing(), $0.failing(), $0.failing()) },
    .init("zip of 3, different failures", ending: .threw, readingNext: true) {
      zip(AsyncCurrentValue("x"), $0.elements("y", "z"), $0.failing())
    },
    .init("zip of 5 (variadic)") {
      zip($0.failing(), $0.failing(), $0.failing(), $0.failing(), $0.failing())
    },
    .init("zip of 4 (variadic), different failures") {
      zip($0.elements("w", "x"), AsyncCurrentValue(1), $0.failing(), $0.elements("y", "z"))
    },
    .init("chain of 2, the first fails") { chain($0.failing(), $0.elements("x")) },
    .init("chain of 2, the second fails") { chain($0.elements("x"), $0.failing()) },
    .init("chain of 3, the first fails") {
      chain($0.failing(), $0.elements("x"), $0.elements("y"))
    },
    .init("chain of 3, the last fails") { chain($0.elements("x"), $0.elements(), $0.failing()) },
    .init("chain of 3, different failures, the second fails", ending: .threw, readingNext: true) {
      chain(AsyncCurrentValue("x").prefix(1), $0.failing(), $0.elements("y"))
    },
    .init("AsyncThrowingChannel, fails while its consumer waits") { inputs in
      let channel = AsyncThrowingChannel<String, RowFailure>()
      inputs.startProducer(sending: ["a"], send: { await channel.send($0) }) {
        channel.fail(RowFailure())
      }
      return channel
    },
    .init("AsyncThrowingChannel, failed before its consumer asks") { inputs in
      let channel = AsyncThrowingChannel<String, RowFailure>()
      channel.fail(RowFailure())
      inputs.keepSendingAfterTheEnd { await channel.send($0) }
      return channel
    },
    .init("AsyncThrowingChannel, two iterators wait, the second one") { inputs in
      let channel = AsyncThrowingChannel<String, RowFailure>()
      Task {
        var first = channel.makeAsyncIterator()
        while (try? await first.next()) != nil {}
      }
      inputs.startProducer(sending: [], send: { await channel.send($0) }) {
        channel.fail(RowFailure())
      }
      return channel
    },
    .init("AsyncThrowingChannel, a second iterator once the first threw", ending: .finished) {
      inputs in
      let channel = AsyncThrowingChannel<String, RowFailure>()
      channel.fail(RowFailure())
      inputs.keepSendingAfterTheEnd { await channel.send($0) }
      return AfterPrelude(base: channel) {
        var first = channel.makeAsyncIterator()
        _ = try? await first.next()
      }
    },
    .init("AsyncThrowingChannel, finishes while its consumer waits", ending: .finished) {
      inputs in
      let channel = AsyncThrowingChannel<String, RowFailure>()
      inputs.startProducer(sending: ["a"], send: { await channel.send($0) }) { channel.finish() }
      return channel
    },
    .init("AsyncChannel, finishes while its consumer waits (cannot throw)") { inputs in
      let channel = AsyncChannel<String>()
      inputs.startProducer(sending: ["a"], send: { await channel.send($0) }) { channel.finish() }
      return channel
    },
    .init("AsyncChannel, finished before its consumer asks (cannot throw)") { inputs in
      let channel = AsyncChannel<String>()
      channel.finish()
      inputs.keepSendingAfterTheEnd { await channel.send($0) }
      return channel
    },
    .init("buffer, bounded(2)") { $0.failing().buffer(policy: .bounded(2)) },
    .init("buffer, bounded(0) (no buffer)") { $0.failing().buffer(policy: .bounded(0)) },
    .init("buffer, unbounded") { $0.failing().buffer(policy: .unbounded) },
    .init("buffer, bufferingLatest(2)") { $0.failing().buffer(policy: .bufferingLatest(2)) },
    .init("buffer, bufferingOldest(2)") { $0.failing().buffer(policy: .bufferingOldest(2)) },
    .init("AsyncTimerSequence, cancelled waiting for tick 3 (cannot throw)") {
      NextCancelledOnce(
        after: 2, whileItWaits: true, AsyncTimerSequence(interval: .seconds(1), clock: $0.clock))
    },
    .init("AsyncTimerSequence, cancelled before tick 3 (cannot throw)") {
      NextCancelledOnce(
        after: 2, whileItWaits: false, AsyncTimerSequence(interval: .seconds(1), clock: $0.clock))
    },
    .init("AsyncTimerSequence.repeating, cancelled waiting for tick 1 (cannot throw)") {
      NextCancelledOnce(
        after: 0, whileItWaits: true,
        AsyncTimerSequence.repeating(every: .seconds(1), clock: $0.clock))
    },
    .init("chunks(ofCount: 2)") { $0.failing().chunks(ofCount: 2) },
    .init("chunks(ofCount: 1)") { $0.failing().chunks(ofCount: 1) },
    .init("chunked(by:) a predicate") { $0.failing().chunked(by: { $0 == $1 }) },
    .init("chunked(on:)") { $0.failing().chunked(on: { $0.count }) },
    .init("chunks(ofCount:or:) a signal") {
      $0.failing().chunks(ofCount: 2, or: AsyncChannel<Void>())
    },
    .init("chunks(ofCount:or:) a timer") {
      $0.failing().chunks(ofCount: 2, or: .repeating(every: .milliseconds(1), clock: $0.clock))
    },
    .init("chunked(by:) a signal") { $0.failing().chunked(by: AsyncChannel<Void>()) },
    .init("chunked(by:) a timer") {
      $0.failing().chunked(by: .repeating(every: .milliseconds(1), clock: $0.clock))
    },
    .init("withLatestFrom, base fails") {
      $0.failing().withLatestFrom(AsyncNonThrowingTestSource<String>())
    },
    .init("withLatestFrom, same failure type") { $0.failing().withLatestFrom($0.elements("x")) },
    .init("timeout, base fails") { $0.failing().timeout(after: .seconds(1), clock: $0.clock) },
    .init("timeout fires") {
      AsyncNonThrowingTestSource<String>().timeout(after: .milliseconds(2), clock: $0.clock)
    },
    .init("timeout fires, custom error") {
      AsyncTestSource<String>().timeout(
        after: .milliseconds(2), clock: $0.clock, customError: { TestSourceFailure(source: "t") })
    },
    .init("delay, base fails") { $0.failing().delay(for: .milliseconds(2), clock: $0.clock) },
    .init("prefix(untilOutputFrom:), base fails") {
      $0.failing().prefix(untilOutputFrom: AsyncNonThrowingTestSource<String>())
    },
    .init("retry(2)") { $0.failing().retry(2) },
    .init("retry(1, delay:clock:)") {
      $0.failing().retry(1, delay: { _ in .milliseconds(1) }, clock: $0.clock)
    },
    .init("share, stoppingAfter") {
      $0.failing().share(stoppingAfter: .milliseconds(1), clock: $0.clock)
    },
    .init("share, stoppingAfter zero") {
      $0.failing().share(replay: 1, stoppingAfter: .zero, clock: $0.clock)
    },
    .init("_throttle latest") { $0.failing()._throttle(for: .milliseconds(2), clock: $0.clock) },
    .init("_throttle first") {
      $0.failing()._throttle(for: .milliseconds(2), clock: $0.clock, latest: false)
    },
  ]
}
