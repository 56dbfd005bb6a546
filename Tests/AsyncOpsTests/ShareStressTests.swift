@_spi(Testing) import AsyncOps
import AsyncOpsTesting
import Testing

/// Many consumers joining and leaving at seeded random points while the upstream runs: under a
/// lossless policy each receives exactly the contiguous run produced while it was registered.
@Suite struct ShareStressTests {
  /// How a consumer of the stress test leaves.
  enum Leaving: Sendable {
    /// Iterates until the upstream finishes.
    case stays
    /// Stops after this many elements (its iterator is dropped).
    case breaksAfter(Int)
    /// Its task is cancelled once this many elements have been sent.
    case cancelledAt(Int)
  }

  struct Plan: Sendable {
    var joinsAt: Int
    var leaving: Leaving
    var paceSeed: UInt64
  }

  /// What one consumer received, and what the upstream had produced when it joined and left.
  struct Outcome: Sendable {
    var plan: Plan
    var producedAtJoin: Int
    var producedAtCancel: Int?
    var received: [Int]
  }

  static let elementCount = 10_000
  static let consumerCount = 16

  @Test(arguments: [
    AsyncShareBufferingPolicy.bounded(1), .bounded(8), .unbounded,
  ])
  func consumersJoiningAndLeavingAtRandomReceiveExactlyTheRunProducedWhileRegistered(
    policy: AsyncShareBufferingPolicy
  ) async throws {
    var random = ShareSeededRandom(seed: 0x5EED_0005)
    let plans = (0..<Self.consumerCount).map { _ in Self.plan(using: &random) }
    let outcomes = try await Self.run(plans, policy: policy, seed: random.next())
    #expect(outcomes.count == Self.consumerCount)
    for (index, outcome) in outcomes.enumerated() {
      let start = outcome.producedAtJoin
      let received = Run(outcome.received)
      switch outcome.plan.leaving {
      case .stays:
        #expect(received == Run(start..<Self.elementCount), "consumer \(index)")
      case .breaksAfter(let count):
        let end = min(start + count, Self.elementCount)
        #expect(received == Run(start..<end), "consumer \(index)")
      case .cancelledAt:
        let end = outcome.producedAtCancel ?? Self.elementCount
        #expect(received == Run(start..<start + received.count), "consumer \(index)")
        #expect(start + received.count <= end, "consumer \(index)")
        if outcome.producedAtCancel == nil {  // the upstream finished first
          #expect(received == Run(start..<Self.elementCount), "consumer \(index)")
        }
      }
    }
    #expect(outcomes.contains { $0.received.count > 1_000 })  // the test is not vacuous
  }

  /// A received sequence, compared and printed as a range when it is one.
  struct Run: Equatable, CustomStringConvertible {
    var elements: [Int]

    init(_ elements: [Int]) { self.elements = elements }
    init(_ range: Range<Int>) { self.elements = Array(range) }

    var count: Int { elements.count }

    var description: String {
      guard let first = elements.first, let last = elements.last else { return "[]" }
      return elements == Array(first...last)
        ? "\(first)...\(last)"
        : "\(elements.count) elements, not contiguous: \(elements.prefix(8))…"
    }
  }

  private static func plan(using random: inout ShareSeededRandom) -> Plan {
    let joinsAt = Int.random(in: 0..<elementCount, using: &random)
    let span = Int.random(in: 1...4_000, using: &random)
    let leaving: Leaving =
      switch Int.random(in: 0..<3, using: &random) {
      case 0: .stays
      case 1: .breaksAfter(span)
      default: .cancelledAt(joinsAt + span)
      }
    return Plan(joinsAt: joinsAt, leaving: leaving, paceSeed: random.next())
  }

  /// Sends the elements in random bursts, letting the tasks run a random amount in between;
  /// consumers join and are cancelled at their planned points.
  private static func run(
    _ plans: [Plan], policy: AsyncShareBufferingPolicy, seed: UInt64
  ) async throws -> [Outcome] {
    try await withVirtualTime { time in
      var random = ShareSeededRandom(seed: seed)
      let source = AsyncTestSource<Int>()
      let shared = source.share(bufferingPolicy: policy)
      var outcomes = plans.map { Outcome(plan: $0, producedAtJoin: 0, received: []) }
      var tasks: [Task<[Int], Never>?] = Array(repeating: nil, count: plans.count)
      var sent = 0
      while sent < elementCount {
        for index in plans.indices where tasks[index] == nil && plans[index].joinsAt <= sent {
          outcomes[index].producedAtJoin = shared.producedElementCount
          tasks[index] = consume(shared.makeAsyncIterator(), plan: plans[index])
        }
        for index in plans.indices where outcomes[index].producedAtCancel == nil {
          guard case .cancelledAt(let point) = plans[index].leaving, point <= sent,
            let task = tasks[index]
          else { continue }
          outcomes[index].producedAtCancel = shared.producedElementCount
          task.cancel()
        }
        let burst = min(Int.random(in: 1...64, using: &random), elementCount - sent)
        for element in sent..<sent + burst { source.send(element) }
        sent += burst
        if random.next() % 4 == 0 {
          await time.settle()
        } else {
          for _ in 0..<random.next() % 8 { await Task.yield() }
        }
      }
      source.finish()
      for (index, task) in tasks.enumerated() {
        outcomes[index].received = await task?.value ?? []
      }
      return outcomes
    }
  }

  /// Iterates in a task at a seeded random pace, until the end, its planned count, or its
  /// cancellation.
  private static func consume<Base>(
    _ iterator: sending AsyncShareSequence<Base>.Iterator, plan: Plan
  ) -> Task<[Int], Never> where Base.Element == Int {
    Task {
      var iterator = iterator
      var pace = ShareSeededRandom(seed: plan.paceSeed)
      var received: [Int] = []
      let limit = if case .breaksAfter(let count) = plan.leaving { count } else { Int.max }
      while received.count < limit, let element = try? await iterator.next() {
        received.append(element)
        for _ in 0..<pace.next() % 3 { await Task.yield() }
      }
      return received
    }
  }
}
