import Testing

@testable import AsyncOps

/// ``ChannelStateMachine`` without concurrency: senders and consumers are strings, ids are chosen
/// by the test.
@Suite struct ChannelStateMachineTests {
  struct Failure: Error, Equatable {}
  typealias Machine = ChannelStateMachine<Int, Failure, String, String>

  /// The element and sender a consumer takes, or `nil` when the action is something else.
  static func taken(_ action: Machine.NextAction) -> (String, Int, String)? {
    guard case .take(let consumer, let element, let sender) = action else { return nil }
    return (consumer, element, sender)
  }

  static func outcome(_ action: Machine.NextAction) -> (String, Result<Int?, Failure>)? {
    guard case .resume(let consumer, let outcome) = action else { return nil }
    return (consumer, outcome)
  }

  @Test func aSendWaitsUntilAConsumerTakesItsElement() {
    var machine = Machine()
    guard case .wait = machine.send(1, id: 1, sender: "s1", isCancelled: false) else {
      Issue.record("the send should wait")
      return
    }
    let taken = Self.taken(machine.next(id: 2, consumer: "c1", isCancelled: false))
    #expect(taken?.0 == "c1" && taken?.1 == 1 && taken?.2 == "s1")
    #expect(machine.waitingSends.isEmpty)
  }

  @Test func aSendHandsItsElementToAWaitingConsumer() {
    var machine = Machine()
    guard case .wait = machine.next(id: 1, consumer: "c1", isCancelled: false) else {
      Issue.record("the consumer should wait")
      return
    }
    guard
      case .handOff(let consumer, let element, let sender) =
        machine.send(7, id: 2, sender: "s1", isCancelled: false)
    else {
      Issue.record("the send should hand off")
      return
    }
    #expect(consumer == "c1" && element == 7 && sender == "s1")
    #expect(machine.waitingConsumers.isEmpty)
  }

  @Test func sendersAreTakenInTheOrderTheyBeganAndConsumersServedInTheOrderTheyWaited() {
    var machine = Machine()
    for value in 1...3 {
      _ = machine.send(value, id: UInt64(value), sender: "s\(value)", isCancelled: false)
    }
    let order = (4...6).compactMap {
      Self.taken(machine.next(id: UInt64($0), consumer: "c", isCancelled: false))?.1
    }
    #expect(order == [1, 2, 3])
    for id in 7...9 { _ = machine.next(id: UInt64(id), consumer: "c\(id)", isCancelled: false) }
    var served: [String] = []
    for value in 10...12 {
      if case .handOff(let consumer, _, _) =
        machine.send(value, id: UInt64(value), sender: "s", isCancelled: false)
      {
        served.append(consumer)
      }
    }
    #expect(served == ["c7", "c8", "c9"])
  }

  @Test func finishResumesEverySenderAndEndsEveryConsumerNowAndLater() throws {
    var senders = Machine()
    _ = senders.send(1, id: 1, sender: "s1", isCancelled: false)
    _ = senders.send(2, id: 2, sender: "s2", isCancelled: false)
    let ending = senders.finish(failure: nil)
    #expect(ending?.senders == ["s1", "s2"])
    #expect(ending?.consumers == [])
    let later = Self.outcome(senders.next(id: 3, consumer: "c", isCancelled: false))
    #expect(try later?.1.get() == nil)

    var consumers = Machine()
    _ = consumers.next(id: 1, consumer: "c1", isCancelled: false)
    _ = consumers.next(id: 2, consumer: "c2", isCancelled: false)
    let ended = consumers.finish(failure: nil)
    #expect(ended?.consumers == ["c1", "c2"])
    #expect(try ended?.outcome.get() == nil)
  }

  @Test func aSendAfterFinishReturnsAtOnce() {
    var machine = Machine()
    _ = machine.finish(failure: nil)
    guard case .drop("s") = machine.send(1, id: 1, sender: "s", isCancelled: false) else {
      Issue.record("the send should be dropped")
      return
    }
    #expect(machine.finish(failure: Failure()) == nil)
  }

