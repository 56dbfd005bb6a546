import Synchronization

/// A clock whose time moves only when it is told to.
///
/// Inject a `TestClock` wherever production code takes `some Clock<Duration>` and the code's
/// timers become deterministic: nothing sleeps on a real clock, and a sleeper wakes exactly when
/// the test moves time past its deadline.
///
/// ```swift
/// let clock = TestClock()
/// let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
/// // ... once the sleeper is registered:
/// clock.advance(by: .seconds(5))   // the sleeper resumes now, not five real seconds later
/// try await sleeper.value
/// ```
///
/// `advance` resumes every sleeper that became due, in deadline order (sleepers with the same
/// deadline in the order they started sleeping), but it does not wait for the resumed tasks to
/// run. To run async code to quiescence between steps of time, use `withVirtualTime` from
/// `AsyncOpsTesting`, which drives a `TestClock` for you.
public final class TestClock: Clock, Sendable {
  /// A point on a ``TestClock``'s timeline: a duration since the clock's origin.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// The time elapsed since the clock's origin.
    public var offset: Duration

    /// Creates the instant `offset` after the clock's origin.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The clock's origin: the instant at which every `TestClock` starts.
    public static var zero: Instant { Instant(offset: .zero) }

    /// The instant `duration` later than this one.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The duration from this instant to `other` (negative when `other` is earlier).
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Orders instants by their offset from the origin.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, written as a duration (`"1.5 seconds"`).
    public var description: String { "\(offset)" }
  }

  /// A task suspended in ``sleep(until:tolerance:)``, waiting for time to reach its deadline.
  struct Sleeper: Sendable {
    let id: UInt64
    let deadline: Instant
    let continuation: UnsafeContinuation<Void, any Error>
  }

  struct State: Sendable {
    var now: Instant
    var nextSleeperID: UInt64 = 0
    /// Sorted by deadline, then by `id` (the order in which the sleepers registered).
    var sleepers: [Sleeper] = []
    /// Sleepers that have an id but have not registered (or returned) yet. A cancellation
    /// handler only leaves a mark for these: a sleeper that already resumed needs none, so no id
    /// is kept for ever.
    var unregistered: Set<UInt64> = []
    /// Sleepers whose cancellation handler ran before they registered.
    var cancelledBeforeRegistering: Set<UInt64> = []
  }

  private let state: Mutex<State>

  /// Creates a clock whose time is `now` (by default the origin, ``Instant/zero``).
  public init(now: Instant = .zero) {
    state = Mutex(State(now: now))
  }

  /// The clock's current time. It changes only through ``advance(by:)`` and ``advance(to:)``.
  public var now: Instant { state.withLock { $0.now } }

  /// The smallest step the clock can represent: one nanosecond.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// The number of tasks currently suspended in ``sleep(until:tolerance:)``.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// The deadlines of every pending sleeper, earliest first (one entry per sleeper).
  public var pendingDeadlines: [Instant] { state.withLock { $0.sleepers.map(\.deadline) } }

  /// The earliest deadline of a pending sleeper, or `nil` when nobody sleeps.
  public var nextDeadline: Instant? { state.withLock { $0.sleepers.first?.deadline } }

  /// Suspends until the clock's time reaches `deadline`.
  ///
  /// Returns at once when `deadline` is not in the future. A cancelled task throws
  /// `CancellationError` at once, whether it was already cancelled when it called this method or
  /// is cancelled while it sleeps. `tolerance` is ignored: a test clock is exact.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> UInt64 in
      defer { state.nextSleeperID += 1 }
      state.unregistered.insert(state.nextSleeperID)
      return state.nextSleeperID
    }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation {
        (continuation: UnsafeContinuation<Void, any Error>) in
        enum Registration { case sleeping, due, cancelled }
        let registration = state.withLock { state -> Registration in
          state.unregistered.remove(id)
          if state.cancelledBeforeRegistering.remove(id) != nil { return .cancelled }
          if deadline <= state.now { return .due }
          let sleeper = Sleeper(id: id, deadline: deadline, continuation: continuation)
          let index =
            state.sleepers.firstIndex { $0.deadline > deadline } ?? state.sleepers.endIndex
          state.sleepers.insert(sleeper, at: index)
          return .sleeping
        }
        switch registration {
        case .sleeping: break
        case .due: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> UnsafeContinuation<Void, any Error>? in
        if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
          return state.sleepers.remove(at: index).continuation
        }
        // Not sleeping: either not registered yet (leave a mark for the registration to find)
        // or already resumed by `advance` (nothing to do, and nothing to remember).
        if state.unregistered.contains(id) { state.cancelledBeforeRegistering.insert(id) }
        return nil
      }
      cancelled?.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration` and resumes every sleeper that became due.
  ///
  /// Reading the time and moving it happen in one step, so concurrent calls add up exactly
  /// (four tasks each advancing 50,000 × 1 ns move the clock by exactly 200,000 ns). A negative
  /// duration leaves the clock unchanged.
  public func advance(by duration: Duration) {
    guard duration > .zero else { return }
    resume(state.withLock { $0.move(to: $0.now.advanced(by: duration)) })
  }

  /// Moves time forward to `instant` and resumes every sleeper whose deadline is at or before it,
  /// earliest first. Moving to an instant in the past does nothing.
  public func advance(to instant: Instant) {
    resume(state.withLock { $0.move(to: instant) })
  }

  private func resume(_ due: [Sleeper]) {
    for sleeper in due {
      sleeper.continuation.resume()
    }
  }

  /// The pending sleepers, earliest first: each one's deadline and the address of the task that
  /// sleeps (a runtime continuation is its task), so that `withVirtualTime` can say which of the
  /// tasks a body left suspended sleeps on this clock, and until when.
  @_spi(VirtualTime)
  public var pendingSleeperTasks: [(deadline: Instant, taskAddress: UInt)] {
    state.withLock { state in
      state.sleepers.map { ($0.deadline, unsafeBitCast($0.continuation, to: UInt.self)) }
    }
  }

  /// How many cancellation marks wait for a sleeper to register (for tests: it must not grow).
  @_spi(Testing)
  public var pendingCancellationMarkCount: Int {
    state.withLock { $0.cancelledBeforeRegistering.count }
  }
}

extension TestClock.State {
  /// Moves `now` to `instant` when it is later, and removes and returns the sleepers now due.
  mutating func move(to instant: TestClock.Instant) -> [TestClock.Sleeper] {
    guard instant > now else { return [] }
    now = instant
    let dueCount = sleepers.firstIndex { $0.deadline > instant } ?? sleepers.count
    defer { sleepers.removeFirst(dueCount) }
    return Array(sleepers.prefix(dueCount))
  }
}
