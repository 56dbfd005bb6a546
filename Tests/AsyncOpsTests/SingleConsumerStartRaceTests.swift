import AsyncOpsTesting
import Synchronization
import TestSupport
import Testing

@testable import AsyncOps

/// The start race of the single-consumer operators: a consumer waiting in its first `next()` gets
/// the first element emitted — the reading task must not emit before that consumer is
/// registered (then the element lands in the slot of a busy consumer, where a later one replaces
/// it). Each test repeats the first `next()` many times while busy threads preempt the pool's
/// threads at arbitrary points, and asserts what the consumer received (or, where the operator's
/// own rule makes the first element depend on timing, that the consumer waited before the
/// upstream was first read).
///
/// Before each first `next()` the consuming thread does a little busy work: a thread that has just
/// run is the one the scheduler preempts when it wakes a pool thread for the new reading task,
/// which is exactly the moment the race needs.
@Suite(.serialized, .runsAlone("loads the machine")) struct SingleConsumerStartRaceTests {
  static let iterations = 200

  /// CPU work for the consuming thread (see the type's doc); not inlined, so a debug build runs it.
  @inline(never)
  static func busyWork() -> Int {
    var value = 0
    for step in 0..<1_000_000 { value = value &* 31 &+ step }
    return value
  }

  @Test func throttleGivesAWaitingConsumerTheFirstElement() async {
    let firsts = await withSpinningThreads {
      var wrong: [Int] = []
      for _ in 0..<Self.iterations {
        // Every reading of the clock is a nanosecond later, so every element is one interval
        // after the last emission and is emitted at once: an emission that misses the waiting
        // consumer is replaced by the next one.
        var iterator = (0..<1_000).async.throttle(for: .nanoseconds(1), clock: TickingClock())
          .makeAsyncIterator()
        _ = Self.busyWork()
        if let first = await iterator.next(), first != 0 { wrong.append(first) }
      }
      return wrong
    }
    #expect(firsts == [])
  }

  @Test func debounceWithLeadingGivesAWaitingConsumerTheLeadingElement() async {
    let firsts = await withSpinningThreads {
      var wrong: [Int] = []
      for _ in 0..<Self.iterations {
        // The leading element is emitted at once; the last one is flushed when the burst's
        // source finishes (the clock never moves): a leading emission that misses the waiting
        // consumer is replaced by the flush.
        var iterator = (0..<100).async
          .debounce(for: .seconds(1), clock: TestClock(), leading: true)
          .makeAsyncIterator()
        _ = Self.busyWork()
        if let first = await iterator.next(), first != 0 { wrong.append(first) }
      }
      return wrong
    }
    #expect(firsts == [])
  }

  @Test func bufferKeepingTheLatestGivesAWaitingConsumerTheFirstElement() async {
    let firsts = await withSpinningThreads {
      var wrong: [Int] = []
      for _ in 0..<Self.iterations {
        // A waiting consumer takes the first element directly; one that missed it finds it
        // evicted from a one-element buffer by the newer ones.
        var iterator = (0..<1_000).async.buffer(policy: .bufferingLatest(1))
          .makeAsyncIterator()
        _ = Self.busyWork()
        if let first = await iterator.next(), first != 0 { wrong.append(first) }
      }
      return wrong
    }
    #expect(firsts == [])
  }

  @Test func mapLatestReadsTheUpstreamOnlyOnceTheFirstConsumerWaits() async {
    // Which result a waiting consumer gets first depends on how the transforms race the upstream
    // (a newer element supersedes a run), so the assertion is the rule the first element relies
    // on: the upstream is first read while the consumer waits.
    let misses = await withSpinningThreads {
      var misses = 0
      for _ in 0..<Self.iterations {
        let probe = FirstReadProbe()
        var iterator = ProbedCount(count: 100, probe: probe).mapLatest { $0 }.makeAsyncIterator()
        let storage = iterator.lifetime.storage
        probe.arm { storage.machine.withLock { $0.consumption.consumer != nil } }
        _ = Self.busyWork()
        _ = await iterator.next()
        misses += probe.misses
      }
      return misses
    }
    #expect(misses == 0)
  }

  @Test func chunksBySignalReadsTheBaseOnlyOnceTheFirstConsumerWaits() async {
    // Cut chunks queue for a busy consumer, so none is lost; the assertion is the rule itself.
    let misses = await withSpinningThreads {
      var misses = 0
      for _ in 0..<Self.iterations {
        let probe = FirstReadProbe()
        let silentSignal = AsyncStream<Void> { _ in }
        var iterator = ProbedCount(count: 100, probe: probe).chunks(ofCount: 10, or: silentSignal)
          .makeAsyncIterator()
        let storage = iterator.lifetime.storage
        probe.arm { storage.machine.withLock { $0.consumption.consumer != nil } }
        _ = Self.busyWork()
        let first = await iterator.next()
        #expect(first == Array(0..<10))
        misses += probe.misses
      }
      return misses
    }
    #expect(misses == 0)
  }
}

/// Records, when a ``ProbedCount`` is first read, whether the armed check held.
final class FirstReadProbe: Sendable {
  private let check = Mutex<(@Sendable () -> Bool)?>(nil)
  private let missCount = Atomic<Int>(0)

  /// The checks that failed.
  var misses: Int { missCount.load(ordering: .relaxed) }

  func arm(_ check: @escaping @Sendable () -> Bool) {
    self.check.withLock { $0 = check }
  }

  func firstRead() {
    guard let check = check.withLock({ $0 }) else {
      missCount.add(1, ordering: .relaxed)  // read before the test could even arm the probe
      return
    }
    if !check() { missCount.add(1, ordering: .relaxed) }
  }
}

/// `0..<count`, synchronous, telling its ``FirstReadProbe`` when it is first read.
struct ProbedCount: AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = Never

  let count: Int
  let probe: FirstReadProbe

  struct AsyncIterator: AsyncIteratorProtocol {
    let count: Int
    let probe: FirstReadProbe
    var position = 0

    mutating func next(isolation actor: isolated (any Actor)?) async -> Int? {
      if position == 0 { probe.firstRead() }
      guard position < count else { return nil }
      defer { position += 1 }
      return position
    }

    mutating func next() async -> Int? { await next(isolation: nil) }
  }

  func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(count: count, probe: probe)
  }
}

/// A clock whose every reading of `now` is one nanosecond after the last one, and whose sleeps
/// end only by cancellation: time moves exactly as fast as an operator looks at it.
struct TickingClock: Clock {
  typealias Instant = TestClock.Instant

  private let readings = Ticks()
  private let sleeper = TestClock()

  var now: Instant {
    Instant(offset: .nanoseconds(readings.next()))
  }

  var minimumResolution: Duration { .nanoseconds(1) }

  /// How many times `now` has been read.
  var readCount: Int { readings.current }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try await sleeper.sleep(until: .init(offset: .seconds(1_000_000)), tolerance: tolerance)
  }

  private final class Ticks: Sendable {
    private let count = Atomic<Int>(0)

    func next() -> Int {
      count.add(1, ordering: .relaxed).newValue
    }

    var current: Int { count.load(ordering: .relaxed) }
  }
}
