// A generic clock named `TestClock`, shaped as pointfreeco's swift-clocks declares its own
// (`TestClock<Duration>`), in a module of its own. AsyncOps must not make that name ambiguous in a
// file that imports both: AsyncOps' own test clock lives in AsyncOpsTesting.

import Synchronization

/// A clock whose time moves only when told to; its sleeps end when time reaches their deadline
/// (here, at once: a sleep moves time to its deadline).
public final class TestClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A point on this clock's timeline: an offset from its start.
  public struct Instant: InstantProtocol {
    /// The time since the clock's start.
    public var offset: Duration

    /// The instant `offset` after the start.
    public init(offset: Duration) { self.offset = offset }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    /// Whether `lhs` comes first.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let current: Mutex<Instant>

  /// A clock at `now`.
  public init(now: Instant = Instant(offset: .zero)) { current = Mutex(now) }

  /// The clock's time.
  public var now: Instant { current.withLock { $0 } }
  /// No resolution limit.
  public var minimumResolution: Duration { .zero }

  /// Moves time to `deadline` (if it is later) and returns.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = Swift.max($0, deadline) }
  }

  /// Moves time forward by `duration`.
  public func advance(by duration: Duration) { current.withLock { $0 = $0.advanced(by: duration) } }
}
