import Testing

@testable import AsyncOps

/// merge, zip and chain on real threads: bases at full speed, several consumers at once, each with
/// a seeded plan (run to the end, cancel itself, be cancelled by a base, drop its iterator, or see
/// a base fail). Nothing is lost, nothing repeated, and every base read and every task ends.
@Suite(.timeLimit(.minutes(3))) struct MergeZipChainStressTests {
  static let elementCount = 300
  static let consumerCount = 6

  enum Operator: String, CaseIterable, Sendable {
    case merge, zip, chain
  }

  /// One consumer's run.
  struct Run: Sendable {
    var plan: StressPlan
    var failingBase: Int
    var consumption: Consumption<[Int]>
    var probe: UpstreamProbe
    var storage: WeakWatch
  }

  @Test(arguments: Operator.allCases, [2, 3, 4, 5, 8])
  func nothingIsLostOrRepeatedAndEveryBaseReadEnds(_ operation: Operator, arity: Int) async {
    var random = ShareSeededRandom(seed: UInt64(arity) * 7919 + UInt64(operation.rawValue.count))
    var runs: [(Run, Task<Consumption<[Int]>, Never>)] = []
    for consumer in 0..<Self.consumerCount {
      let plan =
        consumer == 0
        ? .runToEnd
        : StressPlan.random(
          using: &random, elementCount: Self.elementCount, receivingLimit: Self.elementCount)
      let failingBase = Int(random.next() % UInt64(arity))
      let probe = UpstreamProbe()
      let storage = WeakWatch()
      let slot = TaskSlot<Consumption<[Int]>>()
      let bases = (0..<arity).map { index in
        var base = ProbedNumbers(
          count: Self.elementCount, source: index, seed: random.next(), yieldOneIn: 4,
          probe: probe)
        if index == failingBase { base.failingAt = plan.failingAt }
        if index == 0, let cancelledAt = plan.cancelledAt {
          base.onElement = { if $0 == cancelledAt { slot.cancel() } }
        }
        return base
      }
      let task = Task {
        var iterator = MergeZipChainIterator(operation, bases, storage: storage)
        return await consume(&iterator, plan: plan)
      }
      slot.fill(task)
      runs.append(
        (
          Run(
            plan: plan, failingBase: failingBase, consumption: Consumption(), probe: probe,
            storage: storage), task
        ))
    }
    for (var run, task) in runs {
      run.consumption = await task.value
      await eventually { run.probe.snapshot.live == 0 && !run.storage.isAlive }
      check(run, operation, arity: arity)
    }
  }

  private func check(_ run: Run, _ operation: Operator, arity: Int) {
    let counts = run.probe.snapshot
    let context = Comment(rawValue: "\(operation) of \(arity), \(run.plan)")
    #expect(counts.live == 0, context)
    #expect(run.consumption.endedCleanly, context)
    // chain makes a base's iterator only when it reaches it.
    if operation != .chain { #expect(counts.made == arity, context) }
    #expect(
      counts.finished + counts.failed + counts.cancelled + counts.abandoned == counts.made, context)
    // Each received item is [base, value] for merge and chain, the tuple for zip.
    let items = run.consumption.elements
    switch operation {
    case .merge, .chain:
      #expect(Set(items).count == items.count, "nothing repeated; \(context)")
      for base in 0..<arity {
        let values = items.filter { $0[0] == base }.map { $0[1] }
        #expect(values == Array(0..<values.count), "base \(base) in order, none lost; \(context)")
      }
      if operation == .chain {
        // Each base after the one before, in full.
        #expect(items == items.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }, context)
      }
    case .zip:
      for (index, tuple) in items.enumerated() {
        #expect(tuple == Array(repeating: index, count: arity), context)
      }
    }
    let total = operation == .zip ? Self.elementCount : Self.elementCount * arity
    switch run.plan {
    case .runToEnd:
      #expect(run.consumption.ending == .end, context)
      #expect(items.count == total, context)
    case .cancelSelf(let count), .drop(let count):
      #expect(items.count == min(count, total), context)
    case .cancelFromUpstream:
      #expect(run.consumption.ending == .end, context)
    case .upstreamFails(let element):
      #expect(
        run.consumption.ending == .failure("\(ProbeFailure(source: run.failingBase))"), context)
      if operation == .zip {
        #expect(items.count <= element, context)
      } else {
        #expect(items.filter { $0[0] == run.failingBase }.count == element, context)
      }
    }
  }
}

