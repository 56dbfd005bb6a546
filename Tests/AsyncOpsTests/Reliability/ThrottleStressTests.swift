import Testing

@testable import AsyncOps

/// throttle on real threads and the real `ContinuousClock`: many throttled upstreams at full
/// speed at once, each consumer with a seeded plan. Which elements are emitted varies from run to
/// run; what is asserted does not.
@Suite(.timeLimit(.minutes(3))) struct ThrottleStressTests {
  static let elementCount = 2_000
  static let consumerCount = 12

  @Test(arguments: [UInt64(1), 2])
  func throttleStress_anInOrderSubsequenceEndingWithTheLastElementAndNoTaskLeft(
    seed: UInt64
  ) async {
    var random = ShareSeededRandom(seed: seed * 7_919)
    var runs: [(StressPlan, Bool, UpstreamProbe, WeakWatch, Task<Consumption<Int>, Never>)] = []
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
      let interval = Duration.microseconds(Int64(random.next() % 20 + 1))
      let latest = random.next() % 2 == 0
      let throttled = upstream.throttle(for: interval, latest: latest)
      let task = Task {
        var iterator = throttled.makeAsyncIterator()
        storage.watch(iterator.lifetime!.storage)
        return await consume(&iterator, plan: plan)
      }
      slot.fill(task)
      runs.append((plan, latest, probe, storage, task))
    }
    for (plan, latest, probe, storage, task) in runs {
      let consumption = await task.value
      await eventually { probe.snapshot.live == 0 && !storage.isAlive }
      check(plan: plan, latest: latest, consumption: consumption, probe: probe)
    }
  }

  private func check(
    plan: StressPlan, latest: Bool, consumption: Consumption<Int>, probe: UpstreamProbe
  ) {
    let output = consumption.elements
    let input = probe.produced
    let counts = probe.snapshot
    let context = Comment(rawValue: "\(plan)")
    let neverAsked = [.cancelSelf(afterReceiving: 0), .drop(afterReceiving: 0)].contains(plan)
    #expect(counts.made == (neverAsked ? 0 : 1), context)
    #expect(counts.live == 0, context)
    #expect(consumption.endedCleanly, context)
    #expect(output.isStrictlyIncreasing, context)
    #expect(output.allSatisfy { $0 <= (input.last ?? -1) }, context)
    switch plan {
    case .runToEnd:
      // The first element is emitted at once. With `latest`, the last one is emitted at once or
      // is the pending element, which is still emitted after the finish.
      #expect(output.first == 0, context)
      if latest { #expect(output.last == Self.elementCount - 1, context) }
      #expect(consumption.ending == .end && counts.finished == 1, context)
    case .cancelSelf(let count), .drop(let count):
      #expect(output.count <= count, context)
    case .cancelFromUpstream(let element):
      #expect(consumption.ending == .end, context)
      #expect(output.allSatisfy { $0 <= element }, context)
    case .upstreamFails(let element):
      #expect(consumption.ending == .failure("\(ProbeFailure(source: 0))"), context)
      #expect(output.allSatisfy { $0 < element } && counts.failed == 1, context)
    }
  }
}
