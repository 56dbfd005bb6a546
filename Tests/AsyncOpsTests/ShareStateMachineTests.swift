import Testing

@testable import AsyncOps

/// The rules of `share` checked synchronously on the state machine, with string tokens for the
/// waiters: "c0" is consumer 0 suspended in `next()`, "up" the upstream waiting for demand.
@Suite struct ShareStateMachineTests {
  struct Failure: Error, Equatable {}
  typealias Machine = ShareStateMachine<String, Failure, String, String>

  private func machine(
    replay: Int = 0, _ policy: AsyncShareBufferingPolicy = .bounded(1)
  ) -> Machine {
    Machine(replay: replay, policy: policy)
  }

  private func produce(_ elements: String..., into machine: inout Machine) -> [String] {
    var resumed: [String] = []
    for element in elements { _ = machine.upstreamProduced(element, run: 0, resuming: &resumed) }
    return resumed
  }

  @Test func theFirstWaiterStoredStartsTheUpstreamAndNoLaterOneDoes() {
    var machine = machine()
    let first = machine.register()
    let second = machine.register()
    #expect(machine.next(consumer: first).summary == "wait(none)")
    #expect(machine.suspend(consumer: first, waiter: "c0").summary == "wait(start)")
    #expect(machine.next(consumer: second).summary == "wait(none)")
    #expect(machine.suspend(consumer: second, waiter: "c1").summary == "wait(none)")
  }

  /// The start race, as a state-machine rule: the upstream starts only once the first waiting
  /// consumer's waiter is stored, so its first element goes to that waiter, not through the
  /// policy (which, at size 0, would drop it).
  @Test func theFirstElementGoesToTheConsumerWhoseWaitStartedTheUpstream() {
    var machine = machine(.bufferingNewest(0))
    let consumer = machine.register()
    #expect(machine.next(consumer: consumer).summary == "wait(none)")
    guard case .notStarted = machine.phase else {
      Issue.record("the upstream started before the consumer's waiter was stored")
      return
    }
    #expect(machine.suspend(consumer: consumer, waiter: "c0").summary == "wait(start)")
    var resumed: [String] = []
    #expect(machine.upstreamProduced("a", run: 0, resuming: &resumed) == .readNext)
    #expect(resumed == ["c0"])
  }

  @Test func registeringDoesNotStartTheUpstream() {
    var machine = machine()
    _ = machine.register()
    guard case .notStarted = machine.phase else {
      Issue.record("the upstream started on registration")
      return
    }
  }

  @Test func aWaitingConsumerGetsTheElementDirectlyWithoutBuffering() {
    var machine = machine()
    let consumer = machine.register()
    _ = machine.next(consumer: consumer)
    #expect(machine.suspend(consumer: consumer, waiter: "c0").summary == "wait(start)")
    var resumed: [String] = []
    #expect(machine.upstreamProduced("a", run: 0, resuming: &resumed) == .readNext)
    #expect(resumed == ["c0"])
    #expect(machine.bufferedCounts == [0])
  }

  @Test func aNewConsumerStartsWithTheLastReplayElements() {
    var machine = machine(replay: 2, .unbounded)
    _ = produce("a", "b", "c", into: &machine)
    let consumer = machine.register()
    #expect(machine.next(consumer: consumer).summary == "element(b, start)")
    #expect(machine.next(consumer: consumer).summary == "element(c, none)")
    #expect(machine.next(consumer: consumer).summary == "wait(none)")
  }

  @Test func aConsumerReceivesOnlyElementsProducedAfterItRegistered() {
    var machine = machine(.unbounded)
    let early = machine.register()
    _ = produce("a", into: &machine)
    let late = machine.register()
    _ = produce("b", into: &machine)
    #expect(machine.bufferedCounts == [2, 1])
    #expect(machine.next(consumer: late).summary == "element(b, start)")
    #expect(machine.next(consumer: early).summary == "element(a, none)")
  }

  @Test func boundedAwaitsDemandWhileAConsumerIsFullAndResumesWhenItTakes() {
    var machine = machine(.bounded(2))
    let slow = machine.register()
    let fast = machine.register()
    #expect(machine.next(consumer: fast).summary == "wait(none)")
    var resumed: [String] = []
    #expect(machine.upstreamProduced("a", run: 0, resuming: &resumed) == .readNext)
    #expect(machine.upstreamProduced("b", run: 0, resuming: &resumed) == .awaitDemand)
    #expect(machine.upstreamAwaitsDemand("up", run: 0).summary == "suspended")
    #expect(machine.next(consumer: fast).summary == "element(a, none)")
    #expect(machine.next(consumer: fast).summary == "element(b, none)")
    #expect(machine.next(consumer: slow).summary == "element(a, resume(up))")
  }

