import PushReference
import Testing

@Suite struct VirtualTimeSchedulerTests {
  @Test func startsAtTheOrigin() {
    #expect(VirtualTimeScheduler().now == .zero)
    #expect(VirtualTimeScheduler().now.offset == .zero)
  }

  @Test func runsActionsInDeadlineOrder() {
    let scheduler = VirtualTimeScheduler()
    var log: [String] = []
    scheduler.schedule(after: .zero.advanced(by: .milliseconds(30))) { log.append("30") }
    scheduler.schedule(after: .zero.advanced(by: .milliseconds(10))) { log.append("10") }
    scheduler.schedule(after: .zero.advanced(by: .milliseconds(20))) { log.append("20") }
    scheduler.advance(by: .milliseconds(30))
    #expect(log == ["10", "20", "30"])
  }

  @Test func runsSameInstantActionsInSchedulingOrder() {
    let scheduler = VirtualTimeScheduler()
    var log: [Int] = []
    let deadline = VirtualTimeScheduler.SchedulerTimeType(offset: .milliseconds(5))
    for index in 0..<5 {
      scheduler.schedule(after: deadline) { log.append(index) }
    }
    scheduler.advance(by: .milliseconds(5))
    #expect(log == [0, 1, 2, 3, 4])
  }

  @Test func nowIsTheActionsDeadlineWhileItRuns() {
    let scheduler = VirtualTimeScheduler()
    var seen: [Duration] = []
    scheduler.schedule(after: .zero.advanced(by: .milliseconds(7))) {
      seen.append(scheduler.now.offset)
    }
    scheduler.advance(by: .milliseconds(20))
    #expect(seen == [.milliseconds(7)])
    #expect(scheduler.now.offset == .milliseconds(20))
  }

  @Test func actionsAreNotRunBeforeTheirDeadline() {
    let scheduler = VirtualTimeScheduler()
    var ran = false
    scheduler.schedule(after: .zero.advanced(by: .milliseconds(10))) { ran = true }
    scheduler.advance(by: .milliseconds(9))
    #expect(!ran)
    #expect(scheduler.pendingActionCount == 1)
    scheduler.advance(by: .milliseconds(1))
    #expect(ran)
  }

  @Test func actionScheduledByAnActionForTheSameWindowRunsInTheSameAdvance() {
    let scheduler = VirtualTimeScheduler()
    var log: [Duration] = []
    scheduler.schedule(after: .zero.advanced(by: .milliseconds(1))) {
      scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(2))) {
        log.append(scheduler.now.offset)
      }
    }
    scheduler.advance(by: .milliseconds(5))
    #expect(log == [.milliseconds(3)])
  }

  @Test func anImmediateActionRunsAtTheNextAdvanceNeverInsideSchedule() {
    let scheduler = VirtualTimeScheduler()
    var ran = false
    scheduler.schedule { ran = true }
    #expect(!ran, "like a DispatchQueue, scheduling never runs the action inline")
    scheduler.advance()
    #expect(ran)
    #expect(scheduler.now == .zero)
  }

  @Test func immediateActionFromAnActionRunsAfterIt() {
    let scheduler = VirtualTimeScheduler()
    var log: [String] = []
    scheduler.schedule(after: .zero.advanced(by: .milliseconds(1))) {
      scheduler.schedule { log.append("immediate") }
      log.append("first")
    }
    scheduler.schedule(after: .zero.advanced(by: .milliseconds(1))) { log.append("second") }
    scheduler.advance(by: .milliseconds(1))
    #expect(log == ["first", "second", "immediate"])
  }

  @Test func cancelledActionDoesNotRun() {
    let scheduler = VirtualTimeScheduler()
    var ran = false
    let token = scheduler.scheduleCancellable(after: .zero.advanced(by: .seconds(1))) { ran = true }
    token.cancel()
    scheduler.advance(by: .seconds(1))
    #expect(!ran)
    #expect(scheduler.pendingActionCount == 0)
  }

  @Test func repeatingActionRunsEveryIntervalUntilCancelled() {
    let scheduler = VirtualTimeScheduler()
    var times: [Duration] = []
    let repeating = scheduler.schedule(
      after: .zero.advanced(by: .milliseconds(10)), interval: .milliseconds(10)
    ) { times.append(scheduler.now.offset) }
    scheduler.advance(by: .milliseconds(35))
    repeating.cancel()
    scheduler.advance(by: .milliseconds(100))
    #expect(times == [.milliseconds(10), .milliseconds(20), .milliseconds(30)])
  }

  @Test func runWithinStopsAtTheLimit() {
    let scheduler = VirtualTimeScheduler()
    var log: [Int] = []
    scheduler.schedule(after: .zero.advanced(by: .seconds(1))) { log.append(1) }
    scheduler.schedule(after: .zero.advanced(by: .seconds(5))) { log.append(5) }
    #expect(!scheduler.run(within: .seconds(2)))
    #expect(log == [1])
    #expect(scheduler.nextDeadline == .zero.advanced(by: .seconds(5)))
    #expect(scheduler.run(within: .seconds(10)))
    #expect(log == [1, 5])
  }

  @Test func strideConvertsUnits() {
    typealias Stride = VirtualTimeScheduler.SchedulerTimeType.Stride
    #expect(Stride.milliseconds(1_500) == Stride.seconds(1.5))
    #expect(Stride.microseconds(1_000) == Stride.milliseconds(1))
    #expect(Stride.nanoseconds(1_000) == Stride.microseconds(1))
    #expect(Stride.seconds(2) == 2)
    #expect(Stride.milliseconds(500) * 2 == 1)
    let start = VirtualTimeScheduler.SchedulerTimeType.zero
    #expect(start.distance(to: start.advanced(by: .milliseconds(3))) == .milliseconds(3))
  }
}
