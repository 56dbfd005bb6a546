import Testing

@testable import AsyncOps

/// StoppingAfter rules 1–3 checked synchronously on the share state machine, with string tokens
/// for the waiters ("c0": consumer 0 suspended in `next()`; "up": the upstream waiting for
/// demand) and `Task` values standing for the upstream and timer tasks.
@Suite struct ShareStoppingStateMachineTests {
  typealias Machine = ShareStateMachine<String, Never, String, String>

  private func machine(
    _ stopping: ShareStopping, replay: Int = 0,
    _ policy: AsyncShareBufferingPolicy = .bounded(1)
  ) -> Machine {
    Machine(replay: replay, policy: policy, stopping: stopping)
  }

  /// Registers a consumer and suspends it, which starts the upstream's current run.
  private func startReading(_ machine: inout Machine, waiter: String = "c0") -> Int {
    let id = machine.register()
    _ = machine.suspend(consumer: id, waiter: waiter)
    _ = machine.upstreamTaskCreated(Task {}, run: machine.run)
    return id
  }

  @Test func theLastConsumerLeavingArmsTheStopTimerAndTheUpstreamKeepsRunning() {
    var machine = machine(.afterDelay, replay: 2)
    let consumer = startReading(&machine)
    let (waiter, effect) = machine.cancel(consumer: consumer)
    #expect(waiter == "c0")
    #expect(effect.summary == "startStopTimer(1, waiter: nil)")
    machine.checkInvariants()
    // Meanwhile what the upstream produces feeds the replay (StoppingAfter rule 3).
    var resumed: [String] = []
    #expect(machine.upstreamProduced("a", run: 0, resuming: &resumed) == .readNext)
    #expect(machine.replay.elements == ["a"])
  }

  @Test func aConsumerArrivingWithinTheDelayContinuesOnTheSameRun() {
    var machine = machine(.afterDelay, replay: 1)
    _ = machine.cancel(consumer: startReading(&machine))
    var resumed: [String] = []
    _ = machine.upstreamProduced("a", run: 0, resuming: &resumed)
    let timer = Task {}
    #expect(machine.stopTimerCreated(timer, generation: 1) == nil)
    let (late, cancelledTimer) = machine.registerDisarmingStopTimer()
    #expect(cancelledTimer == timer)
    // The timer fires anyway (its task ignored the cancellation): nothing stops.
    #expect(machine.stopTimerFired(generation: 1).summary == "none")
    #expect(machine.run == 0)
    #expect(machine.next(consumer: late).summary == "element(a, none)")
    machine.checkInvariants()
  }

  @Test func theTimerFiringStopsTheRunAndTheNextReaderStartsANewOneAfterTheReplay() {
    var machine = machine(.afterDelay, replay: 1)
    _ = machine.cancel(consumer: startReading(&machine))
    var resumed: [String] = []
    _ = machine.upstreamProduced("a", run: 0, resuming: &resumed)
    #expect(machine.stopTimerFired(generation: 1).summary == "cancel(task: true, waiter: nil)")
    #expect(machine.run == 1)
    // The stopped run's late element and end are ignored.
    #expect(machine.upstreamProduced("b", run: 0, resuming: &resumed) == .stop)
    #expect(machine.upstreamEnded(nil, run: 0).waiters.isEmpty)
    #expect(machine.terminal == nil)
    let next = machine.register()
    #expect(machine.next(consumer: next).summary == "element(a, start(run 1))")
    #expect(machine.suspend(consumer: next, waiter: "c1").summary == "wait(none)")
    #expect(machine.upstreamProduced("x", run: 1, resuming: &resumed) == .readNext)
    #expect(resumed == ["c1"])
  }

  @Test func aZeroDelayStopsAsTheLastConsumerLeaves() {
    var machine = machine(.atOnce)
    let consumer = startReading(&machine)
    #expect(machine.cancel(consumer: consumer).1.summary == "cancel(task: true, waiter: nil)")
    #expect(machine.run == 1)
    let next = machine.register()
    #expect(machine.suspend(consumer: next, waiter: "c1").summary == "wait(start(run 1))")
  }

  @Test func anUpstreamWaitingForDemandIsReleasedByTheStopTimerAndStoppedByTheStop() {
    var machine = machine(.afterDelay, .bounded(1))
    let consumer = machine.register()
    _ = machine.suspend(consumer: consumer, waiter: "c0")
    var resumed: [String] = []
    _ = machine.upstreamProduced("a", run: 0, resuming: &resumed)  // to the waiter
    _ = machine.upstreamProduced("b", run: 0, resuming: &resumed)  // buffered: full
    #expect(machine.upstreamAwaitsDemand("up", run: 0).summary == "suspended")
    #expect(machine.cancel(consumer: consumer).1.summary == "startStopTimer(1, waiter: up)")
    #expect(machine.upstreamAwaitsDemand("up", run: 0).summary == "resume(up, true)")
    var atOnce = self.machine(.atOnce, .bounded(1))
    let other = atOnce.register()
    _ = atOnce.suspend(consumer: other, waiter: "c0")
    _ = atOnce.upstreamProduced("a", run: 0, resuming: &resumed)
    _ = atOnce.upstreamProduced("b", run: 0, resuming: &resumed)
    _ = atOnce.upstreamAwaitsDemand("up", run: 0)
    #expect(atOnce.cancel(consumer: other).1.summary == "cancel(task: false, waiter: up)")
  }

  @Test func anEndedUpstreamIsNotRestarted() {
    var machine = machine(.afterDelay, replay: 1)
    let consumer = startReading(&machine)
    var resumed: [String] = []
    _ = machine.upstreamProduced("a", run: 0, resuming: &resumed)
    _ = machine.cancel(consumer: consumer)
    _ = machine.upstreamEnded(nil, run: 0)
    #expect(machine.stopTimerFired(generation: 1).summary == "none")
    let late = machine.register()
    #expect(machine.next(consumer: late).summary == "element(a, none)")
    #expect(machine.next(consumer: late).summary == "end(finished)")
  }

  @Test func droppingTheSequenceStopsAtOnceAndCancelsTheTimer() {
    var machine = machine(.afterDelay)
    _ = machine.cancel(consumer: startReading(&machine))
    let timer = Task {}
    _ = machine.stopTimerCreated(timer, generation: 1)
    let (effect, cancelledTimer) = machine.sequenceDropped()
    #expect(effect.summary == "cancel(task: true, waiter: nil)")
    #expect(cancelledTimer == timer)
  }

  @Test func aTimerTaskReportedAfterItWasDisarmedIsCancelledAtOnce() {
    var machine = machine(.afterDelay)
    _ = machine.cancel(consumer: startReading(&machine))
    _ = machine.register()  // disarms before the storage reports the timer's task
    let timer = Task {}
    #expect(machine.stopTimerCreated(timer, generation: 1) == timer)
  }

  @Test func anUpstreamTaskReportedForAStoppedRunIsCancelledAtOnce() {
    var machine = machine(.atOnce)
    let consumer = machine.register()
    _ = machine.suspend(consumer: consumer, waiter: "c0")  // start(run 0)
    _ = machine.cancel(consumer: consumer)  // stopped before the task was reported
    let task = Task {}
    #expect(machine.upstreamTaskCreated(task, run: 0) == task)
  }

  @Test func withoutAStopDelayTheUpstreamKeepsRunningWhileTheSequenceLives() {
    var machine = machine(.whenUnreachable)
    #expect(machine.cancel(consumer: startReading(&machine)).1.summary == "none")
    #expect(machine.run == 0)
  }
}