  @Test func boundedResumesOnlyOnceNoConsumerIsFull() {
    var machine = machine(.bounded(1))
    let first = machine.register()
    let second = machine.register()
    _ = machine.next(consumer: first)
    _ = produce("a", into: &machine)
    #expect(machine.upstreamAwaitsDemand("up", run: 0).summary == "suspended")
    #expect(machine.next(consumer: first).summary == "element(a, none)")
    #expect(machine.next(consumer: second).summary == "element(a, resume(up))")
  }

  @Test func demandThatCameBackBeforeTheUpstreamWaitedResumesItAtOnce() {
    var machine = machine(.bounded(1))
    let consumer = machine.register()
    var resumed: [String] = []
    #expect(machine.upstreamProduced("a", run: 0, resuming: &resumed) == .awaitDemand)
    _ = machine.next(consumer: consumer)
    #expect(machine.upstreamAwaitsDemand("up", run: 0).summary == "resume(up, true)")
  }

  @Test func bufferingNewestKeepsTheNewestOfEachConsumer() {
    var machine = machine(.bufferingNewest(2))
    let slow = machine.register()
    let fast = machine.register()
    #expect(machine.next(consumer: fast).summary == "wait(none)")
    var resumed: [String] = []
    for element in ["a", "b", "c", "d"] {
      _ = machine.suspend(consumer: fast, waiter: "c1")
      #expect(machine.upstreamProduced(element, run: 0, resuming: &resumed) == .readNext)
    }
    #expect(resumed == ["c1", "c1", "c1", "c1"])
    #expect(machine.bufferedCounts == [2, 0])
    #expect(machine.next(consumer: slow).summary == "element(c, none)")
    #expect(machine.next(consumer: slow).summary == "element(d, none)")
  }

  @Test func bufferingOldestKeepsTheOldestOfEachConsumer() {
    var machine = machine(.bufferingOldest(2))
    let slow = machine.register()
    _ = produce("a", "b", "c", "d", into: &machine)
    #expect(machine.bufferedCounts == [2])
    #expect(machine.next(consumer: slow).summary == "element(a, start)")
    #expect(machine.next(consumer: slow).summary == "element(b, none)")
  }

  @Test func bufferingNewestZeroDeliversOnlyToWaitingConsumers() {
    var machine = machine(.bufferingNewest(0))
    let consumer = machine.register()
    _ = produce("a", into: &machine)
    #expect(machine.bufferedCounts == [0])
    #expect(machine.next(consumer: consumer).summary == "wait(none)")
  }

  @Test func unboundedNeverAwaitsDemand() {
    var machine = machine(.unbounded)
    _ = machine.register()
    var resumed: [String] = []
    for element in (0..<100).map(String.init) {
      #expect(machine.upstreamProduced(element, run: 0, resuming: &resumed) == .readNext)
    }
    #expect(machine.bufferedCounts == [100])
  }

  @Test func theFinishReachesWaitingConsumersAtOnceAndOthersAfterTheirBuffer() {
    var machine = machine(.unbounded)
    let waiting = machine.register()
    let behind = machine.register()
    _ = machine.next(consumer: waiting)
    _ = machine.suspend(consumer: waiting, waiter: "c0")
    #expect(produce("a", into: &machine) == ["c0"])
    _ = machine.suspend(consumer: waiting, waiter: "c0")
    let (waiters, terminal) = machine.upstreamEnded(nil, run: 0)
    #expect(waiters == ["c0"])
    #expect(Machine.NextAction.end(terminal).summary == "end(finished)")
    #expect(machine.next(consumer: behind).summary == "element(a, none)")
    #expect(machine.next(consumer: behind).summary == "end(finished)")
    #expect(machine.next(consumer: behind).summary == "end(nil)")
  }

  @Test func theFailureReachesEveryConsumerAfterItsBuffer() {
    var machine = machine(.unbounded)
    let consumer = machine.register()
    _ = machine.startIfNeeded()  // the upstream task runs (a consumer's stored waiter started it)
    _ = produce("a", into: &machine)
    _ = machine.upstreamEnded(Failure(), run: 0)
    #expect(machine.next(consumer: consumer).summary == "element(a, none)")
    #expect(machine.next(consumer: consumer).summary == "end(failed)")
  }

