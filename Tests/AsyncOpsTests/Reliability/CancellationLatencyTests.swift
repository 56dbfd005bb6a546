import AsyncOps
import AsyncOpsTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Cancelling a consumer ends it at once and stops what it started: the upstream reads, the
/// timers, the tasks. On virtual time "at once" is exact (no virtual time passes); on real
/// threads the consumer's task is awaited and the upstream's end is waited for (bounded by the
/// suite's time limit), and the latencies are measured, not asserted.
@Suite(.timeLimit(.minutes(1))) struct CancellationLatencyTests {
  /// What a virtual-time scenario showed. Collected inside `withVirtualTime` and checked outside
  /// it, where an expectation is attributed to the test.
  struct Observation: Sendable {
    var consumerWasBlocked = false
    var sleepersBeforeCancelling = 0
    var timePassed: [Duration] = []
    var log: [String] = []
    var sleepersAfter = 0
    var cancellations: [Int] = []
    var liveIterators: [Int] = []
    var waitingReads: [Int] = []
    var storageAlive = false
    var otherLogs: [[String]] = []
    var cancellationsOnceAllLeft: [Int] = []
    var storageAliveOnceAllLeft = false

    mutating func record(_ scenario: CancellationScenario, clock: TestClock) {
      log = scenario.log.values
      sleepersAfter = clock.sleeperCount
      cancellations = scenario.sources.map(\.cancellationCount)
      liveIterators = scenario.sources.map(\.liveIteratorCount)
      waitingReads = scenario.sources.map(\.waitingCount)
      storageAlive = scenario.storage.isAlive
    }
  }

  @Test(arguments: CancellationSubject.allCases)
  func cancellingAConsumerBlockedInNextEndsItWithoutTimePassingAndStopsItsUpstream(
    subject: CancellationSubject
  ) async throws {
    let seen = try await withVirtualTime { time in
      var seen = Observation()
      let scenario = CancellationScenario.make(
        subject, clock: time.clock, interval: .milliseconds(3))
      await time.settle()
      seen.consumerWasBlocked = scenario.blockedConsumerIsReady
      seen.sleepersBeforeCancelling = time.clock.sleeperCount
      let before = time.now
      scenario.consumer.cancel()
      await scenario.consumer.value
      seen.timePassed.append(before.duration(to: time.now))
      await time.settle()
      seen.timePassed.append(before.duration(to: time.now))
      seen.record(scenario, clock: time.clock)
      if subject == .shareOneOfThree {
        // The other two consumers still receive; once they are cancelled too, so is the upstream.
        scenario.sources[0].send("b")
        await time.settle()
        seen.otherLogs = scenario.otherLogs.map(\.values)
        for other in scenario.others { other.cancel() }
        await time.settle()
        seen.cancellationsOnceAllLeft = scenario.sources.map(\.cancellationCount)
        seen.storageAliveOnceAllLeft = scenario.storage.isAlive
      }
      return seen
    }
    #expect(seen.consumerWasBlocked)
    #expect(seen.sleepersBeforeCancelling == (subject == .debounceWithTimerSleeping ? 1 : 0))
    #expect(seen.timePassed == [.zero, .zero])
    #expect(seen.log.last == "|")
    #expect(seen.sleepersAfter == 0)
    let sourceCount = subject.sourceCount
    let cancels = subject.cancelsUpstream
    #expect(seen.cancellations == Array(repeating: cancels ? 1 : 0, count: sourceCount))
    #expect(seen.liveIterators == Array(repeating: cancels ? 0 : 1, count: sourceCount))
    #expect(seen.storageAlive == !cancels)
    if subject == .shareOneOfThree {
      #expect(seen.otherLogs == [["a", "b"], ["a", "b"]])
      #expect(seen.cancellationsOnceAllLeft == [1])
      #expect(!seen.storageAliveOnceAllLeft)
    }
  }

  /// A consumer cancelled while it is busy (not in `next()`) gets `nil` from its next `next()`
  /// even though an element became ready meanwhile, and its upstream is stopped then.
  /// AsyncCurrentValue is the one exception: the value ready then is still delivered (a
  /// deliberate rule, see `CurrentValueTests`), and the iteration ends right after it.
  @Test(arguments: CancellationSubject.allCases.filter { $0 != .debounceWithTimerParked })
  func aConsumerCancelledWhileBusyEndsAtItsNextNextAndStopsItsUpstream(
    subject: CancellationSubject
  ) async throws {
    let seen = try await withVirtualTime { time in
      var seen = Observation()
      let scenario = CancellationScenario.make(
        subject, clock: time.clock, interval: .milliseconds(3), busyAfterFirst: true)
      await time.advance(by: .milliseconds(3))  // debounce emits "a"
      switch subject {
      case .debounceWithTimerSleeping:
        scenario.sources[0].send("b")
        await time.advance(by: .milliseconds(3))  // "b" is due while the consumer is busy
        seen.sleepersBeforeCancelling = time.clock.sleeperCount
      case .currentValue:
        scenario.channel?.send("b")
      case .combineLatest2, .combineLatest3, .combineLatest4, .combineLatest6:
        scenario.sources[0].send("x")  // a tuple waits
      default:
        scenario.sources[0].send("b")  // buffered, or waiting in the source
      }
      await time.settle()
      let before = time.now
      scenario.consumer.cancel()
      scenario.gate?.open()
      await scenario.consumer.value
      seen.timePassed.append(before.duration(to: time.now))
      await time.settle()
      seen.record(scenario, clock: time.clock)
      for other in scenario.others { other.cancel() }
      return seen
    }
    #expect(seen.timePassed == [.zero])
    let first = seen.log.first ?? "nothing"
    #expect(seen.log == (subject == .currentValue ? [first, "b", "|"] : [first, "|"]))
    #expect(seen.sleepersAfter == 0)
    let sourceCount = subject.sourceCount
    if subject.cancelsUpstream {
      // A reader waiting to hand over an element (combineLatest) or for room (share) stops
      // without reading again; so the proof is that no read is pending and every task is gone.
      #expect(seen.waitingReads == Array(repeating: 0, count: sourceCount))
      #expect(!seen.storageAlive)
    } else {
      #expect(seen.cancellations == [0] && seen.liveIterators == [1])
    }
  }

  /// A consumer of a channel that a sender keeps updating, cancelled: it must end, not follow
  /// the sender for ever.
  @Test func aCancelledConsumerOfABusyChannelStopsAfterAtMostTheValueReadyThen() async {
    let channel = AsyncCurrentValue(0)
    let consumer = Task {
      var iterator = channel.makeAsyncIterator()
      withUnsafeCurrentTask { $0?.cancel() }
      var received: [Int] = []
      for value in 1...100 {  // a new value is ready at every `next()`
        guard let element = await iterator.next() else { break }
        received.append(element)
        channel.send(value)
      }
      return received
    }
    #expect(await consumer.value == [0])
  }

  static let realTimeTrials = 20

  @Test(arguments: CancellationSubject.allCases)
  func cancellingAConsumerBlockedInNextOnRealThreadsEndsItAndStopsItsUpstream(
    subject: CancellationSubject
  ) async {
    let clock = ContinuousClock()
    var consumerLatencies: [Duration] = []
    var upstreamLatencies: [Duration] = []
    for _ in 0..<Self.realTimeTrials {
      // An hour-long debounce: its timer must be cancelled, not waited for.
      let scenario = CancellationScenario.make(subject, clock: clock, interval: .seconds(3600))
      await eventually { scenario.blockedConsumerIsReady }
      let start = clock.now
      scenario.consumer.cancel()
      await scenario.consumer.value
      consumerLatencies.append(start.duration(to: clock.now))
      await eventually { Self.upstreamStopped(scenario) }
      upstreamLatencies.append(start.duration(to: clock.now))
      #expect(scenario.log.values.last == "|")
      Self.expectUpstreamStopped(scenario)
      for other in scenario.others {
        other.cancel()
        await other.value
      }
    }
    LatencyReport.print(subject, consumer: consumerLatencies, upstream: upstreamLatencies)
  }

  private static func upstreamStopped(_ scenario: CancellationScenario) -> Bool {
    let cancels = scenario.subject.cancelsUpstream
    return scenario.sources.allSatisfy {
      $0.cancellationCount == (cancels ? 1 : 0) && $0.liveIteratorCount == (cancels ? 0 : 1)
    } && (!cancels || !scenario.storage.isAlive)
  }

  private static func expectUpstreamStopped(
    _ scenario: CancellationScenario, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let cancels = scenario.subject.cancelsUpstream
    #expect(
      scenario.sources.map(\.cancellationCount)
        == Array(repeating: cancels ? 1 : 0, count: scenario.sources.count),
      sourceLocation: sourceLocation)
    #expect(
      scenario.sources.map(\.liveIteratorCount)
        == Array(repeating: cancels ? 0 : 1, count: scenario.sources.count),
      sourceLocation: sourceLocation)
    if cancels { #expect(!scenario.storage.isAlive, sourceLocation: sourceLocation) }
  }
}

/// Prints the measured cancellation latencies when `ASYNCOPS_LATENCY_REPORT` is set.
enum LatencyReport {
  static func print(_ subject: CancellationSubject, consumer: [Duration], upstream: [Duration]) {
    guard getenv("ASYNCOPS_LATENCY_REPORT") != nil else { return }
    Swift.print(
      "cancellation latency \(subject.rawValue): consumer \(summary(consumer)); "
        + "upstream stopped \(summary(upstream))")
  }

  /// Median, 90th percentile and maximum, in microseconds.
  static func summary(_ latencies: [Duration]) -> String {
    let sorted = latencies.sorted()
    guard !sorted.isEmpty else { return "no samples" }
    func microseconds(_ duration: Duration) -> Int {
      Int(duration.components.seconds * 1_000_000)
        + Int(duration.components.attoseconds / 1_000_000_000_000)
    }
    let median = microseconds(sorted[sorted.count / 2])
    let p90 = microseconds(sorted[min(sorted.count - 1, sorted.count * 9 / 10)])
    return "p50 \(median) µs, p90 \(p90) µs, max \(microseconds(sorted.last!)) µs"
  }
}
