import Testing

@testable import AsyncOps

/// ``BufferStateMachine`` without concurrency: the consumer, the parked reader and the reading
/// task are strings.
@Suite struct BufferStateMachineTests {
  struct Failure: Error, Equatable {}
  typealias Machine = BufferStateMachine<Int, Failure, String, String, String>

  /// A machine whose reading task runs and whose consumer is busy (not waiting).
  static func running(_ limit: BufferLimit) -> Machine {
    var machine = Machine(limit: limit)
    _ = machine.next()
    _ = machine.upstreamStarted("upstream")
    return machine
  }

  static func delivered(_ step: Machine.NextStep) -> Result<Int?, Failure>? {
    guard case .deliver(let outcome) = step.action else { return nil }
    return outcome
  }

  @Test func theFirstNextStartsTheReadingTask() {
    var machine = Machine(limit: .unbounded)
    #expect(machine.next().action == .startUpstream)
    #expect(machine.upstreamStarted("upstream") == nil)
    #expect(machine.next().action == .suspend)
  }

  @Test func aWaitingConsumerTakesTheElementDirectly() {
    var machine = Self.running(.bounded(2))
    #expect(machine.suspend("consumer").0 == nil)
    guard case .resumeConsumer("consumer", 1) = machine.upstreamProduced(1) else {
      Issue.record("the waiting consumer should take 1")
      return
    }
    #expect(machine.consumption.ready.isEmpty)
  }

  @Test func boundedReadsAheadUpToTheLimitThenParksUntilTheConsumerTakesOne() {
    var machine = Self.running(.bounded(2))
    guard case .read = machine.upstreamProduced(1) else {
      Issue.record("room for a second element")
      return
    }
    guard case .park = machine.upstreamProduced(2) else {
      Issue.record("full: the reader parks")
      return
    }
    #expect(machine.park("reader") == nil)
    let step = machine.next()
    #expect(Self.delivered(step) == .success(1))
    #expect(step.producer == "reader")
  }

  @Test func aReaderThatParksAfterTheConsumerMadeRoomReadsOnAtOnce() {
    var machine = Self.running(.bounded(1))
    guard case .park = machine.upstreamProduced(1) else {
      Issue.record("full: the reader parks")
      return
    }
    _ = machine.next()  // takes 1 before the reader parked
    #expect(machine.park("reader") == true)
  }

  @Test func unboundedNeverParks() {
    var machine = Self.running(.unbounded)
    for value in 1...100 {
      guard case .read = machine.upstreamProduced(value) else {
        Issue.record("unbounded never parks")
        return
      }
    }
    #expect(machine.consumption.ready.count == 100)
  }

  @Test func bufferingLatestKeepsTheNewest() {
    var machine = Self.running(.latest(2))
    for value in 1...5 { _ = machine.upstreamProduced(value) }
    #expect(machine.consumption.ready.elements == [4, 5])
  }

  @Test func bufferingOldestKeepsTheOldest() {
    var machine = Self.running(.oldest(2))
    for value in 1...5 { _ = machine.upstreamProduced(value) }
    #expect(machine.consumption.ready.elements == [1, 2])
  }

  @Test func theEndComesAfterTheBufferedElementsThenNil() {
    var machine = Self.running(.unbounded)
    _ = machine.upstreamProduced(1)
    _ = machine.upstreamProduced(2)
    #expect(machine.upstreamFailed(Failure()).consumer == nil)
    #expect(Self.delivered(machine.next()) == .success(1))
    #expect(Self.delivered(machine.next()) == .success(2))
    #expect(Self.delivered(machine.next()) == .failure(Failure()))
    #expect(Self.delivered(machine.next()) == .success(nil))
  }

  @Test func aWaitingConsumerGetsTheEndAtOnce() {
    var machine = Self.running(.bounded(3))
    _ = machine.suspend("consumer")
    let resumptions = machine.upstreamFinished()
    #expect(resumptions.consumer?.0 == "consumer")
    #expect(resumptions.consumer?.1 == .success(nil))
  }

  @Test func cancellationResumesTheConsumerAndTheParkedReaderAndCancelsTheReadingTask() {
    var machine = Self.running(.bounded(1))
    _ = machine.upstreamProduced(1)
    _ = machine.park("reader")
    let resumptions = machine.cancelled()
    #expect(resumptions.producer == "reader")
    #expect(resumptions.upstream == "upstream")
    guard case .stop = machine.upstreamProduced(2) else {
      Issue.record("after cancellation the reader stops")
      return
    }
    #expect(machine.park("reader") == false)
    #expect(Self.delivered(machine.next()) == .success(nil))
  }

  @Test func aReadingTaskStartedAfterCancellationIsCancelledAtOnce() {
    var machine = Machine(limit: .unbounded)
    _ = machine.next()
    _ = machine.cancelled()
    #expect(machine.upstreamStarted("upstream") == "upstream")
  }
}
