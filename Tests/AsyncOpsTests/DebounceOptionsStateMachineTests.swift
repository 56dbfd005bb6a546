import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// The transitions of `leading:` and `maxWait:` in the debounce state machine (Debounce rules
/// 8–10).
@Suite struct DebounceOptionsStateMachineTests {
  private typealias Machine = DebounceStateMachine<
    String, TestSourceFailure, TestClock.Instant, String, String, String
  >

  private static func at(_ milliseconds: Int) -> TestClock.Instant {
    .zero.advanced(by: .milliseconds(milliseconds))
  }

  private static func running(leading: Bool = false, maxWait: Int? = nil) -> Machine {
    var machine = Machine(
      interval: .milliseconds(3), origin: .zero, leading: leading,
      maxWait: maxWait.map { .milliseconds($0) })
    #expect(machine.next() == .startUpstream)
    #expect(machine.upstreamStarted("upstream") == nil)
    return machine
  }

  @Test func debounceRule8_theElementStartingABurstGoesToTheWaitingConsumerAtOnce() {
    var machine = Self.running(leading: true)
    #expect(machine.park("timer") == nil)
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.upstreamProduced("a", at: Self.at(0)) == .resumeConsumer("consumer", "a"))
    #expect(machine.nextDeadline() == .park)  // nothing pending: the timer stays parked
  }

  @Test func debounceRule8_laterElementsOfTheBurstAreDebounced() {
    var machine = Self.running(leading: true)
    #expect(machine.park("timer") == nil)
    _ = machine.upstreamProduced("a", at: Self.at(0))
    #expect(machine.next() == .deliver(.success("a")))
    #expect(machine.upstreamProduced("b", at: Self.at(1)) == .resumeTimer("timer"))
    #expect(machine.nextDeadline() == .sleep(until: Self.at(4)))
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.timerFired(at: Self.at(4))! == ("consumer", "b"))
  }

  @Test func debounceRule8_anElementAtTheDeadlineOfAnEmptyBurstStartsANewOne() {
    var machine = Self.running(leading: true)
    _ = machine.upstreamProduced("a", at: Self.at(0))
    _ = machine.next()
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.upstreamProduced("b", at: Self.at(3)) == .resumeConsumer("consumer", "b"))
  }

  @Test func debounceRule9_maxWaitCapsTheDeadlineAtTheBurstStartPlusM() {
    var machine = Self.running(maxWait: 5)
    _ = machine.upstreamProduced("a", at: Self.at(0))
    #expect(machine.nextDeadline() == .sleep(until: Self.at(3)))
    _ = machine.upstreamProduced("b", at: Self.at(2))
    #expect(machine.nextDeadline() == .sleep(until: Self.at(5)))
    _ = machine.upstreamProduced("c", at: Self.at(4))
    #expect(machine.nextDeadline() == .sleep(until: Self.at(5)))
    #expect(machine.suspend("consumer") == nil)
    #expect(machine.timerFired(at: Self.at(5))! == ("consumer", "c"))
  }

  @Test func debounceRule9_aNewBurstStartsAfterTheCappedEmission() {
    var machine = Self.running(maxWait: 5)
    _ = machine.upstreamProduced("a", at: Self.at(0))
    _ = machine.upstreamProduced("b", at: Self.at(4))
    _ = machine.timerFired(at: Self.at(5))
    _ = machine.upstreamProduced("c", at: Self.at(5))
    #expect(machine.nextDeadline() == .sleep(until: Self.at(8)))
    _ = machine.upstreamProduced("d", at: Self.at(9))  // the burst of c ended at 8
    #expect(machine.next() == .deliver(.success("c")))
    #expect(machine.nextDeadline() == .sleep(until: Self.at(12)))
  }

  @Test func debounceRule9_aMaxWaitShorterThanTheIntervalCountsAsTheInterval() {
    var machine = Self.running(maxWait: 1)
    _ = machine.upstreamProduced("a", at: Self.at(0))
    _ = machine.upstreamProduced("b", at: Self.at(1))
    #expect(machine.nextDeadline() == .sleep(until: Self.at(3)))
  }

  @Test func debounceRule10_theFinishFlushesThePendingElementWithOptions() {
    var machine = Self.running(leading: true, maxWait: 5)
    _ = machine.upstreamProduced("a", at: Self.at(0))
    _ = machine.upstreamProduced("b", at: Self.at(1))
    _ = machine.upstreamFinished()
    #expect(machine.next() == .deliver(.success("b")))
    #expect(machine.next() == .deliver(.success(nil)))
  }
}
