import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Every transition of the mapLatest / flatMapLatest state machine, synchronously. Consumers,
/// tasks and waiters are plain strings naming them.
@Suite struct MapLatestStateMachineTests {
  private typealias Machine = MapLatestStateMachine<
    String, String, TestSourceFailure, String, String, String, String
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

  /// The upstream produces `input`: the launch it asks for (if any) and what it cancels.
  private static func produce(
    _ machine: inout Machine, _ input: String
  ) -> (launch: UInt64?, cancelled: String?, stopped: String?) {
    guard case .supersede(let launch, let cancelled, let stopped) = machine.upstreamProduced(input)
    else { return (nil, nil, nil) }
    return (launch, cancelled, stopped)
  }

  /// Produces `input`, registers its task as "task <input>" and lets it begin: its generation.
  private static func start(_ machine: inout Machine, _ input: String) -> UInt64 {
    guard let launch = produce(&machine, input).launch else { return 0 }
    #expect(machine.innerStarted("task \(input)", launch: launch) == nil)
    let began = machine.innerBegan(launch: launch)
    #expect(began?.input == input)
    return began?.generation ?? 0
  }

  private static func delivered(_ machine: inout Machine) -> String?? {
    guard case .deliver(let ready) = machine.next() else { return .none }
    return try? ready.outcome.get()
  }

  @Test func mapLatestRule1_aNewerElementCancelsTheRunningTransformsTask() {
    var machine = Self.running()
    _ = Self.start(&machine, "a")
    let next = Self.produce(&machine, "b")
    #expect(next.cancelled == "task a")
    #expect(next.launch != nil)
  }

  @Test func mapLatestRule1_aSupersededRunsResultAndErrorAreIgnored() throws {
    var machine = Self.running()
    let first = Self.start(&machine, "a")
    let second = Self.start(&machine, "b")
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.innerFinished(generation: first, last: "a").consumer == nil)
    #expect(machine.innerFailed(Self.failure, generation: first).consumer == nil)
    let resumptions = machine.innerFinished(generation: second, last: "b")
    #expect(resumptions.consumer?.0 == "consumer")
    #expect(try resumptions.consumer?.1.get() == "b")
  }

  @Test func mapLatestRule1_anElementArrivingBeforeTheLaunchedTaskBeganReplacesItsInput() {
    var machine = Self.running()
    let first = Self.produce(&machine, "a")
    #expect(first.launch != nil)
    // No second task, and nothing to cancel or stop: the launched one will take b.
    guard case .readNext = machine.upstreamProduced("b") else {
      Issue.record("an element arriving before the launched task began must only be read on")
      return
    }
    #expect(machine.innerBegan(launch: first.launch!)?.input == "b")
  }

  @Test func mapLatestRule1_aTaskRegisteredAfterItsRunWasSupersededIsCancelledAtOnce() {
    var machine = Self.running()
    let launch = Self.produce(&machine, "a").launch!
    _ = machine.innerBegan(launch: launch)
    _ = Self.produce(&machine, "b")
    #expect(machine.innerStarted("task a", launch: launch) == "task a")
  }

  @Test func mapLatestRule2_aResultNotTakenIsDroppedByANewerElement() {
    var machine = Self.running()
    let generation = Self.start(&machine, "a")
    _ = machine.innerFinished(generation: generation, last: "a")
    _ = Self.produce(&machine, "b")
    #expect(machine.next().isSuspend)
  }

  @Test func flatMapLatest_anInnerElementForABusyConsumerWaitsUntilTaken() throws {
    var machine = Self.running()
    let generation = Self.start(&machine, "a")
    #expect(machine.innerProduced("x", generation: generation) == .wait)
    #expect(machine.innerSuspend("waiter", generation: generation) == nil)
    guard case .deliver(let ready) = machine.next() else {
      Issue.record("x must be delivered")
      return
    }
    #expect(try ready.outcome.get() == "x")
    #expect(ready.innerToResume == "waiter")
  }

  @Test func flatMapLatest_aSupersededWaitingInnerIsStoppedAndItsElementDropped() {
    var machine = Self.running()
    let generation = Self.start(&machine, "a")
    _ = machine.innerProduced("x", generation: generation)
    _ = machine.innerSuspend("waiter", generation: generation)
    let next = Self.produce(&machine, "b")
    #expect(next.cancelled == "task a" && next.stopped == "waiter")
    #expect(machine.innerProduced("y", generation: generation) == .stop)
    #expect(machine.next().isSuspend)
  }

  @Test func mapLatestRule3_theFinishWaitsForTheActiveRun() {
    var machine = Self.running()
    let generation = Self.start(&machine, "a")
    #expect(machine.upstreamFinished().consumer == nil)
    _ = machine.innerFinished(generation: generation, last: "a")
    #expect(Self.delivered(&machine) == "a")
    #expect(Self.delivered(&machine) == .some(nil))
  }

  @Test func mapLatestRule3_theFinishWaitsForARunLaunchedButNotBegun() {
    var machine = Self.running()
    let launch = Self.produce(&machine, "a").launch!
    #expect(machine.upstreamFinished().consumer == nil)
    let generation = machine.innerBegan(launch: launch)!.generation
    _ = machine.innerFinished(generation: generation, last: "a")
    #expect(Self.delivered(&machine) == "a")
    #expect(Self.delivered(&machine) == .some(nil))
  }

  @Test func mapLatestRule4_anUpstreamFailureCancelsTheRunningTransform() {
    var machine = Self.running()
    _ = Self.start(&machine, "a")
    let resumptions = machine.upstreamFailed(Self.failure)
    #expect(resumptions.inner == "task a")
    guard case .deliver(let ready) = machine.next() else {
      Issue.record("the failure must be delivered")
      return
    }
    #expect(throws: Self.failure) { try ready.outcome.get() }
  }

  @Test func mapLatestRule4_aResultAlreadyDueIsDeliveredBeforeTheUpstreamFailure() {
    var machine = Self.running()
    let generation = Self.start(&machine, "a")
    _ = machine.innerFinished(generation: generation, last: "a")
    _ = machine.upstreamFailed(Self.failure)
    #expect(Self.delivered(&machine) == "a")
    #expect(machine.next().isDeliver)
  }

  @Test func mapLatestRule4_aFailingRunEndsTheSequenceAndCancelsTheUpstream() {
    var machine = Self.running()
    let generation = Self.start(&machine, "a")
    #expect(machine.suspend("consumer") == nil)
    let resumptions = machine.innerFailed(Self.failure, generation: generation)
    #expect(resumptions.upstream == "upstream")
    #expect(resumptions.consumer?.0 == "consumer")
    #expect(throws: Self.failure) { try resumptions.consumer?.1.get() }
    #expect(machine.upstreamProduced("b").isStop)
  }

  @Test func mapLatestRule5_cancellingReleasesEverything() {
    var machine = Self.running()
    let generation = Self.start(&machine, "a")
    _ = machine.innerProduced("x", generation: generation)
    _ = machine.innerSuspend("waiter", generation: generation)
    let resumptions = machine.cancelled()
    #expect(resumptions.upstream == "upstream")
    #expect(resumptions.inner == "task a")
    #expect(resumptions.innerWaiter == "waiter")
    #expect(machine.innerStarted("late", launch: 7) == "late")
    #expect(machine.innerBegan(launch: 0) == nil)
    #expect(Self.delivered(&machine) == .some(nil))
  }
}

extension MapLatestStateMachine.NextAction {
  fileprivate var isSuspend: Bool {
    if case .suspend = self { true } else { false }
  }

  fileprivate var isDeliver: Bool {
    if case .deliver = self { true } else { false }
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