/// A merge, zip or chain of 2, 3, 4, 5 or 8 probed bases whose items are returned as arrays:
/// `[base, value]` for merge and chain, the tuple's parts for zip.
struct MergeZipChainIterator: AsyncIteratorProtocol {
  private let produce: () async throws -> [Int]?

  init(
    _ operation: MergeZipChainStressTests.Operator, _ bases: [ProbedNumbers], storage: WeakWatch
  ) {
    let b = bases.enumerated().map { index, base in base.map { [index, $0] } }
    switch (operation, b.count) {
    case (.merge, 2): produce = Self.erase(merge(b[0], b[1]), storage: storage)
    case (.merge, 3): produce = Self.erase(merge(b[0], b[1], b[2]), storage: storage)
    case (.merge, 4): produce = Self.erase(merge(b[0], b[1], b[2], b[3]), storage: storage)
    case (.merge, 5): produce = Self.erase(merge(b[0], b[1], b[2], b[3], b[4]), storage: storage)
    case (.merge, _):
      produce = Self.erase(
        merge(b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]), storage: storage)
    case (.chain, 2): produce = Self.erase(chain(b[0], b[1]))
    case (.chain, 3): produce = Self.erase(chain(b[0], b[1], b[2]))
    case (.chain, 4): produce = Self.erase(chain(b[0], b[1], b[2], b[3]))
    case (.chain, 5): produce = Self.erase(chain(b[0], b[1], b[2], b[3], b[4]))
    case (.chain, _): produce = Self.erase(chain(b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]))
    case (.zip, 2): produce = Self.erase(zip(bases[0], bases[1]), storage: storage)
    case (.zip, 3): produce = Self.erase(zip(bases[0], bases[1], bases[2]), storage: storage)
    case (.zip, 4):
      produce = Self.erase(zip(bases[0], bases[1], bases[2], bases[3]), storage: storage)
    case (.zip, 5):
      produce = Self.erase(zip(bases[0], bases[1], bases[2], bases[3], bases[4]), storage: storage)
    case (.zip, _):
      let z = bases
      produce = Self.erase(zip(z[0], z[1], z[2], z[3], z[4], z[5], z[6], z[7]), storage: storage)
    }
  }

  mutating func next() async throws -> [Int]? { try await produce() }

  private static func erase<Failure: Error, each Base: AsyncSequence & Sendable>(
    _ merged: AsyncMergeSequence<[Int], Failure, repeat each Base>, storage: WeakWatch
  ) -> () async throws -> [Int]? {
    let box = IteratorBox(merged.makeAsyncIterator())
    storage.watch(box.iterator.handle.storage)
    return { try await box.iterator.next(isolation: nil) }
  }

  private static func erase<Chained: AsyncSequence>(_ chained: Chained) -> () async throws -> [Int]?
  where Chained.Element == [Int] {
    let box = IteratorBox(chained.makeAsyncIterator())
    return { try await box.iterator.next(isolation: nil) }
  }

  private static func erase<Failure: Error, each Base: AsyncSequence & Sendable>(
    _ zipped: AsyncZipSequence<Failure, repeat each Base>, storage: WeakWatch
  ) -> () async throws -> [Int]? where repeat (each Base).Element: Sendable {
    let box = IteratorBox(zipped.makeAsyncIterator())
    storage.watch(box.iterator.handle.storage)
    return {
      guard let tuple = try await box.iterator.next(isolation: nil) else { return nil }
      var parts: [Int] = []
      for part in repeat each tuple { parts.append(part as! Int) }
      return parts
    }
  }
}
