import Testing

@testable import AsyncOps

/// debounce on real threads and the real `ContinuousClock`: many debounced upstreams at full
/// speed at once, each consumer with a seeded plan. The timer really sleeps (a few microseconds),
/// so which elements are emitted varies from run to run; what is asserted does not. The rules
/// hold with the options `leading:` and `maxWait:` too (Debounce rule 10).
@Suite(.timeLimit(.minutes(3))) struct DebounceStressTests {
  static let elementCount = 2_000
  static let consumerCount = 12

  struct Run: Sendable {
    var plan: StressPlan
    var consumption: Consumption<Int>
    var probe: UpstreamProbe
    var storage: WeakWatch
  }

  /// The options of Debounce rules 8–10, as (`leading`, `maxWait` in microseconds).
  static let options: [(Bool, Int64?)] = [
    (false, nil), (false, nil), (true, nil), (false, 30), (true, 30),
  ]

  @Test(arguments: zip([UInt64(1), 2, 3, 4, 5], options.indices))
  func theOutputIsAnInOrderSubsequenceEndingWithTheLastElementAndNoTaskOutlivesIt(
    seed: UInt64, optionsIndex: Int
  ) async {
    let (leading, maxWait) = Self.options[optionsIndex]
    var random = ShareSeededRandom(seed: seed * 104_729)
    var runs: [(Run, Task<Consumption<Int>, Never>)] = []
    for consumer in 0..<Self.consumerCount {
      let plan =
        consumer < 2
        ? .runToEnd
        : StressPlan.random(using: &random, elementCount: Self.elementCount, receivingLimit: 3)
      let probe = UpstreamProbe(keepingLog: true)
      let storage = WeakWatch()
      let slot = TaskSlot<Consumption<Int>>()
      var upstream = ProbedNumbers(
        count: Self.elementCount, failingAt: plan.failingAt, seed: random.next(), probe: probe)
      if let cancelledAt = plan.cancelledAt {
        upstream.onElement = { if $0 == cancelledAt { slot.cancel() } }
      }
      // A few microseconds: the timer fires now and then while the upstream runs at full speed.
      let interval = Duration.microseconds(Int64(random.next() % 20 + 1))
      let debounced = upstream.debounce(
        for: interval, leading: leading, maxWait: maxWait.map { .microseconds($0) })
      let task = Task {
        var iterator = debounced.makeAsyncIterator()
        storage.watch(iterator.lifetime!.storage)
        return await consume(&iterator, plan: plan)
      }
      slot.fill(task)
      runs.append(
        (Run(plan: plan, consumption: Consumption(), probe: probe, storage: storage), task))
    }
    for (var run, task) in runs {
      run.consumption = await task.value
      // The storage is held by the reading task and its timer child until both have ended.
      await eventually { run.probe.snapshot.live == 0 && !run.storage.isAlive }
      check(run)
    }
  }

  private func check(_ run: Run) {
    let output = run.consumption.elements
    let input = run.probe.produced
    let counts = run.probe.snapshot
    let context = Comment(rawValue: "\(run.plan)")
    // A consumer cancelled before its first `next()` never starts reading.
    let neverAsked = [.cancelSelf(afterReceiving: 0), .drop(afterReceiving: 0)].contains(run.plan)
    #expect(counts.made == (neverAsked ? 0 : 1), context)
    #expect(counts.live == 0, context)
    #expect(run.consumption.endedCleanly, context)
    // The input is 0, 1, 2, …: the output is a subsequence of it, in order, without repeats.
    #expect(output.isStrictlyIncreasing, context)
    #expect(output.allSatisfy { $0 <= (input.last ?? -1) }, context)
    switch run.plan {
    case .runToEnd:
      #expect(input.count == Self.elementCount, context)
      #expect(output.last == Self.elementCount - 1, context)  // flushed at the finish
      #expect(run.consumption.ending == .end && counts.finished == 1, context)
    case .cancelSelf(let count):
      // A consumer cancelled while it is not waiting gets `nil` from its next `next()` — or
      // fewer elements when the upstream ended first, the last one flushed.
      #expect(run.consumption.ending == .end, context)
      #expect(output.count == count || output.last == Self.elementCount - 1, context)
      #expect(output.count <= count, context)
    case .drop(let count):
      let dropped = output.count == count && run.consumption.ending == .dropped
      let ended = output.last == Self.elementCount - 1 && run.consumption.ending == .end
      #expect(dropped || ended, context)
      #expect(output.count <= count, context)
    case .cancelFromUpstream(let element):
      #expect(run.consumption.ending == .end, context)
      #expect(output.allSatisfy { $0 <= element }, context)
    case .upstreamFails(let element):
      #expect(run.consumption.ending == .failure("\(ProbeFailure(source: 0))"), context)
      #expect(output.allSatisfy { $0 < element } && counts.failed == 1, context)
    }
  }
}
