import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Every transition of the withLatestFrom state machine, synchronously.
@Suite struct WithLatestFromStateMachineTests {
  private typealias Machine = WithLatestFromStateMachine<
    String, String, TestSourceFailure, TestClock.Instant, String, String
  >

  private static func running() -> Machine {
    var machine = Machine()
    #expect(machine.next(at: .zero).0.isStart)
    return machine
  }

  @Test func anElementBeforeTheOtherHasProducedIsDropped() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    let (action, effects) = machine.baseProduced("a", at: .zero)
    #expect(action == .read)
    #expect(effects.resumedConsumer == nil)
  }

  @Test func anElementIsPairedWithTheOthersLatest() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    _ = machine.otherProduced("x")
    _ = machine.otherProduced("y")
    #expect(machine.baseProduced("a", at: .zero).1.resumedConsumer == "consumer: (\"a\", \"y\")")
  }

  @Test func theBaseIsReadOneElementAheadAtMost() {
    var machine = Self.running()
    _ = machine.otherProduced("x")
    #expect(machine.baseProduced("a", at: .zero).0 == .park)
    #expect(machine.parkReader("reader") == nil)
    let (action, effects) = machine.next(at: .zero)
    #expect(effects.resumedReader == "reader: read")
    if case .deliver(.success(let pair?)) = action {
      #expect(pair == ("a", "x"))
    } else {
      Issue.record("expected the pair")
    }
  }

  @Test func theOthersFinishFreezesItsLatest() {
    var machine = Self.running()
    _ = machine.otherProduced("x")
    #expect(!machine.otherEnded(nil).stopsReading)
    _ = machine.suspend("consumer")
    #expect(machine.baseProduced("a", at: .zero).1.resumedConsumer == "consumer: (\"a\", \"x\")")
  }

  @Test func theOthersFailureEndsTheSequenceAtOnce() {
    var machine = Self.running()
    _ = machine.otherProduced("x")
    _ = machine.baseProduced("a", at: .zero)  // a pair the consumer has not taken
    let effects = machine.otherEnded(TestSourceFailure(source: "other"))
    #expect(effects.stopsReading)
    #expect(machine.next(at: .zero).0.isFailure)
    #expect(machine.next(at: .zero).0.isEnd)
  }

  @Test func theBaseFinishEndsAfterThePairNotTaken() {
    var machine = Self.running()
    _ = machine.otherProduced("x")
    _ = machine.baseProduced("a", at: .zero)
    #expect(machine.baseEnded(nil, at: .zero).stopsReading)
    #expect(machine.next(at: .zero).0.deliveredValue??.0 == "a")
    #expect(machine.next(at: .zero).0.isEnd)
  }

  @Test func theBaseFailureIsDeliveredAtOnce() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    let effects = machine.baseEnded(TestSourceFailure(source: "base"), at: .zero)
    #expect(machine.resumedConsumer(effects) == "consumer: failure of base")
  }

  @Test func cancellationStopsBothReads() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    let effects = machine.cancelled()
    #expect(effects.resumedConsumer == "consumer: end")
    #expect(effects.stopsReading)
    #expect(machine.otherProduced("x").0 == .stop)
  }
}
