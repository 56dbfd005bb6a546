import Testing

@testable import AsyncOps

/// Every transition of the current-value state machine, synchronously; waiters are strings.
@Suite struct CurrentValueStateMachineTests {
  private typealias Machine = CurrentValueStateMachine<String, String>

  @Test func registeringReadsTheCurrentVersionAndGivesDistinctIdentities() {
    var machine = Machine(value: "a")
    _ = machine.send("b")
    let first = machine.register()
    let second = machine.register()
    #expect(first.cursor == 1)
    #expect(first.consumerID != second.consumerID)
  }

  @Test func nextDeliversTheCurrentValueToAConsumerThatHasNotSeenIt() {
    var machine = Machine(value: "a")
    let (_, cursor) = machine.register()
    #expect(machine.next(cursor: cursor) == .deliver("a", version: 0))
    #expect(machine.next(cursor: 1) == .suspend)
  }

  @Test func aSendWakesEveryWaitingConsumer() {
    var machine = Machine(value: "a")
    #expect(machine.suspend(waitID: 0, cursor: 1, waiter: "w0", isCancelled: false) == .suspend)
    #expect(machine.suspend(waitID: 1, cursor: 1, waiter: "w1", isCancelled: false) == .suspend)
    let sent = machine.send("b")
    #expect(sent?.version == 1)
    #expect(sent?.waiting.map(\.waiter) == ["w0", "w1"])
    #expect(machine.send("c")?.waiting.isEmpty == true)
  }

  @Test func suspendDeliversAValueSentSinceNext() {
    var machine = Machine(value: "a")
    #expect(machine.next(cursor: 1) == .suspend)
    _ = machine.send("b")
    #expect(
      machine.suspend(waitID: 0, cursor: 1, waiter: "w", isCancelled: false)
        == .deliver("b", version: 1))
  }

  @Test func aCancelledTaskDoesNotSuspend() {
    var machine = Machine(value: "a")
    #expect(machine.suspend(waitID: 0, cursor: 1, waiter: "w", isCancelled: true) == .end)
    #expect(machine.send("b")?.waiting.isEmpty == true)
  }

  @Test func cancelRemovesOnlyThatWaiter() {
    var machine = Machine(value: "a")
    _ = machine.suspend(waitID: 0, cursor: 1, waiter: "w0", isCancelled: false)
    _ = machine.suspend(waitID: 1, cursor: 1, waiter: "w1", isCancelled: false)
    #expect(machine.cancel(waitID: 0) == "w0")
    #expect(machine.cancel(waitID: 0) == nil)
    #expect(machine.send("b")?.waiting.map(\.waiter) == ["w1"])
  }

  @Test func finishEndsTheWaitersAndLetsOthersSeeTheLastValueFirst() {
    var machine = Machine(value: "a")
    _ = machine.suspend(waitID: 0, cursor: 1, waiter: "w0", isCancelled: false)
    #expect(machine.finish().map(\.waiter) == ["w0"])
    #expect(machine.next(cursor: 0) == .deliver("a", version: 0))
    #expect(machine.next(cursor: 1) == .end)
    #expect(machine.finish().isEmpty)
  }

  @Test func aSendAfterTheFinishIsIgnored() {
    var machine = Machine(value: "a")
    _ = machine.finish()
    #expect(machine.send("b") == nil)
    #expect(machine.value == "a")
    #expect(machine.version == 0)
  }
}
