import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Timer rules 1–5, one by one, on virtual time.
@Suite struct TimerTests {
  private static func ms(_ instant: TestClock.Instant?) -> Int? {
    instant.map { Int($0.offset / .milliseconds(1)) }
  }

  @Test func timerRule1_theNthTickIsDueAtStartPlusNIntervals() async throws {
    let ticks = try await withVirtualTime { time in
      var iterator = AsyncTimerSequence(interval: .milliseconds(10), clock: time.clock)
        .makeAsyncIterator()
      var ticks: [Int?] = []
      for _ in 0..<4 { ticks.append(Self.ms(await iterator.next())) }
      return ticks
    }
    #expect(ticks == [10, 20, 30, 40])
  }

  @Test func timerRule1_aConsumerBusyBetweenTicksCausesNoDrift() async throws {
    let ticks = try await withVirtualTime { time in
      var iterator = AsyncTimerSequence.repeating(every: .milliseconds(10), clock: time.clock)
        .makeAsyncIterator()
      var ticks: [Int?] = []
      for _ in 0..<4 {
        ticks.append(Self.ms(await iterator.next()))
        try? await time.clock.sleep(for: .milliseconds(7))  // busy, but not past the deadline
      }
      return ticks
    }
    #expect(ticks == [10, 20, 30, 40])
  }

  @Test func timerRule1_theTimerStartsAtTheFirstNext() async throws {
    let first = try await withVirtualTime { time in
      var iterator = AsyncTimerSequence(interval: .milliseconds(10), clock: time.clock)
        .makeAsyncIterator()
      try? await time.clock.sleep(for: .milliseconds(5))
      return Self.ms(await iterator.next())
    }
    #expect(first == 15)
  }

  @Test func timerRule2_aLateConsumerGetsOneTickForTheMissedDeadlinesNotABurst() async throws {
    let ticks = try await withVirtualTime { time in
      var iterator = AsyncTimerSequence(interval: .milliseconds(10), clock: time.clock)
        .makeAsyncIterator()
      var ticks: [Int?] = [Self.ms(await iterator.next())]
      try? await time.clock.sleep(for: .milliseconds(35))  // misses 20, 30 and 40
      ticks.append(Self.ms(await iterator.next()))
      ticks.append(Self.ms(await iterator.next()))
      ticks.append(Self.ms(await iterator.next()))
      return ticks
    }
    #expect(ticks == [10, 45, 50, 60])
  }

  @Test func timerRule3_theElementIsTheClocksNowWhenTheTickIsTaken() async throws {
    let (tick, now) = try await withVirtualTime { time in
      var iterator = AsyncTimerSequence(interval: .milliseconds(10), clock: time.clock)
        .makeAsyncIterator()
      _ = await iterator.next()  // 10
      try? await time.clock.sleep(for: .milliseconds(13))  // late for 20
      let tick = await iterator.next()
      return (tick, time.clock.now)
    }
    #expect(tick == now)
    #expect(Self.ms(tick) == 23)
  }

  @Test func timerRule4_cancellingTheConsumerEndsTheTimerAndEveryLaterNextIsNil() async throws {
    try await withVirtualTime { time in
      let consumer = Task {
        var iterator = AsyncTimerSequence(interval: .milliseconds(10), clock: time.clock)
          .makeAsyncIterator()
        var ticks = 0
        while await iterator.next() != nil { ticks += 1 }
        let after = await iterator.next()
        return (ticks, after)
      }
      await time.advance(by: .milliseconds(25))
      #expect(time.clock.sleeperCount == 1)
      consumer.cancel()
      let (ticks, after) = await consumer.value
      #expect(ticks == 2)
      #expect(after == nil)
      #expect(time.clock.sleeperCount == 0)
      #expect(time.now == .zero.advanced(by: .milliseconds(25)))
    }
  }

  @Test func timerRule5_worksOnAnyClock() async {
    // A non-positive interval ticks at once, so real clocks are exercised without waiting.
    var continuous = AsyncTimerSequence(interval: .zero, clock: ContinuousClock())
      .makeAsyncIterator()
    let start = ContinuousClock.now
    let tick = await continuous.next()
    #expect(tick.map { $0 >= start } == true)
    var suspending = AsyncTimerSequence<SuspendingClock>.repeating(every: .zero).makeAsyncIterator()
    #expect(await suspending.next() != nil)
  }

  @Test func timerIsSendableWithANeverFailure() {
    let timer = AsyncTimerSequence.repeating(every: .seconds(1), clock: TestClock())
    let sendable: any Sendable = timer
    #expect(sendable is AsyncTimerSequence<TestClock>)
    #expect(AsyncTimerSequence<TestClock>.Failure.self == Never.self)
  }

