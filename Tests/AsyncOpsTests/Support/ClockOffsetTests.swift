import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// The ``ClockOffsets`` timeline hands a machine ``ClockOffset``s from an origin instant, and
/// converts back to the clock's instants only to sleep: the offsets must order and advance as the
/// instants do, and every deadline must come back as the instant it stands for.
@Suite struct ClockOffsetTests {
  private typealias Offset = ClockOffset<Duration>

  @Test func anOffsetAdvancesAndMeasuresAsItsDuration() {
    let start = Offset.origin.advanced(by: .milliseconds(1_500))
    #expect(start.sinceOrigin == .milliseconds(1_500))
    #expect(start.advanced(by: .milliseconds(-500)).sinceOrigin == .seconds(1))
    #expect(start.duration(to: Offset(sinceOrigin: .seconds(4))) == .milliseconds(2_500))
    #expect(Offset(sinceOrigin: .seconds(4)).duration(to: start) == .milliseconds(-2_500))
  }

  @Test func offsetsCompareAsTheirDurations() {
    let earlier = Offset(sinceOrigin: .nanoseconds(-1))
    let later = Offset(sinceOrigin: .nanoseconds(1))
    #expect(earlier < Offset.origin && Offset.origin < later)
    #expect(earlier <= earlier && !(later <= earlier))
    #expect(min(later, earlier) == earlier)
    #expect(Offset(sinceOrigin: .seconds(2)) == Offset.origin.advanced(by: .seconds(2)))
    #expect(Offset(sinceOrigin: .seconds(2)) != Offset.origin)
  }

  /// The timeline counts from one reading of the clock and sleeps until `origin.advanced(by:)` of
  /// an offset: on the standard clocks that is the instant the offset was measured from.
  @Test func theStandardClocksInstantsComeBackFromTheirOffsetsExactly() {
    let continuousOrigin = ContinuousClock.now
    let continuousLater = continuousOrigin.advanced(by: .nanoseconds(123_456_789_012))
    let continuousOffset = continuousOrigin.duration(to: continuousLater)
    #expect(continuousOrigin.advanced(by: continuousOffset) == continuousLater)

    let suspendingOrigin = SuspendingClock.now
    let suspendingEarlier = suspendingOrigin.advanced(by: .milliseconds(-7))
    let suspendingOffset = suspendingOrigin.duration(to: suspendingEarlier)
    #expect(suspendingOrigin.advanced(by: suspendingOffset) == suspendingEarlier)
  }

  /// The offsets' timeline reads its clock once, for its origin, and the machine starts from the
  /// origin itself: making an iterator costs one reading, as on the clock's own instants.
  @Test func makingADebounceOrThrottleIteratorReadsTheClockOnce() {
    let debounceClock = TickingClock()
    _ = [1, 2, 3].async.debounce(for: .seconds(1), clock: debounceClock).makeAsyncIterator()
    #expect(debounceClock.readCount == 1)

    let throttleClock = TickingClock()
    _ = [1, 2, 3].async.throttle(for: .seconds(1), clock: throttleClock).makeAsyncIterator()
    #expect(throttleClock.readCount == 1)
  }

  // Debounce rule 1, on a clock that is far from its zero when the iterator is made.
  @Test func aDebounceMadeLateOnTheClockEmitsAtTheClocksOwnDeadline() async throws {
    let log = try await withVirtualTime { time in
      await time.advance(by: .seconds(7))
      let source = AsyncTestSource<String>()
      let debounced = source.debounce(for: .milliseconds(3), clock: time.clock)
      let consumer = Task {
        var log: [String] = []
        for try await element in debounced { log.append("\(element)@\(time.clock.milliseconds)") }
        return log
      }
      await time.settle()
      source.send("a")  // at 7000, due at 7003
      await time.advance(by: .milliseconds(5))
      source.finish()
      return try await consumer.value
    }
    #expect(log == ["a@7003"])
  }
}
