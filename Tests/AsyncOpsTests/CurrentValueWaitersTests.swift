import Testing

@testable import AsyncOps

/// The waiting list of `AsyncCurrentValue`: the first waiter inline, the others after it, in the
/// order they started waiting.
@Suite struct CurrentValueWaitersTests {
  private typealias Machine = CurrentValueStateMachine<String, String>

  @Test func waitersAreResumedInTheOrderTheyStartedWaiting() {
    var waiters = CurrentValueWaiters<Int>()
    #expect(waiters.isEmpty)
    for waiter in 1...4 { waiters.append(waiter) }
    #expect(!waiters.isEmpty)
    #expect(Array(waiters) == [1, 2, 3, 4])
  }

  @Test func removingTheFirstWaiterKeepsTheOthersInOrder() {
    var waiters = CurrentValueWaiters<Int>()
    for waiter in 1...3 { waiters.append(waiter) }
    #expect(waiters.remove { $0 == 1 } == 1)
    #expect(Array(waiters) == [2, 3])
    #expect(waiters.remove { $0 == 3 } == 3)
    #expect(waiters.remove { $0 == 3 } == nil)
    #expect(Array(waiters) == [2])
    #expect(waiters.remove { $0 == 2 } == 2)
    #expect(waiters.isEmpty)
    waiters.append(5)
    #expect(Array(waiters) == [5])
  }

  @Test func aSendHandsOverEveryWaiterAndLeavesNoneBehind() {
    var machine = Machine(value: "a")
    _ = machine.suspend(waitID: 0, cursor: 1, waiter: "w0", isCancelled: false)
    #expect(machine.send("b")?.waiting.map(\.waiter) == ["w0"])
    #expect(machine.waiting.isEmpty)
    _ = machine.suspend(waitID: 1, cursor: 2, waiter: "w1", isCancelled: false)
    _ = machine.suspend(waitID: 2, cursor: 2, waiter: "w2", isCancelled: false)
    #expect(machine.cancel(waitID: 1) == "w1")
    #expect(machine.send("c")?.waiting.map(\.waiter) == ["w2"])
    #expect(machine.waiting.isEmpty)
  }
}
