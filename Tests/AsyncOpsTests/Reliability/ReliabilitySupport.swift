import Synchronization
import Testing

@testable import AsyncOps

/// The failure a probed upstream throws at its chosen position.
struct ProbeFailure: Error, Hashable, Sendable {
  /// Which upstream failed (its base index in a `combineLatest`, 0 otherwise).
  var source: Int
}

/// What a probed upstream saw, summed over every iterator made from it: how many were made, how
/// many are still alive, and how each one ended. Lets a test prove that no upstream read is left
/// behind: every iterator ends (finished, failed, cancelled, or dropped by the operator) and is
/// freed.
final class UpstreamProbe: Sendable {
  struct Counts: Sendable, Equatable {
    /// Iterators made.
    var made = 0
    /// Iterators not yet freed.
    var live = 0
    /// Reads that returned `nil` at the natural end.
    var finished = 0
    /// Reads that threw the probe's failure.
    var failed = 0
    /// Reads that found their task cancelled and returned `nil`.
    var cancelled = 0
    /// Iterators freed before they ended: the operator stopped reading them.
    var abandoned = 0
    /// Elements handed out.
    var produced = 0
  }

  private let counts = Mutex(Counts())
  /// Every element handed out, in order (only when the probe keeps a log).
  private let log: Mutex<[Int]>?

  /// A probe; `keepingLog` records every element handed out, in order.
  init(keepingLog: Bool = false) {
    log = keepingLog ? Mutex([]) : nil
  }

  var snapshot: Counts { counts.withLock { $0 } }

  /// The elements handed out, in order (empty unless the probe keeps a log).
  var produced: [Int] { log?.withLock { $0 } ?? [] }

  fileprivate func made() {
    counts.withLock {
      $0.made += 1
      $0.live += 1
    }
  }

  fileprivate func update(_ change: (inout Counts) -> Void) { counts.withLock { change(&$0) } }

  fileprivate func record(_ element: Int) {
    counts.withLock { $0.produced += 1 }
    log?.withLock { $0.append(element) }
  }
}

/// Frees with its iterator and tells the probe, counting an iterator that never ended.
private final class LiveToken: Sendable {
  let probe: UpstreamProbe
  let ended = Atomic(false)

  init(probe: UpstreamProbe) {
    self.probe = probe
    probe.made()
  }

  func end(_ change: (inout UpstreamProbe.Counts) -> Void) {
    guard !ended.exchange(true, ordering: .relaxed) else { return }
    probe.update(change)
  }

  deinit {
    let abandoned = !ended.load(ordering: .relaxed)
    probe.update {
      $0.live -= 1
      if abandoned { $0.abandoned += 1 }
    }
  }
}

/// An upstream at full speed on real threads: the integers `0..<count`, with a `Task.yield()`
/// before the positions a seeded generator picks (so the reading task interleaves with others in
/// varied ways), failing with ``ProbeFailure`` at `failingAt`. Every read first checks for
/// cancellation, like a well-behaved upstream, and everything is counted by `probe`.
struct ProbedNumbers: AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = ProbeFailure

  let count: Int
  var failingAt: Int? = nil
  /// The base index reported in the failure.
  var source = 0
  /// Seeds the positions where a read yields first; one read in `yieldOneIn` on average.
  var seed: UInt64 = 1
  var yieldOneIn: UInt64 = 8
  /// Called with each element just before it is handed out (to cancel a consumer at that point).
  var onElement: (@Sendable (Int) -> Void)? = nil
  let probe: UpstreamProbe

  func makeAsyncIterator() -> Iterator {
    Iterator(sequence: self, token: LiveToken(probe: probe), random: ShareSeededRandom(seed: seed))
  }

  struct Iterator: AsyncIteratorProtocol {
    let sequence: ProbedNumbers
    fileprivate let token: LiveToken
    var random: ShareSeededRandom
    var position = 0

    fileprivate init(sequence: ProbedNumbers, token: LiveToken, random: ShareSeededRandom) {
      self.sequence = sequence
      self.token = token
      self.random = random
    }

    mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(ProbeFailure) -> Int? {
      guard !token.ended.load(ordering: .relaxed) else { return nil }
      if random.next() % sequence.yieldOneIn == 0 { await Task.yield() }
      if Task.isCancelled {
        token.end { $0.cancelled += 1 }
        return nil
      }
      if position == sequence.failingAt {
        token.end { $0.failed += 1 }
        throw ProbeFailure(source: sequence.source)
      }
      guard position < sequence.count else {
        token.end { $0.finished += 1 }
        return nil
      }
      defer { position += 1 }
      sequence.onElement?(position)
      sequence.probe.record(position)
      return position
    }

    mutating func next() async throws(ProbeFailure) -> Int? {
      try await next(isolation: nil)
    }
  }
}

/// A weak reference that any task may read: proves that an operator's storage — and so every
/// task holding it — is gone.
final class WeakWatch: Sendable {
  private struct Reference: @unchecked Sendable {
    // @unchecked: only `weak` loads and stores, which the runtime makes atomic; the Mutex
    // around it orders them.
    weak var object: AnyObject?
  }

  private let reference = Mutex(Reference())

  init(_ object: AnyObject? = nil) {
    reference.withLock { $0.object = object }
  }

  func watch(_ object: AnyObject) { reference.withLock { $0.object = object } }

  var isAlive: Bool { reference.withLock { $0.object != nil } }
}

/// A thread-safe list that tasks inside a test append to.
final class ReliabilityLog<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  func append(_ value: Value) { storage.withLock { $0.append(value) } }

  var values: [Value] { storage.withLock { $0 } }
}

/// Holds a task handle that another task fills in later (to cancel it from an upstream callback).
final class TaskSlot<Success: Sendable>: Sendable {
  private let task = Mutex<Task<Success, Never>?>(nil)
  private let cancelRequested = Atomic(false)

  /// Stores the task; cancels it at once when a cancellation was requested before.
  func fill(_ task: Task<Success, Never>) {
    self.task.withLock { $0 = task }
    if cancelRequested.load(ordering: .sequentiallyConsistent) { task.cancel() }
  }

  /// Cancels the task, now or as soon as it is stored.
  func cancel() {
    cancelRequested.store(true, ordering: .sequentiallyConsistent)
    task.withLock { $0 }?.cancel()
  }
}

/// Yields until `condition` holds. Never sleeps: the suite's time limit bounds it (it cancels the
/// test, which ends the wait with a recorded issue), so a condition that never comes true (a
/// leak, a hang) fails the test instead of passing by luck.
func eventually(
  _ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
) async {
  while !condition() {
    guard !Task.isCancelled else {
      Issue.record("the condition never came true", sourceLocation: sourceLocation)
      return
    }
    await Task.yield()
  }
}

/// Hands a value made in one task to the one task that takes it.
final class Transfer<Value>: Sendable {
  private let value: Mutex<Value?>

  init(_ value: sending Value) {
    self.value = Mutex(value)
  }

  func take() -> sending Value {
    value.withLock { $0.take()! }
  }
}
