import AsyncOps
import AsyncOpsTesting
import Testing

/// Throttle rules 1–6 (pull), one by one, on marbles (one tick = 1 ms, D = 3 ticks).
@Suite struct ThrottleMarbleTests {
  private static func throttled(
    _ inputs: [AsyncTestSource<String>], _ clock: TestClock, latest: Bool = true
  ) -> AsyncThrottleSequence<AsyncTestSource<String>, TestClock> {
    inputs[0].throttle(for: .milliseconds(3), clock: clock, latest: latest)
  }

  @Test func throttleExample_semanticsVerbatim() async throws {
    try await expectMarbles(["abcdefgh-----i|"], "a--c--f--h---i|") { Self.throttled($0, $1) }
  }

  @Test func throttleRule1_anElementAfterAQuietIntervalIsEmittedAtOnce() async throws {
    try await expectMarbles(["a---b-|"], "a---b-|") { Self.throttled($0, $1) }
  }

  @Test func throttleRule1_theFirstElementIsEmittedBeforeTheLaterInputsOfItsInstant() async throws {
    try await expectMarbles(["[ab]---|"], "a--b|") { Self.throttled($0, $1) }
  }

  @Test func throttleRule2_trailingEdgeFiresOnTimer() async throws {
    // No element follows b: it is still emitted when the interval since a ends.
    try await expectMarbles(["ab------|"], "a--b----|") { Self.throttled($0, $1) }
  }

  @Test func throttleRule2_latestReplacesThePendingElement() async throws {
    try await expectMarbles(["abc-----|"], "a--c----|") { Self.throttled($0, $1) }
  }

  @Test func throttleRule2_latestFalseKeepsTheFirstPendingElement() async throws {
    try await expectMarbles(["abc-----|"], "a--b----|") { Self.throttled($0, $1, latest: false) }
  }

  @Test func throttleRule3_anEmissionByTheTimerRestartsTheInterval() async throws {
    // b is emitted at 3; c, arriving at 3 after that timer, is due at 3 + 3.
    try await expectMarbles(["ab-c----|"], "a--b--c-|") { Self.throttled($0, $1) }
  }

  @Test func throttleRule3_anEmissionAtOnceRestartsTheInterval() async throws {
    try await expectMarbles(["a---bc---|"], "a---b--c-|") { Self.throttled($0, $1) }
  }

  @Test func throttleRule4_theFinishWaitsForThePendingElementsDueInstant() async throws {
    try await expectMarbles(["ab|"], "a--[b|]") { Self.throttled($0, $1) }
  }

  @Test func throttleRule4_theFinishWithNothingPendingIsDeliveredAtOnce() async throws {
    try await expectMarbles(["a-|"], "a-|") { Self.throttled($0, $1) }
  }

  @Test func throttleRule5_aFailureDropsThePendingElementAndIsDeliveredAtOnce() async throws {
    try await expectMarbles(["ab^"], "a-^") { Self.throttled($0, $1) }
  }

  @Test func throttleRule5_aFailureKeepsWhatWasEmittedBefore() async throws {
    try await expectMarbles(["ab----^"], "a--b--^") { Self.throttled($0, $1) }
  }

  @Test func throttleRule6_aZeroIntervalPassesEveryElementThrough() async throws {
    try await expectMarbles(["ab-c[de]|"], "ab-c[de]|") { inputs, clock in
      inputs[0].throttle(for: .zero, clock: clock)
    }
  }
}
