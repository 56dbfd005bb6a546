import Testing

@testable import AsyncOps

/// share on real threads: one upstream at full speed, many consumers at once, each with a seeded
/// plan; the upstream runs to its end or fails at a seeded position. Under the lossless policies
/// every consumer gets a contiguous run from the first element.
@Suite(.timeLimit(.minutes(3))) struct ShareReliabilityStressTests {
  static let elementCount = 3_000
  static let consumerCount = 8

  /// A shared upstream and its consumers, started; the shared sequence itself is already gone.
  struct Round: Sendable {
    var plans: [StressPlan]
    var tasks: [Task<Consumption<Int>, Never>]
    var probe: UpstreamProbe
    var storage: WeakWatch
    var failingAt: Int?
  }

  @Test(arguments: [AsyncShareBufferingPolicy.bounded(1), .bounded(8), .unbounded], [false, true])
  func everyConsumerGetsAContiguousRunThenTheEndOnceAndTheUpstreamEnds(
    policy: AsyncShareBufferingPolicy, upstreamFails: Bool
  ) async {
    var random = ShareSeededRandom(seed: upstreamFails ? 31 : 17)
    let failingAt = upstreamFails ? Int(random.next() % UInt64(Self.elementCount)) : nil
    let plans = (0..<Self.consumerCount).map { consumer in
      consumer == 0
        ? StressPlan.runToEnd
        : StressPlan.random(
          using: &random, elementCount: Self.elementCount, receivingLimit: Self.elementCount,
          allowingFailure: false)
    }
    let round = Self.start(plans, policy: policy, failingAt: failingAt, seed: random.next())
    let available = failingAt ?? Self.elementCount
    for (plan, task) in zip(plans, round.tasks) {
      let consumption = await task.value
      let received = consumption.elements
      let context = Comment(
        rawValue: "\(policy), \(plan), fails at \(String(describing: failingAt))")
      #expect(received == Array(0..<received.count), context)
      #expect(consumption.endedCleanly, context)
      let reachedEnd = received.count == available && consumption.ending != .dropped
      let end: Consumption<Int>.Ending =
        failingAt == nil ? .end : .failure("\(ProbeFailure(source: 0))")
      switch plan {
      case .runToEnd:
        #expect(reachedEnd && consumption.ending == end, context)
      case .cancelSelf(let count):
        #expect(received.count == count || reachedEnd, context)
      case .drop(let count):
        #expect((received.count == count && consumption.ending == .dropped) || reachedEnd, context)
      case .cancelFromUpstream(let element):
        // Cancelled when the upstream read `element`: it may still take that one.
        #expect(received.count <= element + 1 || reachedEnd, context)
      case .upstreamFails:
        Issue.record("the upstream's failure is the round's, not a consumer's plan")
      }
    }
    await eventually { round.probe.snapshot.live == 0 && !round.storage.isAlive }
    let counts = round.probe.snapshot
    #expect(counts.made == 1 && counts.live == 0)
    #expect(counts.failed == (upstreamFails ? 1 : 0))
  }

  /// Every consumer leaves early and the shared sequence is gone: under `.bounded` the upstream
  /// cannot run ahead, so it must be cancelled (or stopped) before its end.
  @Test(arguments: [AsyncShareBufferingPolicy.bounded(1), .bounded(8)])
  func theUpstreamIsStoppedOnceEveryConsumerLeftAndTheSequenceIsGone(
    policy: AsyncShareBufferingPolicy
  ) async {
    var random = ShareSeededRandom(seed: 5)
    let plans = (0..<Self.consumerCount).map { consumer -> StressPlan in
      let point = Int(random.next() % 200)
      switch consumer % 3 {
      case 0: return .cancelSelf(afterReceiving: point)
      case 1: return .cancelFromUpstream(atElement: point)
      default: return .drop(afterReceiving: point)
      }
    }
    let round = Self.start(plans, policy: policy, failingAt: nil, seed: random.next())
    for task in round.tasks { _ = await task.value }
    await eventually { round.probe.snapshot.live == 0 && !round.storage.isAlive }
    let counts = round.probe.snapshot
    #expect(counts.finished == 0)
    #expect(counts.cancelled + counts.abandoned == 1)
    #expect(counts.produced < 400)
  }

  /// Makes the shared sequence and every consumer's iterator (all registered before the first
  /// element), starts one task per consumer, and lets the sequence go.
  private static func start(
    _ plans: [StressPlan], policy: AsyncShareBufferingPolicy, failingAt: Int?, seed: UInt64
  ) -> Round {
    let probe = UpstreamProbe()
    let slots = plans.map { _ in TaskSlot<Consumption<Int>>() }
    let cancellations = zip(plans, slots).compactMap { plan, slot in
      plan.cancelledAt.map { (element: $0, slot: slot) }
    }
    var upstream = ProbedNumbers(
      count: elementCount, failingAt: failingAt, seed: seed, probe: probe)
    upstream.onElement = { element in
      for cancellation in cancellations where cancellation.element == element {
        cancellation.slot.cancel()
      }
    }
    let shared = upstream.share(bufferingPolicy: policy)
    let storage = WeakWatch(shared.lifetime.storage)
    // Every consumer registers before any of them starts (and so before the upstream starts):
    // each must then receive the run from element 0. Registering inside the loop below would let
    // an early consumer start the upstream before a later one registered.
    let iterators = plans.map { _ in shared.makeAsyncIterator() }
    let tasks = zip(zip(plans, slots), iterators).map { planAndSlot, iterator in
      let (plan, slot) = planAndSlot
      let task = Task {
        var iterator = iterator
        return await consume(&iterator, plan: plan)
      }
      slot.fill(task)
      return task
    }
    return Round(plans: plans, tasks: tasks, probe: probe, storage: storage, failingAt: failingAt)
  }
}