  @Test func aConsumerRegisteredAfterTheEndGetsItsReplayThenTheEnd() {
    var machine = machine(replay: 1)
    _ = machine.register()
    _ = machine.startIfNeeded()  // the upstream task runs (a consumer's stored waiter started it)
    _ = produce("a", into: &machine)
    _ = machine.upstreamEnded(Failure(), run: 0)
    let late = machine.register()
    #expect(machine.next(consumer: late).summary == "element(a, none)")
    #expect(machine.next(consumer: late).summary == "end(failed)")
  }

  @Test func cancellingAWaitingConsumerReturnsItsWaiterAndLeavesTheOthers() {
    var machine = machine(.unbounded)
    let cancelled = machine.register()
    let other = machine.register()
    _ = machine.next(consumer: cancelled)
    _ = machine.suspend(consumer: cancelled, waiter: "c0")
    let (waiter, effect) = machine.cancel(consumer: cancelled)
    #expect(waiter == "c0")
    #expect(effect.summary == "none")
    _ = produce("a", into: &machine)
    #expect(machine.bufferedCounts == [1])
    #expect(machine.next(consumer: other).summary == "element(a, none)")
    #expect(machine.next(consumer: cancelled).summary == "end(nil)")
  }

  @Test func cancellingAFullConsumerReleasesTheBackpressure() {
    var machine = machine(.bounded(1))
    let full = machine.register()
    _ = machine.next(consumer: machine.register())
    _ = produce("a", into: &machine)
    _ = machine.upstreamAwaitsDemand("up", run: 0)
    #expect(machine.cancel(consumer: full).1.summary == "none")  // the other one is full too
    #expect(machine.next(consumer: 1).summary == "element(a, resume(up))")
  }

  @Test func theUpstreamIsNotCancelledWhileTheSequenceLives() {
    var machine = machine()
    let consumer = machine.register()
    _ = machine.startIfNeeded()  // the upstream task runs (a consumer's stored waiter started it)
    #expect(machine.cancel(consumer: consumer).1.summary == "none")
    guard case .running = machine.phase else {
      Issue.record("the upstream stopped while a consumer could still register")
      return
    }
  }

  @Test func theUpstreamIsCancelledWhenTheLastConsumerLeavesAfterTheSequence() {
    var machine = machine()
    let consumer = machine.register()
    _ = machine.next(consumer: consumer)
    _ = produce("a", into: &machine)
    _ = machine.upstreamAwaitsDemand("up", run: 0)
    #expect(machine.sequenceDropped().0.summary == "none")
    #expect(machine.cancel(consumer: consumer).1.summary == "cancel(task: false, waiter: up)")
    var resumed: [String] = []
    #expect(machine.upstreamProduced("b", run: 0, resuming: &resumed) == .stop)
  }

  @Test func theUpstreamIsCancelledWhenTheSequenceGoesAfterTheLastConsumer() {
    var machine = machine()
    let consumer = machine.register()
    _ = machine.startIfNeeded()  // the upstream task runs (a consumer's stored waiter started it)
    let task = Task<Void, Never> {}
    #expect(machine.upstreamTaskCreated(task, run: 0) == nil)
    _ = machine.cancel(consumer: consumer)
    #expect(machine.sequenceDropped().0.summary == "cancel(task: true, waiter: nil)")
  }

  @Test func aTaskCreatedAfterTheCancellationIsCancelledAtOnce() {
    var machine = machine()
    let consumer = machine.register()
    _ = machine.next(consumer: consumer)
    _ = machine.cancel(consumer: consumer)
    _ = machine.sequenceDropped()
    let task = Task<Void, Never> {}
    #expect(machine.upstreamTaskCreated(task, run: 0) == task)
  }

  @Test func droppingAnUnstartedSequenceCancelsNothing() {
    var machine = machine()
    _ = machine.cancel(consumer: machine.register())
    #expect(machine.sequenceDropped().0.summary == "none")
  }

  @Test func theReplayHoldsAtMostItsLimit() {
    var machine = machine(replay: 3)
    _ = produce("a", "b", "c", "d", "e", into: &machine)
    #expect(machine.replay.elements == ["c", "d", "e"])
  }
}

