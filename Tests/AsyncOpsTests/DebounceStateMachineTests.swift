import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Every transition of the debounce state machine, synchronously: no task, no lock, no clock.
/// Consumers, the timer and the upstream task are plain strings naming them.
@Suite struct DebounceStateMachineTests {
  private typealias Machine = DebounceStateMachine<
    String, TestSourceFailure, TestClock.Instant, String, String, String
  >

  private static let failure = TestSourceFailure(source: "upstream")

  private static func at(_ milliseconds: Int) -> TestClock.Instant {
    .zero.advanced(by: .milliseconds(milliseconds))
  }

  /// A machine whose consumer called `next()` and whose upstream task started.
  private static func running(interval: Int = 3) -> Machine {
    var machine = Machine(interval: .milliseconds(interval), origin: .zero)
    #expect(machine.next() == .startUpstream)
    #expect(machine.upstreamStarted("upstream") == nil)
    return machine
  }

  // MARK: next / suspend

  @Test func theFirstNextStartsTheUpstream() {
    var machine = Machine(interval: .milliseconds(3), origin: .zero)
    #expect(machine.next() == .startUpstream)
  }

  @Test func nextWithNothingReadySuspendsAndTheConsumerIsStored() {
    var machine = Self.running()
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.timerFired(at: Self.at(0)) == nil)
    #expect(machine.upstreamProduced("a", at: Self.at(0)) == .none)
    #expect(machine.timerFired(at: Self.at(3))! == ("consumer", "a"))
  }

  @Test func suspendDeliversWhatBecameReadySinceNext() throws {
    var machine = Self.running()
    #expect(machine.next() == .suspend)
    _ = machine.upstreamProduced("a", at: Self.at(0))
    #expect(machine.timerFired(at: Self.at(3)) == nil)  // nobody waits: a becomes due
    #expect(try machine.suspend("consumer")?.get() == "a")
  }

  @Test func nextAfterTheEndReturnsNil() throws {
    var machine = Self.running()
    _ = machine.upstreamFinished()
    #expect(machine.next() == .deliver(.success(nil)))
    #expect(machine.next() == .deliver(.success(nil)))
    #expect(try machine.suspend("consumer")?.get() == nil)
  }

  // MARK: upstreamStarted

  @Test func anUpstreamStartedAfterTheConsumerWasCancelledIsCancelledAtOnce() {
    var machine = Machine(interval: .milliseconds(3), origin: .zero)
    _ = machine.next()
    _ = machine.cancelled()
    #expect(machine.upstreamStarted("upstream") == "upstream")
  }

  // MARK: upstreamProduced

  @Test func anElementBecomesPendingWithItsArrivalPlusTheInterval() {
    var machine = Self.running()
    #expect(machine.upstreamProduced("a", at: Self.at(2)) == .none)
    #expect(machine.nextDeadline() == .sleep(until: Self.at(5)))
  }

  @Test func anElementReplacesThePendingOneAndMovesTheDeadline() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    #expect(machine.upstreamProduced("b", at: Self.at(2)) == .none)
    #expect(machine.nextDeadline() == .sleep(until: Self.at(5)))
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.timerFired(at: Self.at(5))! == ("consumer", "b"))
  }

  @Test func anElementWakesAParkedTimerWithItsDeadline() {
    var machine = Self.running()
    #expect(machine.nextDeadline() == .park)
    #expect(machine.park("timer") == nil)
    #expect(machine.upstreamProduced("a", at: Self.at(1)) == .resumeTimer("timer"))
    #expect(machine.nextDeadline() == .sleep(until: Self.at(4)))
    // The timer is active again: the next element does not resume it a second time.
    #expect(machine.upstreamProduced("b", at: Self.at(2)) == .none)
  }

  @Test func anElementAtThePendingDeadlineEmitsThePendingOneToTheWaitingConsumerFirst() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.upstreamProduced("b", at: Self.at(3)) == .resumeConsumer("consumer", "a"))
    #expect(machine.nextDeadline() == .sleep(until: Self.at(6)))
  }

  @Test func anElementAtThePendingDeadlineMakesThePendingOneDueForABusyConsumer() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    #expect(machine.upstreamProduced("b", at: Self.at(3)) == .none)
    #expect(machine.next() == .deliver(.success("a")))
    #expect(machine.next() == .suspend)
  }

  @Test func anElementAfterTheConsumerIsGoneStopsTheReader() {
    var machine = Self.running()
    _ = machine.cancelled()
    #expect(machine.upstreamProduced("a", at: Self.at(0)) == .stop)
  }

  // MARK: timer

  @Test func theTimerSleepsUntilThePendingDeadlineAndParksWithoutOne() {
    var machine = Self.running()
    #expect(machine.nextDeadline() == .park)
    _ = machine.upstreamProduced("a", at: Self.at(0))
    #expect(machine.nextDeadline() == .sleep(until: Self.at(3)))
  }

  @Test func aTimerParkingWhileAnElementIsPendingIsResumedAtOnce() {
    var machine = Self.running()
    #expect(machine.nextDeadline() == .park)
    _ = machine.upstreamProduced("a", at: Self.at(0))  // between nextDeadline and park
    #expect(machine.park("timer") == true)
  }

  @Test func aTimerParkingAfterTheEndIsStopped() {
    var machine = Self.running()
    _ = machine.upstreamFinished()
    #expect(machine.nextDeadline() == .stop)
    #expect(machine.park("timer") == false)
  }

  @Test func aTimerWakingBeforeTheMovedDeadlineEmitsNothingAndSleepsAgain() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    _ = machine.upstreamProduced("b", at: Self.at(1))
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.timerFired(at: Self.at(3)) == nil)
    #expect(machine.nextDeadline() == .sleep(until: Self.at(4)))
  }

  @Test func aTimerFiringAtTheDeadlineHandsThePendingElementToTheWaitingConsumer() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.timerFired(at: Self.at(3))! == ("consumer", "a"))
    #expect(machine.nextDeadline() == .park)
  }

  @Test func aNewerDueElementReplacesAnOlderOneTheBusyConsumerHasNotTaken() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    #expect(machine.timerFired(at: Self.at(3)) == nil)
    _ = machine.upstreamProduced("b", at: Self.at(4))
    #expect(machine.timerFired(at: Self.at(7)) == nil)
    #expect(machine.next() == .deliver(.success("b")))
    #expect(machine.next() == .suspend)
  }

  @Test func aTimerFiringAfterTheConsumerIsGoneDoesNothing() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    _ = machine.cancelled()
    #expect(machine.timerFired(at: Self.at(3)) == nil)
    #expect(machine.nextDeadline() == .stop)
  }

  // MARK: upstreamFinished

  @Test func aFinishHandsThePendingElementToTheWaitingConsumerThenEnds() throws {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    #expect(machine.suspend("consumer") == nil)
    let resumptions = machine.upstreamFinished()
    #expect(resumptions.consumer?.0 == "consumer")
    #expect(try resumptions.consumer?.1.get() == "a")
    #expect(machine.next() == .deliver(.success(nil)))
  }

  @Test func aFinishKeepsThePendingElementForABusyConsumerThenTheEnd() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    #expect(machine.upstreamFinished().consumer == nil)
    #expect(machine.next() == .deliver(.success("a")))
    #expect(machine.next() == .deliver(.success(nil)))
  }

  @Test func aFinishWithNothingPendingEndsTheWaitingConsumerAndTheParkedTimer() throws {
    var machine = Self.running()
    #expect(machine.park("timer") == nil)
    #expect(machine.suspend("consumer") == nil)
    let resumptions = machine.upstreamFinished()
    #expect(resumptions.consumer?.0 == "consumer")
    #expect(try resumptions.consumer?.1.get() == nil)
    #expect(resumptions.timer == "timer")
    #expect(resumptions.upstream == nil)
  }

  // MARK: upstreamFailed

  @Test func aFailureDropsThePendingElementAndFailsTheWaitingConsumer() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    #expect(machine.suspend("consumer") == nil)
    let resumptions = machine.upstreamFailed(Self.failure)
    #expect(resumptions.consumer?.0 == "consumer")
    #expect(throws: Self.failure) { try resumptions.consumer?.1.get() }
    #expect(machine.next() == .deliver(.success(nil)))
  }

  @Test func aFailureWhileTheConsumerIsBusyIsKeptForItsNextNext() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    #expect(machine.upstreamFailed(Self.failure).consumer == nil)
    #expect(machine.next() == .deliver(.failure(Self.failure)))
    #expect(machine.next() == .deliver(.success(nil)))
  }

  @Test func aFailureComesAfterAnElementAlreadyDueForABusyConsumer() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    _ = machine.timerFired(at: Self.at(3))
    _ = machine.upstreamFailed(Self.failure)
    #expect(machine.next() == .deliver(.success("a")))
    #expect(machine.next() == .deliver(.failure(Self.failure)))
  }

  @Test func aFailureStopsAParkedTimer() {
    var machine = Self.running()
    #expect(machine.park("timer") == nil)
    #expect(machine.upstreamFailed(Self.failure).timer == "timer")
    #expect(machine.nextDeadline() == .stop)
  }

  // MARK: cancelled

  @Test func cancellingResumesTheConsumerWithNilAndCancelsTheUpstreamAndTheParkedTimer() throws {
    var machine = Self.running()
    #expect(machine.park("timer") == nil)
    #expect(machine.suspend("consumer") == nil)
    let resumptions = machine.cancelled()
    #expect(resumptions.consumer?.0 == "consumer")
    #expect(try resumptions.consumer?.1.get() == nil)
    #expect(resumptions.timer == "timer")
    #expect(resumptions.upstream == "upstream")
    #expect(machine.next() == .deliver(.success(nil)))
  }

  @Test func cancellingASleepingTimerLeavesItToTheUpstreamTasksCancellation() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    let resumptions = machine.cancelled()
    #expect(resumptions.timer == nil)
    #expect(resumptions.consumer == nil)
    #expect(resumptions.upstream == "upstream")
  }

  @Test func cancellingBeforeTheFirstNextStartsNothing() {
    var machine = Machine(interval: .milliseconds(3), origin: .zero)
    let resumptions = machine.cancelled()
    #expect(resumptions.upstream == nil)
    #expect(machine.next() == .deliver(.success(nil)))
  }

  @Test func cancellingTwiceDoesNothingTheSecondTime() {
    var machine = Self.running()
    _ = machine.cancelled()
    let second = machine.cancelled()
    #expect(second.upstream == nil)
    #expect(second.consumer == nil)
    #expect(second.timer == nil)
  }

  @Test func endsAfterTheConsumerIsGoneAreIgnored() {
    var machine = Self.running()
    _ = machine.cancelled()
    #expect(machine.upstreamFinished().consumer == nil)
    #expect(machine.upstreamFailed(Self.failure).consumer == nil)
    #expect(machine.next() == .deliver(.success(nil)))
  }
}
