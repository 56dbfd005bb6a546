import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Every transition of the timeout state machine, synchronously.
@Suite struct TimeoutStateMachineTests {
  private typealias Machine = TimeoutStateMachine<
    String, TestSourceFailure, TestClock.Instant, String, String
  >

  private static let timedOut = TestSourceFailure(source: "timeout")

  private static func at(_ milliseconds: Int) -> TestClock.Instant {
    .zero.advanced(by: .milliseconds(milliseconds))
  }

  private static func running(interval: Int = 3) -> Machine {
    var machine = Machine(interval: .milliseconds(interval), timeoutFailure: timedOut)
    #expect(machine.next(at: at(0)).0.isStart)
    return machine
  }

  @Test func aNextThatWaitsTheIntervalFails() {
    var machine = Self.running()
    #expect(machine.suspend("consumer").0 == nil)
    #expect(machine.nextDeadline() == .sleep(until: Self.at(3)))
    let effects = machine.timerFired(at: Self.at(3))
    #expect(machine.resumedConsumer(effects) == "consumer: failure of timeout")
    #expect(effects.stopsReading)
    #expect(machine.next(at: Self.at(4)).0.deliveredValue == .some(nil))
  }

  @Test func anElementInTimeClearsTheDeadline() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    #expect(machine.baseProduced("a", at: Self.at(2)).1.resumedConsumer == "consumer: a")
    #expect(machine.timerFired(at: Self.at(3)).resumedConsumer == nil)
    #expect(machine.nextDeadline() == .park)
  }

  @Test func eachNextStartsItsOwnDeadline() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    _ = machine.baseProduced("a", at: Self.at(2))
    #expect(machine.next(at: Self.at(2)).0.isSuspend)
    #expect(machine.nextDeadline() == .sleep(until: Self.at(5)))
  }

  @Test func anElementAlreadyReadyIsDeliveredWithoutADeadline() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    _ = machine.baseProduced("a", at: Self.at(0))
    #expect(machine.baseProduced("b", at: Self.at(1)).0 == .park)
    #expect(machine.parkReader("reader") == nil)
    let (action, effects) = machine.next(at: Self.at(1))
    #expect(action.deliveredValue == "b")
    #expect(effects.resumedReader == "reader: read")
    #expect(machine.nextDeadline() == .park)
  }

  @Test func theBaseFailureIsDeliveredAtOnce() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    let effects = machine.baseEnded(TestSourceFailure(source: "base"), at: Self.at(1))
    #expect(machine.resumedConsumer(effects) == "consumer: failure of base")
    #expect(machine.nextDeadline() == .stop)
  }

  @Test func theFinishEndsTheSequenceAndStopsTheTimer() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    _ = machine.parkTimer("timer")
    let effects = machine.baseEnded(nil, at: Self.at(1))
    #expect(effects.resumedConsumer == "consumer: end")
  }

  @Test func aZeroIntervalFailsTheFirstNext() {
    var machine = Machine(interval: .zero, timeoutFailure: Self.timedOut)
    #expect(machine.next(at: Self.at(0)).0.isFailure)
    #expect(machine.next(at: Self.at(0)).0.deliveredValue == .some(nil))
  }

  @Test func aTimerWokenForAnOlderDeadlineDoesNothing() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    _ = machine.baseProduced("a", at: Self.at(1))
    _ = machine.next(at: Self.at(2))
    _ = machine.suspend("consumer")
    #expect(machine.timerFired(at: Self.at(3)).resumedConsumer == nil)
    let timedOut = machine.timerFired(at: Self.at(5))
    #expect(machine.resumedConsumer(timedOut) == "consumer: failure of timeout")
  }

  @Test func cancellationStopsTheReaderAndTheTimer() {
    var machine = Self.running()
    _ = machine.baseProduced("a", at: Self.at(0))
    _ = machine.parkReader("reader")
    let effects = machine.cancelled()
    #expect(effects.resumedReader == "reader: stop")
    #expect(effects.stopsReading)
  }
}
