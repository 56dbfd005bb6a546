import Testing

@testable import AsyncOps

/// Every transition of the zip state machine, driven synchronously. Consumers and readers are
/// strings naming them; an action is checked through its description.
@Suite struct ZipStateMachineTests {
  private typealias Machine = ZipStateMachine<String, String>

  private struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
  }

  private func started(_ baseCount: Int) -> Machine {
    var machine = Machine(baseCount: baseCount)
    #expect("\(machine.next("c0"))" == "startReaders")
    return machine
  }

  @Test func withNoBaseTheFirstNextFinishes() {
    var machine = Machine(baseCount: 0)
    #expect("\(machine.next("c"))" == #"finish("c")"#)
  }

  @Test func theTupleIsEmittedWhenTheLastBaseHandsInItsElement() {
    var machine = started(3)
    #expect("\(machine.produced(by: 2, reader: "r2"))" == "wait")
    #expect("\(machine.produced(by: 0, reader: "r0"))" == "wait")
    #expect(
      "\(machine.produced(by: 1, reader: "r1"))" == #"emit(to: "c0", resuming: ["r0", "r1", "r2"])"#
    )
  }

  @Test func aTupleCompletedWhileTheConsumerIsBusyWaitsForItsNextNext() {
    var machine = started(2)
    _ = machine.produced(by: 0, reader: "r0")
    _ = machine.produced(by: 1, reader: "r1")
    _ = machine.produced(by: 0, reader: "r0'")
    #expect("\(machine.produced(by: 1, reader: "r1'"))" == "wait")
    #expect("\(machine.next("c1"))" == #"emit(to: "c1", resuming: ["r0\'", "r1\'"])"#)
  }

  @Test func eachReleaseHoldsOnlyItsOwnReadersWhileAnEarlierOneIsStillHeld() {
    var machine = started(2)
    _ = machine.produced(by: 0, reader: "a0")
    let first = machine.produced(by: 1, reader: "a1")
    #expect("\(machine.next("c1"))" == "suspend")
    _ = machine.produced(by: 1, reader: "b1")
    let second = machine.produced(by: 0, reader: "b0")
    // The machine reuses the storage of an earlier release; one still held must not change.
    #expect("\(first)" == #"emit(to: "c0", resuming: ["a0", "a1"])"#)
    #expect("\(second)" == #"emit(to: "c1", resuming: ["b0", "b1"])"#)
    _ = machine.produced(by: 1, reader: "d1")
    #expect("\(machine.finished())" == #"end(nil, failure: nil, stopping: ["d1"])"#)
  }

  @Test func aBaseFinishingEndsTheZipAtOnceAndStopsTheHeldReaders() {
    var machine = started(3)
    _ = machine.produced(by: 0, reader: "r0")
    #expect("\(machine.finished())" == #"end(Optional("c0"), failure: nil, stopping: ["r0"])"#)
    #expect("\(machine.next("c1"))" == #"finish("c1")"#)
  }

  @Test func aFailureWhileTheConsumerWaitsIsThrownAtOnce() {
    var machine = started(2)
    _ = machine.produced(by: 1, reader: "r1")
    #expect(
      "\(machine.failed(Boom()))"
        == #"end(Optional("c0"), failure: Optional(boom), stopping: ["r1"])"#)
    #expect("\(machine.next("c1"))" == #"finish("c1")"#)
  }

  @Test func aFailureWhileTheConsumerIsBusyIsThrownByItsNextNext() {
    var machine = started(2)
    _ = machine.produced(by: 0, reader: "r0")
    _ = machine.produced(by: 1, reader: "r1")
    #expect("\(machine.failed(Boom()))" == #"end(nil, failure: Optional(boom), stopping: [])"#)
    #expect("\(machine.next("c1"))" == #"fail("c1", boom)"#)
    #expect("\(machine.next("c2"))" == #"finish("c2")"#)
  }

  @Test func anElementAfterTheEndIsDiscarded() {
    var machine = started(2)
    _ = machine.finished()
    #expect("\(machine.produced(by: 0, reader: "r0"))" == #"discard(resuming: "r0")"#)
    #expect("\(machine.finished())" == "none")
  }

  @Test func cancellationEndsTheConsumerAndStopsTheHeldReaders() {
    var machine = started(2)
    _ = machine.produced(by: 1, reader: "r1")
    #expect("\(machine.cancelled())" == #"end(Optional("c0"), failure: nil, stopping: ["r1"])"#)
  }

  @Test func cancellationBeforeTheFirstNextStartsNothing() {
    var machine = Machine(baseCount: 2)
    #expect("\(machine.cancelled())" == "none")
    #expect("\(machine.next("c"))" == #"finish("c")"#)
  }

  @Test func theInvariantsHoldAfterEveryStepOfAnIteration() {
    var machine = Machine(baseCount: 2)
    machine.checkInvariants()
    _ = machine.next("c0")
    machine.checkInvariants()
    _ = machine.produced(by: 0, reader: "r0")
    machine.checkInvariants()
    _ = machine.produced(by: 1, reader: "r1")
    machine.checkInvariants()
    _ = machine.produced(by: 0, reader: "r0")
    machine.checkInvariants()
    _ = machine.produced(by: 1, reader: "r1")
    machine.checkInvariants()
    _ = machine.next("c1")
    machine.checkInvariants()
    _ = machine.finished()
    machine.checkInvariants()
    #expect("\(machine.next("c2"))" == #"finish("c2")"#)
    machine.checkInvariants()
  }
}
