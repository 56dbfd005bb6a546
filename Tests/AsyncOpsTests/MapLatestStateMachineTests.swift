import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Every transition of the mapLatest / flatMapLatest state machine, synchronously. Consumers,
/// tasks and waiters are plain strings naming them.
@Suite struct MapLatestStateMachineTests {
  private typealias Machine = MapLatestStateMachine<
    String, TestSourceFailure, String, String, String, String
  >

  private static let failure = TestSourceFailure(source: "upstream")

  private static func running() -> Machine {
    var machine = Machine()
    guard case .startUpstream = machine.next() else {
      Issue.record("the first next() must start the upstream")
      return machine
    }
    #expect(machine.upstreamStarted("upstream") == nil)
    return machine
  }

  /// The generation an element starts, and what it cancels.
  private static func produce(
    _ machine: inout Machine
  ) -> (generation: UInt64, cancelled: String?, stopped: String?) {
    guard case .startInner(let generation, let cancelled, let stopped) = machine.upstreamProduced()
    else { return (0, nil, nil) }
    return (generation, cancelled, stopped)
  }

  private static func delivered(_ machine: inout Machine) -> String?? {
    guard case .deliver(let ready) = machine.next() else { return .none }
    return try? ready.outcome.get()
  }

  @Test func mapLatestRule1_eachElementStartsANewGenerationCancellingThePreviousRun() {
    var machine = Self.running()
    let first = Self.produce(&machine)
    #expect(first.generation == 1 && first.cancelled == nil)
    #expect(machine.innerStarted("task 1", generation: 1) == nil)
    let second = Self.produce(&machine)
    #expect(second.generation == 2 && second.cancelled == "task 1")
  }

  @Test func mapLatestRule1_aSupersededRunsResultAndErrorAreIgnored() throws {
    var machine = Self.running()
    _ = Self.produce(&machine)
    _ = Self.produce(&machine)
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.innerFinished(generation: 1, last: "a").consumer == nil)
    #expect(machine.innerFailed(Self.failure, generation: 1).consumer == nil)
    let resumptions = machine.innerFinished(generation: 2, last: "b")
    #expect(resumptions.consumer?.0 == "consumer")
    #expect(try resumptions.consumer?.1.get() == "b")
  }

  @Test func mapLatestRule1_aTaskRegisteredAfterItWasSupersededIsCancelledAtOnce() {
    var machine = Self.running()
    _ = Self.produce(&machine)
    _ = Self.produce(&machine)
    #expect(machine.innerStarted("task 1", generation: 1) == "task 1")
    #expect(machine.innerStarted("task 2", generation: 2) == nil)
  }

  @Test func mapLatestRule2_aResultNotTakenIsDroppedByANewerElement() {
    var machine = Self.running()
    _ = Self.produce(&machine)
    _ = machine.innerFinished(generation: 1, last: "a")
    _ = Self.produce(&machine)
    #expect(machine.next().isSuspend)
  }

  @Test func flatMapLatest_anInnerElementForABusyConsumerWaitsUntilTaken() throws {
    var machine = Self.running()
    _ = Self.produce(&machine)
    #expect(machine.innerProduced("x", generation: 1) == .wait)
    #expect(machine.innerSuspend("waiter", generation: 1) == nil)
    guard case .deliver(let ready) = machine.next() else {
      Issue.record("x must be delivered")
      return
    }
    #expect(try ready.outcome.get() == "x")
    #expect(ready.innerToResume == "waiter")
  }

  @Test func flatMapLatest_aSupersededWaitingInnerIsStoppedAndItsElementDropped() {
    var machine = Self.running()
    _ = Self.produce(&machine)
    _ = machine.innerStarted("task 1", generation: 1)
    _ = machine.innerProduced("x", generation: 1)
    _ = machine.innerSuspend("waiter", generation: 1)
    let next = Self.produce(&machine)
    #expect(next.cancelled == "task 1" && next.stopped == "waiter")
    #expect(machine.innerProduced("y", generation: 1) == .stop)
    #expect(machine.next().isSuspend)
  }

  @Test func mapLatestRule3_theFinishWaitsForTheActiveRun() {
    var machine = Self.running()
    _ = Self.produce(&machine)
    #expect(machine.upstreamFinished().consumer == nil)
    _ = machine.innerFinished(generation: 1, last: "a")
    #expect(Self.delivered(&machine) == "a")
    #expect(Self.delivered(&machine) == .some(nil))
  }

  @Test func mapLatestRule4_anUpstreamFailureCancelsTheRunAndKeepsADueResultFirst() {
    var machine = Self.running()
    _ = Self.produce(&machine)
    _ = machine.innerFinished(generation: 1, last: "a")
    _ = Self.produce(&machine)
    _ = machine.innerStarted("task 2", generation: 2)
    let resumptions = machine.upstreamFailed(Self.failure)
    #expect(resumptions.inner == "task 2")
    guard case .deliver(let ready) = machine.next() else {
      Issue.record("the failure must be delivered")
      return
    }
    #expect(throws: Self.failure) { try ready.outcome.get() }
  }

  @Test func mapLatestRule4_aFailingRunEndsTheSequenceAndCancelsTheUpstream() {
    var machine = Self.running()
    _ = Self.produce(&machine)
    #expect(machine.suspend("consumer") == nil)
    let resumptions = machine.innerFailed(Self.failure, generation: 1)
    #expect(resumptions.upstream == "upstream")
    #expect(resumptions.consumer?.0 == "consumer")
    #expect(throws: Self.failure) { try resumptions.consumer?.1.get() }
    #expect(machine.upstreamProduced().isStop)
  }

  @Test func mapLatestRule5_cancellingReleasesEverything() {
    var machine = Self.running()
    _ = Self.produce(&machine)
    _ = machine.innerStarted("task 1", generation: 1)
    _ = machine.innerProduced("x", generation: 1)
    _ = machine.innerSuspend("waiter", generation: 1)
    let resumptions = machine.cancelled()
    #expect(resumptions.upstream == "upstream")
    #expect(resumptions.inner == "task 1")
    #expect(resumptions.innerWaiter == "waiter")
    #expect(machine.innerStarted("late", generation: 1) == "late")
    #expect(Self.delivered(&machine) == .some(nil))
  }
}

extension MapLatestStateMachine.NextAction {
  fileprivate var isSuspend: Bool {
    if case .suspend = self { true } else { false }
  }
}

extension MapLatestStateMachine.ProduceAction {
  fileprivate var isStop: Bool {
    if case .stop = self { true } else { false }
  }
}

extension MapLatestStateMachine.InnerProduceAction: Equatable
where Element: Equatable, Consumer: Equatable {
  /// Equal actions with equal payloads.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.resumeConsumer(let a, let x), .resumeConsumer(let b, let y)): a == b && x == y
    case (.wait, .wait), (.stop, .stop): true
    default: false
    }
  }
}
