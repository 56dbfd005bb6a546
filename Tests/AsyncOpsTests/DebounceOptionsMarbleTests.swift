import AsyncOps
import AsyncOpsTesting
import Testing

/// The debounce options (Debounce rules 8–10, pull only), on marbles (one tick = 1 ms, D = 3).
@Suite struct DebounceOptionsMarbleTests {
  private static func debounced(
    _ inputs: [AsyncTestSource<String>], _ clock: TestClock, leading: Bool = false,
    maxWait: Int? = nil
  ) -> AsyncDebounceSequence<AsyncTestSource<String>, TestClock> {
    inputs[0].debounce(
      for: .milliseconds(3), clock: clock, leading: leading,
      maxWait: maxWait.map { .milliseconds($0) })
  }

  @Test func debounceMaxWaitExample_semanticsVerbatim() async throws {
    try await expectMarbles(["abcdefghijk----|"], "-----e----j--k-|") {
      Self.debounced($0, $1, maxWait: 5)
    }
  }

  @Test func debounceRule8_leadingEmitsTheElementThatStartsABurstAtOnce() async throws {
    // a starts the burst; b and c are debounced: c is emitted 3 ticks after it arrived.
    try await expectMarbles(["abc-----|"], "a----c--|") { Self.debounced($0, $1, leading: true) }
  }

  @Test func debounceRule8_aBurstOfOneElementIsEmittedOnce() async throws {
    try await expectMarbles(["a------|"], "a------|") { Self.debounced($0, $1, leading: true) }
  }

  @Test func debounceRule8_anElementAtTheDeadlineStartsANewBurstAfterTheTimer() async throws {
    // b is emitted by the timer at 4; c, arriving at 4, starts a new burst: emitted at once.
    try await expectMarbles(["ab--c---|"], "a---[bc]---|") {
      Self.debounced($0, $1, leading: true)
    }
  }

  @Test func debounceRule8_anElementAtTheDeadlineOfABurstWithNothingPendingIsLeading() async throws
  {
    try await expectMarbles(["a--b---|"], "a--b---|") { Self.debounced($0, $1, leading: true) }
  }

  @Test func debounceRule9_maxWaitCapsEveryDeadlineAtTheBurstStartPlusM() async throws {
    // Burst a..d starts at 0: deadlines 3, 4, 4, 4 (capped); d at 4; e starts a burst at 4.
    try await expectMarbles(["abcdefg---|"], "----d---g-|") { Self.debounced($0, $1, maxWait: 4) }
  }

  @Test func debounceRule9_maxWaitWithLeading() async throws {
    try await expectMarbles(["abcdefg---|"], "a---[de]---g-|") {
      Self.debounced($0, $1, leading: true, maxWait: 4)
    }
  }

  @Test func debounceRule9_aShortBurstEndsAtItsOwnDeadlineBeforeMaxWait() async throws {
    try await expectMarbles(["ab------|"], "----b---|") { Self.debounced($0, $1, maxWait: 10) }
  }

  @Test func debounceRule10_theFinishFlushesThePendingElementWithOptions() async throws {
    try await expectMarbles(["ab|"], "a-[b|]") { Self.debounced($0, $1, leading: true) }
    try await expectMarbles(["abc|"], "---[c|]") { Self.debounced($0, $1, maxWait: 5) }
  }

  @Test func debounceRule10_aFailureDropsThePendingElementWithOptions() async throws {
    try await expectMarbles(["ab^"], "a-^") { Self.debounced($0, $1, leading: true) }
    try await expectMarbles(["abc^"], "---^") { Self.debounced($0, $1, maxWait: 5) }
  }

  @Test func debounceZeroIntervalPassesEveryElementThroughWhateverTheOptions() async throws {
    try await expectMarbles(["ab-c[de]|"], "ab-c[de]|") { inputs, clock in
      inputs[0].debounce(for: .zero, clock: clock, leading: true, maxWait: .milliseconds(1))
    }
  }

  @Test func existingCallsCompileUnchanged() async {
    // The spellings of the first release: no new argument needed.
    let source = [1, 2].asyncElements
    _ = source.debounce(for: .seconds(1))
    _ = source.debounce(for: .seconds(1), tolerance: .milliseconds(1))
    _ = source.debounce(for: .seconds(1), clock: ContinuousClock())
    _ = source.debounce(for: .seconds(1), tolerance: nil, clock: SuspendingClock())
    let last = await collectElements(source.debounce(for: .seconds(3600), leading: true))
    #expect(last == [1, 2])
  }
}
