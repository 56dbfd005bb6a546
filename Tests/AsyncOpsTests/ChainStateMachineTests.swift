import Testing

@testable import AsyncOps

/// Every transition of the chain state machine.
@Suite struct ChainStateMachineTests {
  @Test func theChainReadsTheBasesInOrderAndEndsAfterTheLast() {
    var machine = ChainStateMachine(baseCount: 3)
    #expect(machine.currentBase == 0)
    #expect(machine.baseFinished(cancelled: false) == 1)
    #expect(machine.baseFinished(cancelled: false) == 2)
    #expect(machine.baseFinished(cancelled: false) == nil)
    #expect(machine.currentBase == nil)
  }

  @Test func withNoBaseTheChainHasEnded() {
    #expect(ChainStateMachine(baseCount: 0).currentBase == nil)
  }

  @Test func aFailureEndsTheChain() {
    var machine = ChainStateMachine(baseCount: 3)
    machine.baseFailed()
    #expect(machine.currentBase == nil)
    #expect(machine.baseFinished(cancelled: false) == nil)
  }

  @Test func aCancelledConsumerDoesNotStartTheNextBase() {
    var machine = ChainStateMachine(baseCount: 3)
    #expect(machine.baseFinished(cancelled: true) == nil)
    #expect(machine.currentBase == nil)
  }
}
