import AsyncOps
import Testing

/// removeDuplicates on real threads: many consumers at once, each over its own upstream at full
/// speed with a seeded plan. The operator reads in the consumer's task, so every element the
/// upstream handed out was either emitted or dropped as a duplicate: nothing is lost in between.
@Suite(.timeLimit(.minutes(3))) struct RemoveDuplicatesStressTests {
  static let elementCount = 3_000
  static let consumerCount = 12

  @Test func theOutputIsExactlyTheDeduplicatedInputAndEveryUpstreamEnds() async {
    var random = ShareSeededRandom(seed: 2_147_483_647)
    var runs: [(StressPlan, UpstreamProbe, Task<Consumption<Int>, Never>)] = []
    for consumer in 0..<Self.consumerCount {
      let plan =
        consumer == 0
        ? StressPlan.runToEnd
        : StressPlan.random(
          using: &random, elementCount: Self.elementCount, receivingLimit: Self.elementCount / 3)
      let probe = UpstreamProbe(keepingLog: true)
      let slot = TaskSlot<Consumption<Int>>()
      var upstream = ProbedNumbers(
        count: Self.elementCount, failingAt: plan.failingAt, seed: random.next(), probe: probe)
      if let cancelledAt = plan.cancelledAt {
        upstream.onElement = { if $0 == cancelledAt { slot.cancel() } }
      }
      // 0, 1, 2 are duplicates of each other, and 3, 4, 5, …: 0, 3, 6, … are emitted.
      let deduplicated = upstream.removeDuplicates { $0 / 3 == $1 / 3 }
      let task = Task {
        var iterator = deduplicated.makeAsyncIterator()
        return await consume(&iterator, plan: plan)
      }
      slot.fill(task)
      runs.append((plan, probe, task))
    }
    for (plan, probe, task) in runs {
      let consumption = await task.value
      let context = Comment(rawValue: "\(plan)")
      let input = probe.produced
      let expected = input.filter { $0.isMultiple(of: 3) }
      #expect(consumption.elements == expected || consumption.ending == .dropped, context)
      #expect(consumption.endedCleanly, context)
      await eventually { probe.snapshot.live == 0 }
      switch plan {
      case .runToEnd:
        #expect(input.count == Self.elementCount && consumption.ending == .end, context)
      case .cancelSelf(let count), .drop(let count):
        #expect(consumption.elements.count == count, context)
      case .cancelFromUpstream(let element):
        #expect(input.last == element && consumption.ending == .end, context)
      case .upstreamFails(let element):
        #expect(consumption.ending == .failure("\(ProbeFailure(source: 0))"), context)
        #expect(input.count == element, context)
      }
    }
  }
}
