import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Every transition of the throttle state machine, synchronously: no task, no lock, no clock.
@Suite struct ThrottleStateMachineTests {
  private typealias Machine = ThrottleStateMachine<
    String, TestSourceFailure, TestClock.Instant, String, String, String
  >

  private static let failure = TestSourceFailure(source: "upstream")

  private static func at(_ milliseconds: Int) -> TestClock.Instant {
    .zero.advanced(by: .milliseconds(milliseconds))
  }

  /// A machine (D = 3) whose consumer called `next()` and whose upstream task started.
  private static func running(latest: Bool = true) -> Machine {
    var machine = Machine(interval: .milliseconds(3), origin: .zero, latest: latest)
    #expect(machine.next() == .startUpstream)
    #expect(machine.upstreamStarted("upstream") == nil)
    return machine
  }

  @Test func throttleRule1_theFirstElementGoesToTheWaitingConsumerAtOnce() {
    var machine = Self.running()
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.upstreamProduced("a", at: Self.at(5)) == .resumeConsumer("consumer", "a"))
    #expect(machine.nextDeadline() == .park)
  }

  @Test func throttleRule1_anElementEmittedAtOnceIsDueForABusyConsumer() {
    var machine = Self.running()
    #expect(machine.upstreamProduced("a", at: Self.at(0)) == .none)
    #expect(machine.next() == .deliver(.success("a")))
  }

  @Test func throttleRule1_anElementAtLeastAnIntervalAfterTheLastEmissionIsEmittedAtOnce() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    #expect(machine.next() == .deliver(.success("a")))
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.upstreamProduced("b", at: Self.at(3)) == .resumeConsumer("consumer", "b"))
  }

  @Test func throttleRule2_anElementWithinTheIntervalIsPendingUntilLastEmissionPlusD() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(1))
    #expect(machine.park("timer") == nil)
    #expect(machine.upstreamProduced("b", at: Self.at(2)) == .resumeTimer("timer"))
    #expect(machine.nextDeadline() == .sleep(until: Self.at(4)))
  }

  @Test func throttleRule2_latestReplacesThePendingElementAndKeepsItsDeadline() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    _ = machine.next()
    _ = machine.upstreamProduced("b", at: Self.at(1))
    #expect(machine.upstreamProduced("c", at: Self.at(2)) == .none)
    #expect(machine.nextDeadline() == .sleep(until: Self.at(3)))
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.timerFired(at: Self.at(3))! == ("consumer", "c"))
  }

  @Test func throttleRule2_latestFalseKeepsTheFirstPendingElement() {
    var machine = Self.running(latest: false)
    _ = machine.upstreamProduced("a", at: Self.at(0))
    _ = machine.next()
    _ = machine.upstreamProduced("b", at: Self.at(1))
    _ = machine.upstreamProduced("c", at: Self.at(2))
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.timerFired(at: Self.at(3))! == ("consumer", "b"))
  }

  @Test func throttleRule3_anElementAtTheDueInstantComesAfterThePendingOne() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    _ = machine.next()
    _ = machine.upstreamProduced("b", at: Self.at(1))
    #expect(machine.suspend("consumer") == nil)
    // The timer has not run yet: the element at 3 emits b first, then waits until 3 + 3.
    #expect(machine.upstreamProduced("c", at: Self.at(3)) == .resumeConsumer("consumer", "b"))
    #expect(machine.nextDeadline() == .sleep(until: Self.at(6)))
  }

  @Test func throttleRule3_aTimerEmissionSetsTheLastEmissionToItsDueInstant() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    _ = machine.next()
    _ = machine.upstreamProduced("b", at: Self.at(1))
    #expect(machine.timerFired(at: Self.at(3)) == nil)  // b is due for the busy consumer
    _ = machine.upstreamProduced("c", at: Self.at(5))
    #expect(machine.nextDeadline() == .sleep(until: Self.at(6)))
  }

  @Test func throttleRule4_aFinishWaitsForThePendingElementThenFollowsIt() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    _ = machine.next()
    _ = machine.upstreamProduced("b", at: Self.at(1))
    #expect(machine.upstreamFinished().consumer == nil)
    #expect(machine.needsTimerAfterUpstreamEnded)
    #expect(machine.nextDeadline() == .sleep(until: Self.at(3)))
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.timerFired(at: Self.at(3))! == ("consumer", "b"))
    #expect(machine.nextDeadline() == .stop)
    #expect(machine.next() == .deliver(.success(nil)))
  }

  @Test func throttleRule4_aFinishWithNothingPendingEndsTheWaitingConsumerAndTheTimer() throws {
    var machine = Self.running()
    #expect(machine.park("timer") == nil)
    #expect(machine.suspend("consumer") == nil)
    let resumptions = machine.upstreamFinished()
    #expect(resumptions.consumer?.0 == "consumer")
    #expect(try resumptions.consumer?.1.get() == nil)
    #expect(resumptions.timer == "timer")
    #expect(!machine.needsTimerAfterUpstreamEnded)
  }

  @Test func throttleRule5_aFailureDropsThePendingElementAndIsKeptForABusyConsumer() {
    var machine = Self.running()
    _ = machine.upstreamProduced("a", at: Self.at(0))
    _ = machine.upstreamProduced("b", at: Self.at(1))
    _ = machine.upstreamFailed(Self.failure)
    #expect(machine.next() == .deliver(.success("a")))
    #expect(machine.next() == .deliver(.failure(Self.failure)))
    #expect(machine.next() == .deliver(.success(nil)))
  }

  @Test func throttleRule6_cancellingReleasesTheConsumerTheTimerAndTheUpstream() throws {
    var machine = Self.running()
    #expect(machine.park("timer") == nil)
    #expect(machine.suspend("consumer") == nil)
    let resumptions = machine.cancelled()
    #expect(try resumptions.consumer?.1.get() == nil)
    #expect(resumptions.timer == "timer")
    #expect(resumptions.upstream == "upstream")
    #expect(machine.upstreamProduced("a", at: Self.at(0)) == .stop)
    #expect(machine.nextDeadline() == .stop)
  }
}
