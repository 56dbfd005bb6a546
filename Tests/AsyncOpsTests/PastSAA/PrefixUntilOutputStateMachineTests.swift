import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Every transition of the prefix(untilOutputFrom:) state machine, synchronously.
@Suite struct PrefixUntilOutputStateMachineTests {
  private typealias Machine = PrefixUntilOutputStateMachine<
    String, String, TestSourceFailure, TestClock.Instant, String, String
  >

  private static func running() -> Machine {
    var machine = Machine()
    #expect(machine.next(at: .zero).0.isStart)
    return machine
  }

  @Test func elementsPassUntilTheOtherProduces() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    #expect(machine.baseProduced("a", at: .zero).1.resumedConsumer == "consumer: a")
    _ = machine.next(at: .zero)
    _ = machine.suspend("consumer")
    let (action, effects) = machine.otherProduced("x")
    #expect(action == .stop)
    #expect(effects.resumedConsumer == "consumer: end")
    #expect(effects.stopsReading)
    #expect(machine.baseProduced("b", at: .zero).0 == .stop)
  }

  @Test func anElementNotYetTakenIsDeliveredBeforeTheFinish() {
    var machine = Self.running()
    _ = machine.baseProduced("a", at: .zero)
    _ = machine.otherProduced("x")
    #expect(machine.next(at: .zero).0.deliveredValue == "a")
    #expect(machine.next(at: .zero).0.deliveredValue == .some(nil))
  }

  @Test func theOtherEndingWithoutAnElementChangesNothing() {
    var machine = Self.running()
    #expect(!machine.otherEnded(TestSourceFailure(source: "other")).stopsReading)
    _ = machine.suspend("consumer")
    #expect(machine.baseProduced("a", at: .zero).1.resumedConsumer == "consumer: a")
  }

  @Test func theBaseFailureIsDelivered() {
    var machine = Self.running()
    _ = machine.suspend("consumer")
    let effects = machine.baseEnded(TestSourceFailure(source: "base"), at: .zero)
    #expect(machine.resumedConsumer(effects) == "consumer: failure of base")
  }
}
