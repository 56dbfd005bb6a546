import Testing

@testable import AsyncOps

/// Every transition of the merge state machine, driven synchronously. Consumers and readers are
/// strings naming them; an action is checked through its description.
@Suite struct MergeStateMachineTests {
  private typealias Machine = MergeStateMachine<String, String, String>

  private struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
  }

  /// A machine for `baseCount` bases whose consumer waits in its first `next()`.
  private func started(_ baseCount: Int) -> Machine {
    var machine = Machine(baseCount: baseCount)
    #expect("\(machine.next("c0"))" == "startReaders")
    return machine
  }

  @Test func withNoBaseTheFirstNextFinishes() {
    var machine = Machine(baseCount: 0)
    #expect("\(machine.next("c"))" == #"finish("c")"#)
  }

  @Test func anElementReadWhileTheConsumerWaitsGoesToItAndTheReaderReadsOn() {
    var machine = started(2)
    #expect("\(machine.produced("a", reader: "r0"))" == #"emit(to: "c0", resuming: "r0")"#)
  }

  @Test func anElementReadWhileTheConsumerIsBusyWaitsWithItsReader() {
    var machine = started(2)
    _ = machine.produced("a", reader: "r0")
    #expect("\(machine.produced("b", reader: "r1"))" == "wait")
    #expect(
      "\(machine.next("c1"))" == #"emit(to: "c1", "b", resuming: "r1", readerContinues: true)"#)
  }

  @Test func waitingElementsAreTakenInArrivalOrder() {
    var machine = started(3)
    _ = machine.produced("a", reader: "r0")
    _ = machine.produced("z", reader: "r2")
    _ = machine.produced("y", reader: "r1")
    #expect(
      "\(machine.next("c1"))" == #"emit(to: "c1", "z", resuming: "r2", readerContinues: true)"#)
    #expect(
      "\(machine.next("c2"))" == #"emit(to: "c2", "y", resuming: "r1", readerContinues: true)"#)
    #expect("\(machine.next("c3"))" == "suspend")
  }

  @Test func theMergeFinishesOnlyWhenEveryBaseHasFinished() {
    var machine = started(3)
    #expect("\(machine.finished())" == "none")
    #expect("\(machine.finished())" == "none")
    #expect("\(machine.finished())" == #"finish(Optional("c0"))"#)
    #expect("\(machine.next("c1"))" == #"finish("c1")"#)
  }

  @Test func aFailureWhileTheConsumerWaitsIsThrownAtOnce() {
    var machine = started(2)
    #expect("\(machine.failed(Boom()))" == #"fail("c0", boom)"#)
    #expect("\(machine.next("c1"))" == #"finish("c1")"#)
  }

  @Test func aFailureComesAfterTheElementsAlreadyReadAndStopsTheirReaders() {
    var machine = started(3)
    _ = machine.produced("a", reader: "r0")
    _ = machine.produced("b", reader: "r1")
    _ = machine.produced("c", reader: "r2")
    #expect("\(machine.failed(Boom()))" == "cancelReaders")
    #expect(
      "\(machine.next("c1"))" == #"emit(to: "c1", "b", resuming: "r1", readerContinues: false)"#)
    #expect(
      "\(machine.next("c2"))" == #"emit(to: "c2", "c", resuming: "r2", readerContinues: false)"#)
    #expect("\(machine.next("c3"))" == #"fail("c3", boom)"#)
    #expect("\(machine.next("c4"))" == #"finish("c4")"#)
  }

  @Test func aFailureWithNothingWaitingIsThrownByTheNextNext() {
    var machine = started(2)
    _ = machine.produced("a", reader: "r0")
    #expect("\(machine.failed(Boom()))" == "cancelReaders")
    #expect("\(machine.next("c1"))" == #"fail("c1", boom)"#)
  }

  @Test func onlyTheFirstFailureCounts() {
    var machine = started(2)
    _ = machine.failed(Boom())
    #expect("\(machine.failed(Boom()))" == "none")
    #expect("\(machine.finished())" == "none")
  }

  @Test func anElementAfterTheEndIsDiscardedAndItsReaderStopped() {
    var machine = started(2)
    _ = machine.failed(Boom())
    #expect("\(machine.produced("x", reader: "r1"))" == #"discard(resuming: "r1")"#)
  }

  @Test func cancellationEndsTheConsumerAndStopsTheWaitingReaders() {
    var machine = started(3)
    _ = machine.produced("a", reader: "r0")
    _ = machine.produced("b", reader: "r1")
    #expect("\(machine.cancelled())" == #"cancel(nil, stopping: ["r1"])"#)
    #expect("\(machine.next("c1"))" == #"finish("c1")"#)
  }

  @Test func cancellationWhileTheConsumerWaitsResumesIt() {
    var machine = started(2)
    #expect("\(machine.cancelled())" == #"cancel(Optional("c0"), stopping: [])"#)
  }

  @Test func cancellationBeforeTheFirstNextStartsNothing() {
    var machine = Machine(baseCount: 2)
    #expect("\(machine.cancelled())" == "none")
    #expect("\(machine.next("c"))" == #"finish("c")"#)
  }

  @Test func cancellationDropsAPendingFailure() {
    var machine = started(2)
    _ = machine.produced("a", reader: "r0")
    _ = machine.failed(Boom())
    _ = machine.cancelled()
    #expect("\(machine.next("c1"))" == #"finish("c1")"#)
  }

  @Test func theInvariantsHoldAfterEveryStepOfAnIteration() {
    var machine = Machine(baseCount: 3)
    machine.checkInvariants()
    _ = machine.next("c0")
    machine.checkInvariants()
    _ = machine.produced("a", reader: "r0")
    machine.checkInvariants()
    _ = machine.produced("b", reader: "r1")
    machine.checkInvariants()
    _ = machine.produced("c", reader: "r2")
    machine.checkInvariants()
    _ = machine.next("c1")
    machine.checkInvariants()
    _ = machine.finished()
    machine.checkInvariants()
    _ = machine.failed(Boom())
    machine.checkInvariants()
    _ = machine.next("c2")
    machine.checkInvariants()
    _ = machine.next("c3")
    machine.checkInvariants()
    _ = machine.cancelled()
    machine.checkInvariants()
    #expect("\(machine.next("c4"))" == #"finish("c4")"#)
  }
}
