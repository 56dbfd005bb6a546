import Testing

@testable import AsyncOps

/// The rendezvous's second party, served before it suspends: ``ChannelStateMachine``'s
/// `sendAtOnce` and `nextAtOnce`, without concurrency (parties are strings).
@Suite struct ChannelImmediateStateMachineTests {
  struct Failure: Error, Equatable {}
  typealias Machine = ChannelStateMachine<Int, Failure, String, String>

  @Test func aSendFindingAWaitingConsumerHandsItsElementOverAtOnce() {
    var machine = Machine()
    _ = machine.next(id: 1, consumer: "c1", isCancelled: false)
    _ = machine.next(id: 2, consumer: "c2", isCancelled: false)
    guard case .handedOff(let consumer) = machine.sendAtOnce(7, isCancelled: false) else {
      Issue.record("the send should be handed to the first waiting consumer")
      return
    }
    #expect(consumer == "c1")
    #expect(machine.waitingConsumers.map(\.consumer) == ["c2"])
  }

  @Test func aSendWithNoWaitingConsumerMustWaitAndChangesNothing() {
    var machine = Machine()
    guard case .mustWait = machine.sendAtOnce(7, isCancelled: false) else {
      Issue.record("the send should wait")
      return
    }
    #expect(machine.waitingSends.isEmpty && machine.waitingConsumers.isEmpty)
  }

  @Test func aCancelledOrLateSendIsDroppedAndLeavesTheConsumersWaiting() {
    var machine = Machine()
    _ = machine.next(id: 1, consumer: "c1", isCancelled: false)
    guard case .dropped = machine.sendAtOnce(7, isCancelled: true) else {
      Issue.record("a cancelled send should be dropped")
      return
    }
    #expect(machine.waitingConsumers.map(\.consumer) == ["c1"])
    _ = machine.finish(failure: nil)
    guard case .dropped = machine.sendAtOnce(8, isCancelled: false) else {
      Issue.record("a send after finish should be dropped")
      return
    }
  }

  @Test func aConsumerFindingAWaitingSendTakesTheOldestAtOnce() {
    var machine = Machine()
    _ = machine.send(1, id: 1, sender: "s1", isCancelled: false)
    _ = machine.send(2, id: 2, sender: "s2", isCancelled: false)
    guard case .took(let element, let sender) = machine.nextAtOnce(isCancelled: false) else {
      Issue.record("the consumer should take the first waiting send")
      return
    }
    #expect(element == 1 && sender == "s1")
    #expect(machine.waitingSends.map(\.sender) == ["s2"])
  }

  @Test func aCancelledConsumerTakesNothingAndTheSendStaysForAnother() {
    var machine = Machine()
    _ = machine.send(1, id: 1, sender: "s1", isCancelled: false)
    guard case .ended(.success(nil)) = machine.nextAtOnce(isCancelled: true) else {
      Issue.record("a cancelled consumer should end")
      return
    }
    #expect(machine.waitingSends.map(\.sender) == ["s1"])
  }

  @Test func aFailureIsDeliveredOnceThenTheChannelEnds() {
    var machine = Machine()
    _ = machine.finish(failure: Failure())
    guard case .ended(.failure(let failure)) = machine.nextAtOnce(isCancelled: false) else {
      Issue.record("the first consumer should throw the failure")
      return
    }
    #expect(failure == Failure())
    guard case .ended(.success(nil)) = machine.nextAtOnce(isCancelled: false) else {
      Issue.record("after the failure the channel should end")
      return
    }
    var empty = Machine()
    guard case .mustWait = empty.nextAtOnce(isCancelled: false) else {
      Issue.record("with no sender a consumer should wait")
      return
    }
  }
}
