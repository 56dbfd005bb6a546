import Testing

@testable import AsyncOps

/// The state machine of `chunks(ofCount:or:)` / `chunked(by: signal)`, without concurrency:
/// continuations and the task are plain strings.
@Suite struct ChunksOfCountOrSignalStateMachineTests {
  struct Failure: Error, Equatable {}
  typealias Machine = ChunksOfCountOrSignalStateMachine<String, Failure, String, String, String>

  /// A machine whose consumer has started the readers and waits.
  private static func waiting(count: Int? = nil) -> Machine {
    var machine = Machine(count: count)
    #expect(machine.next() == .startReaders)
    #expect(machine.upstreamStarted("task") == nil)
    #expect(machine.suspend("consumer") == nil)
    return machine
  }

  @Test func theFirstNextStartsTheReadersAndLaterOnesSuspend() throws {
    var machine = Machine(count: 2)
    #expect(machine.next() == .startReaders)
    #expect(machine.next() == .suspend)
  }

  @Test func aFullChunkGoesToTheWaitingConsumerAndTheBaseReadsOn() throws {
    var machine = Self.waiting(count: 2)
    #expect(machine.baseProduced("a") == .proceed)
    #expect(machine.baseProduced("b") == .resumeConsumer("consumer", ["a", "b"]))
    #expect(machine.baseProduced("c") == .proceed)
  }

  @Test func aFullChunkWithoutAConsumerWaitsAndParksTheBase() throws {
    var machine = Machine(count: 1)
    _ = machine.next()
    #expect(machine.baseProduced("a") == .park)
    #expect(machine.park("base", .base) == nil)
    guard case .deliver(let outcome, let resumed) = machine.next() else {
      Issue.record("expected a delivery")
      return
    }
    #expect(try outcome.get() == ["a"])
    #expect(resumed == ["base"])
  }

  @Test func aReaderParkingAfterTheChunkWasTakenReadsOnAtOnce() throws {
    var machine = Machine(count: 1)
    _ = machine.next()
    #expect(machine.baseProduced("a") == .park)
    _ = machine.next()
    #expect(machine.park("base", .base) == true)
  }

  @Test func aSignalCutsThePartialChunk() throws {
    var machine = Self.waiting(count: 5)
    #expect(machine.baseProduced("a") == .proceed)
    #expect(machine.signalTicked() == .resumeConsumer("consumer", ["a"]))
  }

  @Test func aSignalWithNothingCollectedCutsNothing() throws {
    var machine = Self.waiting()
    #expect(machine.signalTicked() == .proceed)
    #expect(machine.consumption.consumer == "consumer")
  }

  @Test func aSignalWhileAChunkWaitsParksTheSignalReader() throws {
    var machine = Machine(count: nil)
    _ = machine.next()
    _ = machine.baseProduced("a")
    #expect(machine.signalTicked() == .park)
    #expect(machine.signalTicked() == .park)  // nothing collected, a chunk waiting
    #expect(machine.baseProduced("b") == .park)
    #expect(machine.completed == [["a"]])
  }

  @Test func bothReadersInFlightQueueAtMostOneChunkEach() throws {
    var machine = Machine(count: 1)
    _ = machine.next()
    #expect(machine.baseProduced("a") == .park)
    #expect(machine.baseProduced("b") == .park)  // was in flight: its chunk queues behind
    #expect(machine.completed == [["a"], ["b"]])
    #expect(machine.park("base", .base) == nil)
    guard case .deliver(_, let first) = machine.next() else {
      Issue.record("no chunk")
      return
    }
    #expect(first.isEmpty)  // one chunk still waits: the base stays parked
    guard case .deliver(_, let second) = machine.next() else {
      Issue.record("no chunk")
      return
    }
    #expect(second == ["base"])
  }

  @Test func theEndEmitsThePartialChunkToAWaitingConsumer() throws {
    var machine = Self.waiting(count: 3)
    _ = machine.baseProduced("a")
    let resumptions = machine.baseFinished()
    #expect(resumptions.consumer?.0 == "consumer")
    #expect(try resumptions.consumer?.1.get() == ["a"])
    #expect(machine.next() == .deliver(.success(nil), resume: []))
  }

  @Test func theEndWithNothingCollectedFinishesAWaitingConsumer() throws {
    var machine = Self.waiting(count: 3)
    let resumptions = machine.baseFinished()
    #expect(try resumptions.consumer?.1.get() == .some(nil))
  }

  @Test func theEndQueuesThePartialChunkBehindTheWaitingOnes() throws {
    var machine = Machine(count: 1)
    _ = machine.next()
    _ = machine.baseProduced("a")
    #expect(machine.park("signal", .signal) == nil)
    _ = machine.baseProduced("b")
    let resumptions = machine.baseFinished()
    #expect(resumptions.readers == ["signal"])
    #expect(machine.next() == .deliver(.success(["a"]), resume: []))
    #expect(machine.next() == .deliver(.success(["b"]), resume: []))
    #expect(machine.next() == .deliver(.success(nil), resume: []))
  }

  @Test func aFailureDropsThePartialChunkAndIsThrownOnce() throws {
    var machine = Self.waiting(count: 3)
    _ = machine.baseProduced("a")
    let resumptions = machine.baseFailed(Failure())
    #expect(resumptions.consumer?.0 == "consumer")
    #expect(throws: Failure.self) { try resumptions.consumer?.1.get() }
    #expect(machine.next() == .deliver(.success(nil), resume: []))
  }

  @Test func aFailureComesAfterTheChunksAlreadyCut() throws {
    var machine = Machine(count: 1)
    _ = machine.next()
    _ = machine.baseProduced("a")
    _ = machine.baseFailed(Failure())
    #expect(machine.next() == .deliver(.success(["a"]), resume: []))
    #expect(machine.next() == .deliver(.failure(Failure()), resume: []))
    #expect(machine.next() == .deliver(.success(nil), resume: []))
  }

  @Test func readersStopAfterTheEnd() throws {
    var machine = Self.waiting(count: 3)
    _ = machine.baseFinished()
    #expect(machine.signalTicked() == .stop)
    #expect(machine.park("signal", .signal) == false)
  }

  @Test func cancellationResumesEverythingAndCancelsTheReaders() throws {
    var machine = Machine(count: 1)
    _ = machine.next()
    #expect(machine.upstreamStarted("task") == nil)
    _ = machine.baseProduced("a")
    #expect(machine.park("base", .base) == nil)
    _ = machine.next()  // takes "a", resumes the base
    _ = machine.baseProduced("b")
    #expect(machine.park("base", .base) == nil)
    let resumptions = machine.cancelled()
    #expect(resumptions.readers == ["base"])
    #expect(resumptions.task == "task")
    #expect(machine.next() == .deliver(.success(nil), resume: []))  // "b" is dropped
    #expect(machine.baseProduced("c") == .stop)
    #expect(machine.cancelled().task == nil)  // once
  }

  @Test func cancellationResumesTheWaitingConsumerWithNil() throws {
    var machine = Self.waiting()
    let resumptions = machine.cancelled()
    #expect(resumptions.consumer?.0 == "consumer")
    #expect(try resumptions.consumer?.1.get() == .some(nil))
  }

  @Test func readersStartedAfterACancellationAreCancelledAtOnce() throws {
    var machine = Machine(count: 1)
    _ = machine.next()
    _ = machine.cancelled()
    #expect(machine.upstreamStarted("task") == "task")
  }
}
