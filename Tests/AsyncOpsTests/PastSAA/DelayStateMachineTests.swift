import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Every transition of the delay state machine, synchronously: consumers, the reader and the
/// timer are plain strings.
@Suite struct DelayStateMachineTests {
  private typealias Machine = DelayStateMachine<
    String, TestSourceFailure, TestClock.Instant, String, String
  >

  private static func at(_ milliseconds: Int) -> TestClock.Instant {
    .zero.advanced(by: .milliseconds(milliseconds))
  }

  private static func running(interval: Int = 3) -> Machine {
    var machine = Machine(interval: .milliseconds(interval))
    #expect(machine.next(at: at(0)).0.isStart)
    return machine
  }

  @Test func anElementIsDueItsIntervalAfterItsArrival() {
    var machine = Self.running()
    #expect(machine.suspend("consumer").0 == nil)
    #expect(machine.baseProduced("a", at: Self.at(1)).0 == .read)
    #expect(machine.nextDeadline() == .sleep(until: Self.at(4)))
    #expect(machine.timerFired(at: Self.at(3)).resumedConsumer == nil)
    #expect(machine.timerFired(at: Self.at(4)).resumedConsumer == "consumer: a")
  }

  @Test func elementsDueAtOneInstantAreQueuedInOrderForTheConsumer() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    _ = machine.baseProduced("a", at: Self.at(0))
    _ = machine.baseProduced("b", at: Self.at(0))
    #expect(machine.timerFired(at: Self.at(3)).resumedConsumer == "consumer: a")
    #expect(machine.next(at: Self.at(3)).0.deliveredValue == "b")
  }

  @Test func theBaseIsNeverParked() {
    var machine = Self.running()
    #expect(machine.baseProduced("a", at: Self.at(0)).0 == .read)
    #expect(machine.baseProduced("b", at: Self.at(0)).0 == .read)
    #expect(machine.parkReader("reader") == true)
  }

  @Test func theFinishKeepsItsPlaceAfterTheElements() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    _ = machine.baseProduced("a", at: Self.at(0))
    _ = machine.baseEnded(nil, at: Self.at(1))
    #expect(machine.timerFired(at: Self.at(3)).resumedConsumer == "consumer: a")
    #expect(machine.next(at: Self.at(3)).0.isSuspend)
    _ = machine.suspend("consumer")
    let effects = machine.timerFired(at: Self.at(4))
    #expect(effects.resumedConsumer == "consumer: end")
    #expect(effects.stopsReading)
    #expect(machine.next(at: Self.at(5)).0.deliveredValue == .some(nil))
  }

  @Test func aFailureKeepsItsPlaceAfterTheElementsBeforeIt() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    _ = machine.baseProduced("a", at: Self.at(0))
    _ = machine.baseEnded(TestSourceFailure(source: "base"), at: Self.at(0))
    // Both fall due at 3: the element first, then the failure for the next `next()`.
    #expect(machine.timerFired(at: Self.at(3)).resumedConsumer == "consumer: a")
    // The consumer is busy: the failure reaches it through its own `next()`, not held for the
    // storage to deliver.
    #expect(machine.core.undeliveredFailure == nil)
    #expect(machine.next(at: Self.at(3)).0.isFailure)
    #expect(machine.next(at: Self.at(3)).0.deliveredValue == .some(nil))
  }

  /// A consumer waiting when the failure falls due is resumed with it; the machine holds the
  /// failure for the storage until taken, once.
  @Test func aDelayedFailureReachesAWaitingConsumerWhenDue() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    _ = machine.baseEnded(TestSourceFailure(source: "base"), at: Self.at(1))
    #expect(machine.timerFired(at: Self.at(3)).resumedConsumer == nil)
    let effects = machine.timerFired(at: Self.at(4))
    #expect(machine.resumedConsumer(effects) == "consumer: failure of base")
    #expect(effects.stopsReading)
    #expect(machine.core.takeUndeliveredFailure() == TestSourceFailure(source: "base"))
    #expect(machine.core.takeUndeliveredFailure() == nil)
    #expect(machine.next(at: Self.at(5)).0.deliveredValue == .some(nil))
  }

  @Test func aZeroIntervalHandsEveryEventOnAtOnce() {
    var machine = Self.running(interval: 0)
    _ = machine.suspend("consumer")
    #expect(machine.baseProduced("a", at: Self.at(0)).1.resumedConsumer == "consumer: a")
    #expect(machine.baseEnded(nil, at: Self.at(0)).stopsReading)
    #expect(machine.next(at: Self.at(0)).0.deliveredValue == .some(nil))
  }

  @Test func theTimerParksWhileNothingIsScheduledAndWakesForAnElement() {
    var machine = Self.running()
    #expect(machine.nextDeadline() == .park)
    #expect(machine.parkTimer("timer") == nil)
    #expect(machine.baseProduced("a", at: Self.at(0)).1.resumedTimer == "timer: ask")
  }

  @Test func cancellationResumesTheConsumerWithNilAndStopsTheTimer() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    _ = machine.parkTimer("timer")
    let effects = machine.cancelled()
    #expect(effects.resumedConsumer == "consumer: end")
    #expect(effects.resumedTimer == "timer: stop")
    #expect(effects.stopsReading)
    #expect(machine.baseProduced("a", at: Self.at(0)).0 == .stop)
    #expect(machine.next(at: Self.at(0)).0.deliveredValue == .some(nil))
  }
}
