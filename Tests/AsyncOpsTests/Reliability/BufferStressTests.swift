import Testing

@testable import AsyncOps

/// buffer(policy:) on real threads: many buffered upstreams at full speed at once, each consumer
/// with a seeded plan (run to the end, cancel itself, be cancelled from the upstream, drop its
/// iterator, see a failure) and a seeded policy. What is asserted holds however the threads
/// interleave: the lossless policies deliver every element in order, the dropping ones an
/// in-order subsequence; the failure comes after the elements before it; and no task or upstream
/// iterator is left.
@Suite(.timeLimit(.minutes(3))) struct BufferStressTests {
  static let elementCount = 2_000
  static let consumerCount = 12

  @Test(arguments: [UInt64(1), 2, 3])
  func bufferStress_inOrderNothingLostByTheLosslessPoliciesAndNoTaskLeft(seed: UInt64) async {
    var random = ShareSeededRandom(seed: seed * 6_113)
    var runs: [(StressPlan, BufferLimit, UpstreamProbe, WeakWatch, Task<Consumption<Int>, Never>)] =
      []
    for consumer in 0..<Self.consumerCount {
      let plan =
        consumer < 2
        ? .runToEnd
        : StressPlan.random(using: &random, elementCount: Self.elementCount, receivingLimit: 50)
      let limit = Int(random.next() % 8) + 1
      let (policy, machineLimit): (AsyncBufferSequencePolicy, BufferLimit) =
        switch random.next() % 4 {
        case 0: (.bounded(limit), .bounded(limit))
        case 1: (.unbounded, .unbounded)
        case 2: (.bufferingLatest(limit), .latest(limit))
        default: (.bufferingOldest(limit), .oldest(limit))
        }
      let probe = UpstreamProbe(keepingLog: true)
      let storage = WeakWatch()
      let slot = TaskSlot<Consumption<Int>>()
      var upstream = ProbedNumbers(
        count: Self.elementCount, failingAt: plan.failingAt, seed: random.next(), probe: probe)
      if let cancelledAt = plan.cancelledAt {
        upstream.onElement = { if $0 == cancelledAt { slot.cancel() } }
      }
      let buffered = upstream.buffer(policy: policy)
      let task = Task {
        var iterator = buffered.makeAsyncIterator()
        storage.watch(iterator.lifetime!.storage)
        return await consume(&iterator, plan: plan)
      }
      slot.fill(task)
      runs.append((plan, machineLimit, probe, storage, task))
    }
    for (plan, limit, probe, storage, task) in runs {
      let consumption = await task.value
      await eventually { probe.snapshot.live == 0 && !storage.isAlive }
      check(plan: plan, limit: limit, consumption: consumption, probe: probe)
    }
  }

  private func check(
    plan: StressPlan, limit: BufferLimit, consumption: Consumption<Int>, probe: UpstreamProbe
  ) {
    let output = consumption.elements
    let counts = probe.snapshot
    let context = Comment(rawValue: "\(plan), \(limit)")
    let lossless = limit == .unbounded || { if case .bounded = limit { true } else { false } }()
    let neverAsked = [.cancelSelf(afterReceiving: 0), .drop(afterReceiving: 0)].contains(plan)
    #expect(counts.made == (neverAsked ? 0 : 1), context)
    #expect(counts.live == 0, context)
    #expect(consumption.endedCleanly, context)
    #expect(output.isStrictlyIncreasing, context)
    if lossless { #expect(output == Array(0..<output.count), context) }
    switch plan {
    case .runToEnd:
      #expect(consumption.ending == .end && counts.finished == 1, context)
      if lossless { #expect(output.count == Self.elementCount, context) }
      if case .latest = limit { #expect(output.last == Self.elementCount - 1, context) }
      if case .oldest = limit { #expect(output.first == 0, context) }
    case .cancelSelf(let count), .drop(let count):
      #expect(output.count <= count, context)
    case .cancelFromUpstream:
      #expect(consumption.ending == .end, context)
    case .upstreamFails(let element):
      #expect(consumption.ending == .failure("\(ProbeFailure(source: 0))"), context)
      #expect(output.allSatisfy { $0 < element } && counts.failed == 1, context)
      if lossless { #expect(output.count == element, context) }
    }
  }
}
