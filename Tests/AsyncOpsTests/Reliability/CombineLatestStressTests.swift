import Testing

@testable import AsyncOps

/// combineLatest on real threads: one reader task per base at full speed, several consumers at
/// once, each with a seeded plan (run to the end, cancel itself, be cancelled by a base, drop its
/// iterator, or see a base fail). Every assertion holds for every interleaving.
@Suite(.timeLimit(.minutes(3))) struct CombineLatestStressTests {
  static let elementCount = 400
  static let consumerCount = 6

  /// One consumer's run: its plan, what it received, and its bases' probe.
  struct Run: Sendable {
    var plan: StressPlan
    var failingBase: Int
    var consumption: Consumption<[Int]>
    var probe: UpstreamProbe
    var storage: WeakWatch
  }

  @Test(arguments: [2, 3, 4, 6])
  func everyBaseElementAfterTheFirstTupleIsInExactlyOneTupleAndEveryReaderEnds(
    arity: Int
  ) async {
    var random = ShareSeededRandom(seed: UInt64(arity) * 7919)
    var runs: [(Run, Task<Consumption<[Int]>, Never>)] = []
    for consumer in 0..<Self.consumerCount {
      // The first consumer always runs to the end, so every arity has one complete run.
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
        var iterator = TupleArrayIterator(bases, storage: storage)
        return await consume(&iterator, plan: plan)
      }
      slot.fill(task)
      let run = Run(
        plan: plan, failingBase: failingBase, consumption: Consumption(), probe: probe,
        storage: storage)
      runs.append((run, task))
    }
    for (var run, task) in runs {
      run.consumption = await task.value
      await eventually { run.probe.snapshot.live == 0 && !run.storage.isAlive }
      check(run, arity: arity)
    }
  }

  private func check(_ run: Run, arity: Int) {
    let tuples = run.consumption.elements
    let counts = run.probe.snapshot
    let context = Comment(rawValue: "arity \(arity), \(run.plan)")
    #expect(counts.made == arity, context)
    #expect(counts.live == 0, context)
    #expect(
      counts.finished + counts.failed + counts.cancelled + counts.abandoned == arity, context)
    #expect(run.consumption.endedCleanly, context)
    // After the first tuple, each tuple takes exactly one new element of one base: the next one.
    for (previous, tuple) in zip(tuples, tuples.dropFirst()) {
      let changed = (0..<arity).filter { previous[$0] != tuple[$0] }
      #expect(changed.count == 1, context)
      if let base = changed.first { #expect(tuple[base] == previous[base] + 1, context) }
    }
    switch run.plan {
    case .runToEnd:
      #expect(run.consumption.ending == .end, context)
      #expect(tuples.last == Array(repeating: Self.elementCount - 1, count: arity), context)
      #expect(counts.finished == arity, context)
    case .cancelSelf(let count):
      #expect(run.consumption.ending == .end, context)
      #expect(tuples.count == count, context)
      // The last base to produce its first element still had elements to read: it was stopped.
      if count < Self.elementCount - 1 { #expect(counts.finished < arity, context) }
    case .drop(let count):
      #expect(run.consumption.ending == .dropped, context)
      #expect(tuples.count == count, context)
      if count < Self.elementCount - 1 { #expect(counts.finished < arity, context) }
    case .cancelFromUpstream:
      #expect(run.consumption.ending == .end, context)
    case .upstreamFails(let element):
      #expect(
        run.consumption.ending == .failure("\(ProbeFailure(source: run.failingBase))"), context)
      #expect(counts.failed == 1, context)
      #expect(tuples.allSatisfy { $0[run.failingBase] < element }, context)
    }
  }
}

/// A `combineLatest` of 2, 3, 4 or 6 probed bases whose tuples are returned as arrays, so that
/// one test checks every arity; 6 goes through the variadic function.
struct TupleArrayIterator: AsyncIteratorProtocol {
  private let produce: () async throws -> [Int]?

  init(_ bases: [ProbedNumbers], storage: WeakWatch) {
    let b = bases
    switch b.count {
    case 2: produce = Self.erase(combineLatest(b[0], b[1]), storage: storage)
    case 3: produce = Self.erase(combineLatest(b[0], b[1], b[2]), storage: storage)
    case 4: produce = Self.erase(combineLatest(b[0], b[1], b[2], b[3]), storage: storage)
    default:
      precondition(b.count == 6, "2, 3, 4 or 6 bases")
      produce = Self.erase(combineLatest(b[0], b[1], b[2], b[3], b[4], b[5]), storage: storage)
    }
  }

  mutating func next() async throws -> [Int]? { try await produce() }

  private static func erase<Failure: Error, each Base: AsyncSequence & Sendable>(
    _ combination: AsyncCombineLatestSequence<Failure, repeat each Base>, storage: WeakWatch
  ) -> () async throws -> [Int]? where repeat (each Base).Element: Sendable {
    let box = IteratorBox(combination.makeAsyncIterator())
    storage.watch(box.iterator.handle.storage)
    return {
      guard let tuple = try await box.iterator.next(isolation: nil) else { return nil }
      var parts: [Int] = []
      for part in repeat each tuple { parts.append(part as! Int) }
      return parts
    }
  }
}

/// Keeps a mutable iterator for a closure; used by one task only.
final class IteratorBox<Iterator: AsyncIteratorProtocol> {
  var iterator: Iterator

  init(_ iterator: Iterator) {
    self.iterator = iterator
  }
}
