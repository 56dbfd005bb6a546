/// An instant of a clock, kept as its duration since one origin instant of that clock: the
/// instants of the ``ClockOffsets`` timeline, which debounce's machine computes its deadlines in.
///
/// A clock's own instant may be a resilient type with resilient conformances (the standard
/// library's `ContinuousClock.Instant` is): code specialised for that clock still copies it
/// through value witnesses and compares and advances it through dispatch thunks, on every
/// element. Its `Duration` (`Swift.Duration` for the standard clocks) has a fixed layout and
/// direct calls, so the per-element deadline work on an offset is plain arithmetic. The timeline
/// converts at the edges only: each reading of the clock becomes `origin.duration(to: now)`, and
/// a deadline to sleep until becomes `origin.advanced(by: offset)` again.
///
/// For a clock whose `advanced(by:)` and `duration(to:)` are exact inverses (the standard clocks
/// and `TestClock`: their instants are durations), the comparisons and deadlines are the same
/// as on the clock's own instants.
///
/// ```swift
/// let origin = clock.now
/// let now = ClockOffset(sinceOrigin: origin.duration(to: clock.now))
/// let deadline = now.advanced(by: .seconds(1))
/// try await clock.sleep(until: origin.advanced(by: deadline.sinceOrigin))
/// ```
@usableFromInline
struct ClockOffset<Duration: DurationProtocol>: InstantProtocol {
  /// How long after the origin this instant is.
  @usableFromInline let sinceOrigin: Duration

  @inlinable
  init(sinceOrigin: Duration) {
    self.sinceOrigin = sinceOrigin
  }

  /// The origin itself.
  @inlinable
  static var origin: Self { Self(sinceOrigin: .zero) }

  @inlinable @inline(__always)
  func advanced(by duration: Duration) -> Self {
    Self(sinceOrigin: sinceOrigin + duration)
  }

  @inlinable @inline(__always)
  func duration(to other: Self) -> Duration {
    other.sinceOrigin - sinceOrigin
  }

  @inlinable @inline(__always)
  static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.sinceOrigin < rhs.sinceOrigin
  }

  @inlinable @inline(__always)
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sinceOrigin == rhs.sinceOrigin
  }

  /// Hashes nothing: `InstantProtocol` asks for `Hashable`, and a clock's `Duration` need not be
  /// hashable. Equal offsets still hash alike; the machines never hash an instant.
  @inlinable
  func hash(into hasher: inout Hasher) {}
}