  // MARK: - SAA 1.1.5's tests, rewritten on our marbles. Our timer starts at the first `next()`,
  // tick 0, so a tick of interval n lands at n, n × 2, …, one position later than in SAA's
  // diagrams (its validation clock counts from 1); `[;|]` (SAA's cancellation) is a `prefix`.

  private static func timerMarble(
    every ticks: Int, count: Int, busy: Int = 0
  )
    -> @Sendable ([AsyncTestSource<String>], TestClock) -> AsyncPrefixSequence<
      AsyncMapSequence<AsyncTimerSequence<TestClock>, String>
    >
  {
    { _, clock in
      AsyncTimerSequence(interval: .milliseconds(ticks), clock: clock).map { _ in
        if busy > 0 { try? await clock.sleep(for: .milliseconds(busy)) }
        return "x"
      }.prefix(count)
    }
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestTimer.swift test_tick1
  @Test func saaTick1() async throws {
    try await expectMarbles([], "-xxxxxx[x|]", Self.timerMarble(every: 1, count: 7))
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestTimer.swift test_tick2
  @Test func saaTick2() async throws {
    try await expectMarbles([], "--x-x-[x|]", Self.timerMarble(every: 2, count: 3))
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestTimer.swift test_tick3
  @Test func saaTick3() async throws {
    try await expectMarbles([], "---x--x--[x|]", Self.timerMarble(every: 3, count: 3))
  }

  // SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestTimer.swift test_tick2_event_skew3
  @Test func saaTick2EventSkew3() async throws {
    // Each element takes 3 ticks: every deadline is late, so each tick is taken at once.
    try await expectMarbles([], "-----x--x--[x|]", Self.timerMarble(every: 2, count: 3, busy: 3))
  }
}

/// The timer's deadlines, as a pure value.
@Suite struct TimerScheduleTests {
  typealias Schedule = TimerSchedule<TestClock.Instant>
  private static func at(_ ms: Int) -> TestClock.Instant { .zero.advanced(by: .milliseconds(ms)) }

  @Test func theFirstRequestSetsTheStart() {
    var schedule = Schedule(interval: .milliseconds(10))
    #expect(schedule.deadline(askedAt: Self.at(3)) == Self.at(13))
    #expect(schedule.deadline(askedAt: Self.at(8)) == Self.at(13))
  }

  @Test func aTickTakenOnTimeMovesToTheNextDeadline() {
    var schedule = Schedule(interval: .milliseconds(10))
    _ = schedule.deadline(askedAt: Self.at(0))
    schedule.tookTick(at: Self.at(10))
    #expect(schedule.deadline(askedAt: Self.at(10)) == Self.at(20))
  }

  @Test func aLateTickAccountsForEveryMissedDeadline() {
    var schedule = Schedule(interval: .milliseconds(10))
    _ = schedule.deadline(askedAt: Self.at(0))
    schedule.tookTick(at: Self.at(47))
    #expect(schedule.deadline(askedAt: Self.at(47)) == Self.at(50))
  }

  @Test func aTickTakenExactlyOnALaterDeadlineCountsIt() {
    var schedule = Schedule(interval: .milliseconds(10))
    _ = schedule.deadline(askedAt: Self.at(0))
    schedule.tookTick(at: Self.at(30))
    #expect(schedule.deadline(askedAt: Self.at(30)) == Self.at(40))
  }

  @Test func aTickAtAnyInstantLeavesTheFirstDeadlineAfterIt() {
    // Either side of each deadline: before the next-but-one (one deadline accounted, the quick
    // way) and on or after it (every deadline up to the tick).
    for tick in 10...65 {
      var schedule = Schedule(interval: .milliseconds(10))
      _ = schedule.deadline(askedAt: Self.at(0))
      schedule.tookTick(at: Self.at(tick))
      #expect(schedule.deadline(askedAt: Self.at(tick)) == Self.at((tick / 10 + 1) * 10), "\(tick)")
    }
  }

  @Test func aVeryLateTickOnATinyIntervalStaysOnTheGrid() {
    var schedule = Schedule(interval: .nanoseconds(3))
    _ = schedule.deadline(askedAt: .zero)
    schedule.tookTick(at: .zero.advanced(by: .seconds(1_000)))
    #expect(
      schedule.deadline(askedAt: .zero) == .zero.advanced(by: .nanoseconds(1_000_000_000_002)))
  }

  @Test func aNonPositiveIntervalIsDueAtOnce() {
    var schedule = Schedule(interval: .zero)
    #expect(schedule.deadline(askedAt: Self.at(5)) == Self.at(5))
    schedule.tookTick(at: Self.at(5))
    #expect(schedule.deadline(askedAt: Self.at(9)) == Self.at(9))
  }
}
