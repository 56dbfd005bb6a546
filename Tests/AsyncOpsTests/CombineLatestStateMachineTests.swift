import Testing

@testable import AsyncOps

/// Every transition of the combineLatest state machine, driven synchronously. Consumers and readers
/// are strings naming them; an action is checked through its description.
@Suite struct CombineLatestStateMachineTests {
  private typealias Machine = CombineLatestStateMachine<String, String>

  private struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
  }

  /// A machine for `baseCount` bases whose consumer waits in its first `next()`.
  private func started(_ baseCount: Int) -> Machine {
    var machine = Machine(baseCount: baseCount)
    #expect("\(machine.next("c0"))" == "startReaders")
    return machine
  }

  /// A machine where every base has produced once and the consumer took the first tuple.
  private func combining(_ baseCount: Int) -> Machine {
    var machine = started(baseCount)
    for index in 0..<baseCount - 1 {
      #expect(
        "\(machine.produced(by: index, reader: "r\(index)"))"
          == #"replaceLatest(resuming: "r\#(index)")"#)
    }
    let last = baseCount - 1
    #expect(
      "\(machine.produced(by: last, reader: "r\(last)"))"
        == #"emit(to: "c0", resuming: "r\#(last)")"#)
    return machine
  }

  // MARK: next()

  @Test func withNoBaseTheFirstNextFinishes() {
    var machine = Machine(baseCount: 0)
    #expect("\(machine.next("c"))" == #"finish("c")"#)
  }

  @Test func theFirstNextStartsTheReadersAndWaits() {
    var machine = Machine(baseCount: 2)
    #expect("\(machine.next("c"))" == "startReaders")
  }

  @Test func nextWithNothingWaitingSuspendsTheConsumer() {
    var machine = combining(2)
    #expect("\(machine.next("c1"))" == "suspend")
    #expect("\(machine.produced(by: 1, reader: "r1"))" == #"emit(to: "c1", resuming: "r1")"#)
  }

  @Test func nextTakesTheOldestWaitingElementAndLetsItsReaderReadOn() {
    var machine = combining(3)
    #expect("\(machine.produced(by: 2, reader: "r2"))" == "wait")
    #expect("\(machine.produced(by: 0, reader: "r0"))" == "wait")
    #expect(
      "\(machine.next("c1"))"
        == #"emit(to: "c1", promoting: 2, resuming: "r2", readerContinues: true)"#)
    #expect(
      "\(machine.next("c2"))"
        == #"emit(to: "c2", promoting: 0, resuming: "r0", readerContinues: true)"#)
    #expect("\(machine.next("c3"))" == "suspend")
  }

  @Test func nextAfterTheEndReturnsNilAgainAndAgain() {
    var machine = started(2)
    _ = machine.finished(0)
    #expect("\(machine.next("c1"))" == #"finish("c1")"#)
    #expect("\(machine.next("c2"))" == #"finish("c2")"#)
  }

  // MARK: nextReady() (the consumer's path without a continuation)

  @Test func nextReadyTakesTheOldestWaitingElementWithoutAContinuation() {
    var machine = combining(3)
    _ = machine.produced(by: 1, reader: "r1")
    _ = machine.produced(by: 0, reader: "r0")
    #expect(
      (machine.nextReady().map { "\($0)" } ?? "nil")
        == #"emit(promoting: 1, resuming: "r1", readerContinues: true)"#)
    #expect(
      (machine.nextReady().map { "\($0)" } ?? "nil")
        == #"emit(promoting: 0, resuming: "r0", readerContinues: true)"#)
  }

  @Test func nextReadyWithNothingWaitingLeavesTheConsumerUnregistered() {
    var machine = combining(2)
    #expect(machine.nextReady() == nil)
    // No consumer waits, so the next element waits for a `next()` instead of being handed over.
    #expect("\(machine.produced(by: 0, reader: "r0"))" == "wait")
    #expect(
      "\(machine.next("c1"))"
        == #"emit(to: "c1", promoting: 0, resuming: "r0", readerContinues: true)"#)
  }

  @Test func nextReadyBeforeTheFirstNextStartsNothing() {
    var machine = Machine(baseCount: 2)
    #expect(machine.nextReady() == nil)
    #expect("\(machine.next("c"))" == "startReaders")
  }

  @Test func nextReadyDeliversTheFailureOnceThenTheEnd() {
    var machine = combining(2)
    _ = machine.failed(0, failure: Boom())
    #expect((machine.nextReady().map { "\($0)" } ?? "nil") == "fail(boom)")
    #expect((machine.nextReady().map { "\($0)" } ?? "nil") == "finish")
  }

  // MARK: produced

  @Test func elementsBeforeEveryBaseHasProducedReplaceTheLatest() {
    var machine = started(3)
    #expect("\(machine.produced(by: 0, reader: "r0"))" == #"replaceLatest(resuming: "r0")"#)
    #expect("\(machine.produced(by: 0, reader: "r0"))" == #"replaceLatest(resuming: "r0")"#)
    #expect("\(machine.produced(by: 2, reader: "r2"))" == #"replaceLatest(resuming: "r2")"#)
  }

  @Test func theElementCompletingTheSetGoesToTheWaitingConsumer() {
    var machine = started(2)
    _ = machine.produced(by: 1, reader: "r1")
    #expect("\(machine.produced(by: 0, reader: "r0"))" == #"emit(to: "c0", resuming: "r0")"#)
  }

  @Test func theElementCompletingTheSetWaitsWhenTheConsumerIsBusy() {
    var machine = started(2)
    _ = machine.produced(by: 0, reader: "r0")
    _ = machine.produced(by: 1, reader: "r1")  // the first tuple, taken by c0
    #expect("\(machine.produced(by: 0, reader: "r0"))" == "wait")
    #expect(
      "\(machine.next("c1"))"
        == #"emit(to: "c1", promoting: 0, resuming: "r0", readerContinues: true)"#)
  }

  @Test func anElementProducedAfterTheEndIsDiscardedAndItsReaderStopped() {
    var machine = started(2)
    _ = machine.cancelled()
    #expect("\(machine.produced(by: 0, reader: "r0"))" == #"discard(resuming: "r0")"#)
  }

  @Test func anElementProducedWhileDrainingIsDiscarded() {
    var machine = combining(3)
    _ = machine.produced(by: 0, reader: "r0")
    _ = machine.failed(1, failure: Boom())
    #expect("\(machine.produced(by: 2, reader: "r2"))" == #"discard(resuming: "r2")"#)
  }

  // MARK: finished

  @Test func aBaseFinishingWithoutProducingEndsAtOnce() {
    var machine = started(3)
    _ = machine.produced(by: 0, reader: "r0")
    #expect("\(machine.finished(1))" == #"finish(Optional("c0"))"#)
    #expect("\(machine.next("c1"))" == #"finish("c1")"#)
  }

  @Test func everyBaseFinishingWhileTheConsumerIsBusyEndsItsNextCall() {
    var machine = combining(2)
    #expect("\(machine.finished(0))" == "none")
    #expect("\(machine.finished(1))" == "finish(nil)")
    #expect("\(machine.next("c1"))" == #"finish("c1")"#)
  }

  @Test func aBaseFinishingAfterProducingLetsTheOthersGoOn() {
    var machine = combining(2)
    #expect("\(machine.finished(0))" == "none")
    #expect("\(machine.next("c1"))" == "suspend")
    #expect("\(machine.produced(by: 1, reader: "r1"))" == #"emit(to: "c1", resuming: "r1")"#)
  }

  @Test func theLastBaseFinishingEndsTheWaitingConsumer() {
    var machine = combining(3)
    _ = machine.finished(2)
    _ = machine.finished(0)
    #expect("\(machine.next("c1"))" == "suspend")
    #expect("\(machine.finished(1))" == #"finish(Optional("c1"))"#)
  }

  @Test func aFinishAfterTheEndIsIgnored() {
    var machine = started(2)
    _ = machine.failed(0, failure: Boom())
    #expect("\(machine.finished(1))" == "none")
  }

  // MARK: failed

  @Test func aFailureGoesToTheWaitingConsumerAtOnce() {
    var machine = combining(2)
    #expect("\(machine.next("c1"))" == "suspend")
    #expect("\(machine.failed(1, failure: Boom()))" == #"fail("c1", failure: boom)"#)
    #expect("\(machine.next("c2"))" == #"finish("c2")"#)
  }

  @Test func aFailureWhileTheConsumerIsBusyIsThrownByItsNextCall() {
    var machine = combining(2)
    #expect("\(machine.failed(0, failure: Boom()))" == "cancelReaders")
    #expect("\(machine.next("c1"))" == #"fail("c1", failure: boom)"#)
    #expect("\(machine.next("c2"))" == #"finish("c2")"#)
  }

  @Test func waitingElementsBecomeTuplesBeforeTheFailureAndTheirReadersStop() {
    var machine = combining(3)
    _ = machine.produced(by: 2, reader: "r2")
    _ = machine.produced(by: 0, reader: "r0")
    #expect("\(machine.failed(1, failure: Boom()))" == "cancelReaders")
    #expect(
      "\(machine.next("c1"))"
        == #"emit(to: "c1", promoting: 2, resuming: "r2", readerContinues: false)"#)
    #expect(
      "\(machine.next("c2"))"
        == #"emit(to: "c2", promoting: 0, resuming: "r0", readerContinues: false)"#)
    #expect("\(machine.next("c3"))" == #"fail("c3", failure: boom)"#)
    #expect("\(machine.next("c4"))" == #"finish("c4")"#)
  }

  @Test func aSecondFailureIsIgnored() {
    var machine = combining(2)
    _ = machine.failed(0, failure: Boom())
    #expect("\(machine.failed(1, failure: Boom()))" == "none")
  }

  // MARK: cancelled

  @Test func cancellingBeforeTheFirstNextEndsWithoutReaders() {
    var machine = Machine(baseCount: 2)
    #expect("\(machine.cancelled())" == "none")
    #expect("\(machine.next("c"))" == #"finish("c")"#)
  }

  @Test func cancellingResumesTheConsumerAndStopsTheWaitingReaders() {
    var machine = combining(3)
    #expect("\(machine.produced(by: 1, reader: "r1"))" == "wait")
    #expect("\(machine.cancelled())" == #"cancel(nil, stopping: ["r1"])"#)
    var waiting = combining(2)
    _ = waiting.next("c1")
    #expect("\(waiting.cancelled())" == #"cancel(Optional("c1"), stopping: [])"#)
  }

  @Test func cancellingWhileDrainingDropsTheWaitingTuplesAndStopsTheirReaders() {
    var machine = combining(2)
    _ = machine.produced(by: 0, reader: "r0")
    _ = machine.failed(1, failure: Boom())
    #expect("\(machine.cancelled())" == #"cancel(nil, stopping: ["r0"])"#)
    #expect("\(machine.next("c1"))" == #"finish("c1")"#)
  }

  @Test func cancellingAfterTheEndDoesNothing() {
    var machine = combining(2)
    _ = machine.finished(0)
    _ = machine.finished(1)
    #expect("\(machine.cancelled())" == "none")
  }

  // MARK: slot

  @Test func aSlotPromotesItsWaitingElementOnlyForItsOwnIndex() {
    let slot = CombineLatestSlot<String>(index: 1)
    slot.replaceLatest(with: "a")
    slot.wait(with: "b")
    #expect(slot.value(promoting: 0) == "a")
    #expect(slot.value(promoting: 1) == "b")
    #expect(slot.value(promoting: 1) == "b")
    #expect(!slot.hasWaiting)
  }

  @Test func aSlotReleasesItsElementsWhenItGoes() {
    weak var latest: Tracked?
    weak var waiting: Tracked?
    weak var replaced: Tracked?
    do {
      let slot = CombineLatestSlot<Tracked>(index: 0)
      let first = Tracked()
      replaced = first
      slot.replaceLatest(with: first)
      let second = Tracked()
      latest = second
      slot.replaceLatest(with: second)
      let third = Tracked()
      waiting = third
      slot.wait(with: third)
    }
    #expect(replaced == nil)
    #expect(latest == nil)
    #expect(waiting == nil)
  }

  // MARK: arrival queue

  @Test func theArrivalQueueWrapsAroundWithoutGrowing() {
    var queue = CombineLatestArrivalQueue(capacity: 2)
    for round in 0..<3 {
      queue.append(round)
      queue.append(round + 10)
      #expect(queue.popFirst() == round)
      #expect(queue.popFirst() == round + 10)
    }
    #expect(queue.popFirst() == nil)
    #expect(queue.ring.count == 2)
  }
}

/// An element whose lifetime a test watches through weak references.
private final class Tracked: Sendable {
}

extension CombineLatestStateMachineTests {
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
    _ = machine.next("c2")
    machine.checkInvariants()
    _ = machine.finished(0)
    machine.checkInvariants()
    _ = machine.failed(1, failure: Boom())
    machine.checkInvariants()
    _ = machine.cancelled()
    machine.checkInvariants()
    #expect("\(machine.next("c3"))".hasPrefix("finish"))
  }
}