  @Test func aFailureIsThrownByEveryWaitingConsumerThenNil() {
    var machine = Machine()
    _ = machine.next(id: 1, consumer: "c1", isCancelled: false)
    _ = machine.next(id: 2, consumer: "c2", isCancelled: false)
    let ending = machine.finish(failure: Failure())
    #expect(ending?.consumers == ["c1", "c2"])
    #expect(ending?.outcome == .failure(Failure()))
    let later = Self.outcome(machine.next(id: 3, consumer: "c3", isCancelled: false))
    #expect(later?.1 == .success(nil))
  }

  @Test func aFailureWithNoConsumerWaitingIsThrownByTheNextNextOnlyOnce() {
    var machine = Machine()
    _ = machine.finish(failure: Failure())
    #expect(
      Self.outcome(machine.next(id: 1, consumer: "c1", isCancelled: false))?.1
        == .failure(Failure()))
    #expect(
      Self.outcome(machine.next(id: 2, consumer: "c2", isCancelled: false))?.1 == .success(nil))
  }

  @Test func cancellingAWaitingSendRemovesItsElement() {
    var machine = Machine()
    _ = machine.send(1, id: 1, sender: "s1", isCancelled: false)
    _ = machine.send(2, id: 2, sender: "s2", isCancelled: false)
    #expect(machine.sendCancelled(id: 1) == "s1")
    #expect(machine.sendCancelled(id: 1) == nil)
    #expect(Self.taken(machine.next(id: 3, consumer: "c", isCancelled: false))?.1 == 2)
  }

  @Test func aSendAlreadyCancelledIsDroppedEvenWithAConsumerWaiting() {
    var machine = Machine()
    _ = machine.next(id: 1, consumer: "c1", isCancelled: false)
    guard case .drop("s1") = machine.send(1, id: 2, sender: "s1", isCancelled: true) else {
      Issue.record("a cancelled send should be dropped")
      return
    }
    #expect(machine.waitingConsumers.map(\.consumer) == ["c1"])
  }

  @Test func cancellingAWaitingConsumerEndsOnlyIt() {
    var machine = Machine()
    _ = machine.next(id: 1, consumer: "c1", isCancelled: false)
    _ = machine.next(id: 2, consumer: "c2", isCancelled: false)
    #expect(machine.nextCancelled(id: 1) == "c1")
    guard case .handOff("c2", 5, "s") = machine.send(5, id: 3, sender: "s", isCancelled: false)
    else {
      Issue.record("the other consumer should take the element")
      return
    }
  }

  @Test func aConsumerAlreadyCancelledTakesNothing() {
    var machine = Machine()
    _ = machine.send(1, id: 1, sender: "s1", isCancelled: false)
    #expect(
      Self.outcome(machine.next(id: 2, consumer: "c1", isCancelled: true))?.1 == .success(nil))
    #expect(machine.waitingSends.map(\.element) == [1])
  }

  @Test func theInvariantsHoldAfterEveryStepOfARendezvous() {
    var machine = Machine()
    machine.checkInvariants()
    _ = machine.send(1, id: 1, sender: "s1", isCancelled: false)
    machine.checkInvariants()
    _ = machine.send(2, id: 2, sender: "s2", isCancelled: false)
    machine.checkInvariants()
    _ = machine.next(id: 3, consumer: "c1", isCancelled: false)
    machine.checkInvariants()
    _ = machine.sendCancelled(id: 2)
    machine.checkInvariants()
    _ = machine.next(id: 4, consumer: "c2", isCancelled: false)
    machine.checkInvariants()
    _ = machine.next(id: 5, consumer: "c3", isCancelled: false)
    machine.checkInvariants()
    _ = machine.nextCancelled(id: 4)
    machine.checkInvariants()
    let ending = machine.finish(failure: Failure())
    machine.checkInvariants()
    #expect(ending?.consumers == ["c3"])
  }
}