extension ShareStateMachine.UpstreamEffect {
  var summary: String {
    switch self {
    case .none: "none"
    case .start(let run): run == 0 ? "start" : "start(run \(run))"
    case .resume(let waiter): "resume(\(waiter))"
    case .cancel(let task, let waiter):
      "cancel(task: \(task != nil), waiter: \(waiter.map { "\($0)" } ?? "nil"))"
    case .startStopTimer(let generation, let waiter):
      "startStopTimer(\(generation), waiter: \(waiter.map { "\($0)" } ?? "nil"))"
    }
  }
}

extension ShareStateMachine.NextAction {
  var summary: String {
    switch self {
    case .element(let element, let effect): "element(\(element), \(effect.summary))"
    case .end(.finished): "end(finished)"
    case .end(.failed): "end(failed)"
    case .end(nil): "end(nil)"
    case .wait(let effect): "wait(\(effect.summary))"
    }
  }
}

extension ShareStateMachine.DemandAction {
  var summary: String {
    switch self {
    case .resume(let waiter, let readNext): "resume(\(waiter), \(readNext))"
    case .suspended: "suspended"
    }
  }
}

extension ShareStateMachineTests {
  @Test func theInvariantsHoldAfterEveryStepOfTwoConsumers() {
    var machine = machine(replay: 1, .bounded(1))
    machine.checkInvariants()
    let first = machine.register()
    machine.checkInvariants()
    let second = machine.register()
    machine.checkInvariants()
    _ = machine.next(consumer: first)
    machine.checkInvariants()
    _ = machine.suspend(consumer: first, waiter: "c0")
    machine.checkInvariants()
    _ = produce("x", into: &machine)
    machine.checkInvariants()
    _ = machine.next(consumer: second)
    machine.checkInvariants()
    _ = machine.cancel(consumer: first)
    machine.checkInvariants()
    _ = produce("y", into: &machine)
    machine.checkInvariants()
    _ = machine.upstreamEnded(nil, run: 0)
    machine.checkInvariants()
    #expect(machine.consumers.map(\.id) == [second])
  }
}

extension ShareStateMachineTests {
  /// A consumer's step looks first where the consumer was found last time; a consumer that has
  /// moved (one registered before it left) or a hint past the end still finds the right
  /// consumer, and the slot then says where it is now.
  @Test func aStaleSlotStillFindsItsConsumerAndIsMovedToWhereItIsNow() {
    var machine = machine(.unbounded)
    let consumers = (0..<3).map { _ in machine.register() }
    _ = produce("a", "b", into: &machine)
    var slot = 2
    // (The upstream was fed by hand here: the first take starts it.)
    #expect(machine.next(consumer: consumers[2], slot: &slot).summary == "element(a, start)")
    #expect(slot == 2)
    _ = machine.cancel(consumer: consumers[0])
    #expect(machine.next(consumer: consumers[2], slot: &slot).summary == "element(b, none)")
    #expect(slot == 1)
    var pastTheEnd = 7
    #expect(machine.next(consumer: consumers[1], slot: &pastTheEnd).summary == "element(a, none)")
    #expect(pastTheEnd == 0)
    // A slot where another consumer is now is not taken for this one.
    var other = 1
    #expect(machine.next(consumer: consumers[1], slot: &other).summary == "element(b, none)")
    #expect(other == 0)
    #expect(machine.next(consumer: consumers[0], slot: &other).summary == "end(nil)")
  }

  /// A consumer suspends with the slot its step left, which is stale when a consumer registered
  /// before it left in between: its waiter is still stored with it, not with the consumer that is
  /// now at that slot.
  @Test func aSuspendWithAStaleSlotStoresTheWaiterWithItsConsumer() {
    var machine = machine(.unbounded)
    let consumers = (0..<3).map { _ in machine.register() }
    var slot = 2
    #expect(machine.next(consumer: consumers[2], slot: &slot).summary == "wait(none)")
    #expect(slot == 2)
    _ = machine.cancel(consumer: consumers[0])
    // Consumer 1 is now at slot 0, consumer 2 at slot 1: each suspends with the other's slot.
    #expect(machine.suspend(consumer: consumers[1], slot: 1, waiter: "c1").summary == "wait(start)")
    #expect(machine.suspend(consumer: consumers[2], slot: 0, waiter: "c2").summary == "wait(none)")
    machine.checkInvariants()
    #expect(machine.consumers.map(\.waiter) == ["c1", "c2"])
    #expect(machine.suspend(consumer: consumers[0], slot: 0, waiter: "c0").summary == "end(nil)")
  }
}
