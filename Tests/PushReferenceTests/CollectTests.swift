import PushReference
import Testing

private let joinedGroup: @Sendable ([String]) -> String = { $0.joined() }

/// Combine's `collect(_:)` and `collect(_:options:)` (`.byTime`, `.byTimeOrCount`): Chunks
/// rule 8 (push), on marbles (one tick = 1 ms).
@Suite struct PushCollectTests {
  private static func run<P: Publisher>(
    _ input: String,
    _ build: (PassthroughSubject<String, MarbleFailure>, VirtualTimeScheduler) -> P
  ) throws -> String where P.Output == [String] {
    try recordPushMarbles([input], render: joinedGroup) { subjects, scheduler in
      build(subjects[0], scheduler)
    }[0].description
  }

  @Test func collectByCountEmitsAFullArrayAtOnce() throws {
    #expect(try Self.run("abcdef|") { subject, _ in subject.collect(3) } == "--'abc'--'def'|")
  }

  @Test func collectByCountEmitsThePartialArrayAtTheFinish() throws {
    #expect(try Self.run("abcde|") { subject, _ in subject.collect(3) } == "--'abc'--['de'|]")
  }

  @Test func collectByCountDropsThePartialArrayAtAFailure() throws {
    #expect(try Self.run("ab^") { subject, _ in subject.collect(3) } == "--^")
  }

  @Test func collectByCountAsksTheUpstreamForCountTimesTheDemand() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [[Int]] = []
    let subscription = subject.collect(2).sink { received.append($0) }
    for value in 0..<5 { subject.send(value) }
    subject.send(completion: .finished)
    #expect(received == [[0, 1], [2, 3], [4]])
    subscription.cancel()
  }

  @Test func collectByTimeEmitsAtEveryTickOfItsTimer() throws {
    let output = try Self.run("abc-def-gh---|") { subject, scheduler in
      subject.collect(.byTime(scheduler, .milliseconds(4)))
    }
    #expect(output == "----'abc'---'def'---'gh'|")
  }

  @Test func collectByTimeNeverEmitsAnEmptyArray() throws {
    let output = try Self.run("--a---|") { subject, scheduler in
      subject.collect(.byTime(scheduler, .milliseconds(2)))
    }
    #expect(output == "----a-|")
  }

  @Test func collectByTimeDropsThePartialArrayAtAFailure() throws {
    let output = try Self.run("ab---c^") { subject, scheduler in
      subject.collect(.byTime(scheduler, .milliseconds(4)))
    }
    #expect(output == "----'ab'-^")
  }

  @Test func collectByTimeOrCountCutsAtWhicheverComesFirst() throws {
    let output = try Self.run("ab--cdef|") { subject, scheduler in
      subject.collect(.byTimeOrCount(scheduler, .milliseconds(4), 3))
    }
    #expect(output == "----'ab'-'cde'-[f|]")
  }

  @Test func cancellingStopsTheTimer() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    var received: [[Int]] = []
    let subscription = subject.collect(.byTime(scheduler, .milliseconds(10))).sink {
      received.append($0)
    }
    subject.send(1)
    #expect(scheduler.pendingActionCount == 1)
    subscription.cancel()
    #expect(scheduler.pendingActionCount == 0)
    scheduler.advance(by: .milliseconds(20))
    #expect(received.isEmpty)
  }
}

/// The `Timer.publish`-like ``Publishers/Timer`` on a ``VirtualTimeScheduler``.
@Suite struct PushTimerTests {
  @Test func theNthTickIsDueAtTheSubscriptionPlusNIntervals() {
    let scheduler = VirtualTimeScheduler()
    scheduler.advance(by: .milliseconds(5))
    var ticks: [Duration] = []
    let subscription = Publishers.Timer(every: .milliseconds(10), scheduler: scheduler)
      .sink { ticks.append($0.offset) }
    scheduler.advance(by: .milliseconds(35))
    #expect(ticks == [.milliseconds(15), .milliseconds(25), .milliseconds(35)])
    subscription.cancel()
    #expect(scheduler.pendingActionCount == 0)
  }

  @Test func aTickWithoutDemandIsDropped() {
    let scheduler = VirtualTimeScheduler()
    let subscriber = RecordingSubscriber<VirtualTimeScheduler.SchedulerTimeType, Never>(
      initialDemand: .max(1))
    Publishers.Timer(every: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)
    scheduler.advance(by: .milliseconds(30))
    #expect(subscriber.values.map(\.offset) == [.milliseconds(10)])
    subscriber.request(.max(1))
    scheduler.advance(by: .milliseconds(10))
    #expect(subscriber.values.map(\.offset) == [.milliseconds(10), .milliseconds(40)])
    subscriber.cancel()
  }
}
