import Synchronization
import Testing

@testable import AsyncOps

/// mapLatest and flatMapLatest on real threads: many upstreams at full speed at once, each
/// consumer with a seeded plan, transforms that yield a seeded number of times (so a newer element
/// often cancels a running one). Asserted: the output is an in-order subsequence of the input, a
/// finished run ends with the last element, an upstream failure is never lost, and no upstream
/// iterator, transform task or storage is left behind.
@Suite(.timeLimit(.minutes(3))) struct MapLatestStressTests {
  static let elementCount = 1_000
  static let consumerCount = 12

  @Test(arguments: [(UInt64(1), false), (2, false), (1, true), (2, true)])
  func mapLatestStress_anInOrderSubsequenceNoLostErrorAndNoTaskLeft(
    seed: UInt64, flat: Bool
  ) async {
    var random = ShareSeededRandom(seed: seed * 15_485_863)
    let transforms = LiveTransforms()
    var runs: [(StressPlan, UpstreamProbe, WeakWatch, Task<Consumption<Int>, Never>)] = []
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
      let yields = Int(random.next() % 3)
      let task: Task<Consumption<Int>, Never>
      if flat {
        let mapped = upstream.flatMapLatest { element in
          transforms.counted(element, yields: yields)
        }
        task = Task {
          var iterator = mapped.makeAsyncIterator()
          storage.watch(iterator.lifetime.storage)
          return await consume(&iterator, plan: plan)
        }
      } else {
        let mapped = upstream.mapLatest { element in
          await transforms.run(element, yields: yields)
        }
        task = Task {
          var iterator = mapped.makeAsyncIterator()
          storage.watch(iterator.lifetime.storage)
          return await consume(&iterator, plan: plan)
        }
      }
      slot.fill(task)
      runs.append((plan, probe, storage, task))
    }
    for (plan, probe, storage, task) in runs {
      let consumption = await task.value
      await eventually { probe.snapshot.live == 0 && !storage.isAlive }
      check(plan: plan, consumption: consumption, probe: probe)
    }
    await eventually { transforms.live == 0 }
  }

  private func check(plan: StressPlan, consumption: Consumption<Int>, probe: UpstreamProbe) {
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
      // The finish waits for the last transform: its result always arrives.
      #expect(output.last == Self.elementCount - 1, context)
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

/// Counts the transforms (and inner sequences) that are running, to prove none is left behind.
private final class LiveTransforms: Sendable {
  private let count = Atomic(0)

  var live: Int { count.load(ordering: .sequentiallyConsistent) }

  /// A transform: yields `yields` times (a window for a newer element to cancel it), then
  /// returns `element`.
  func run(_ element: Int, yields: Int) async -> Int {
    count.add(1, ordering: .sequentiallyConsistent)
    defer { count.subtract(1, ordering: .sequentiallyConsistent) }
    for _ in 0..<yields { await Task.yield() }
    return element
  }

  /// An inner sequence of the one element, counted while it is iterated.
  func counted(_ element: Int, yields: Int) -> CountedInner {
    CountedInner(element: element, yields: yields, transforms: self)
  }

  struct CountedInner: AsyncSequence, Sendable {
    typealias Element = Int
    typealias Failure = Never
    let element: Int
    let yields: Int
    let transforms: LiveTransforms

    struct Iterator: AsyncIteratorProtocol {
      let inner: CountedInner
      var done = false

      mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Int? {
        guard !done else { return nil }
        done = true
        return await inner.transforms.run(inner.element, yields: inner.yields)
      }

      mutating func next() async -> Int? { await next(isolation: nil) }
    }

    func makeAsyncIterator() -> Iterator { Iterator(inner: self) }
  }
}
