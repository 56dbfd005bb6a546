/// How ``ClockDrivenStorage`` reads its clock for its machine, and turns the machine's deadlines
/// back into instants of the clock to sleep until: the instants the machine computes with are the
/// timeline's, not necessarily the clock's.
///
/// Two timelines, chosen per operator by what its machine does with an instant on every element:
/// - ``ClockInstants``: the clock's own instants, read and compared as they are. Cheapest when the
///   per-element work is one comparison (throttle).
/// - ``ClockOffsets``: ``ClockOffset``s from one origin instant. Each reading costs one
///   `duration(to:)` more, and every comparison, advance and copy after it is plain arithmetic on
///   a fixed-layout `Duration` instead of calls through a resilient instant's witnesses (debounce:
///   a comparison, an advance and a stored deadline per element).
///
/// ```swift
/// let timeline = ClockOffsets(clock: ContinuousClock())
/// let deadline = timeline.now.advanced(by: .seconds(1))
/// try await timeline.clock.sleep(until: timeline.clockInstant(of: deadline), tolerance: nil)
/// ```
@usableFromInline
protocol ClockTimeline: Sendable {
  associatedtype TimelineClock: Clock
  associatedtype Instant: InstantProtocol where Instant.Duration == TimelineClock.Instant.Duration

  /// The clock the timeline reads and sleeps on.
  var clock: TimelineClock { get }
  /// The clock's current instant, on this timeline.
  var now: Instant { get }
  /// An instant of this timeline to start a machine's deadlines from, where any instant will do:
  /// one the timeline already holds when it has one, so that making an iterator reads the clock
  /// no more often than the timeline itself needs.
  var startingInstant: Instant { get }
  /// The clock's instant that `instant` of this timeline stands for.
  func clockInstant(of instant: Instant) -> TimelineClock.Instant
}

/// The timeline of a clock's own instants.
@usableFromInline
struct ClockInstants<TimelineClock: Clock>: ClockTimeline {
  @usableFromInline let clock: TimelineClock

  @inlinable
  init(clock: TimelineClock) {
    self.clock = clock
  }

  @inlinable @inline(__always)
  var now: TimelineClock.Instant { clock.now }

  /// The clock's instant now: this timeline holds none of its own.
  @inlinable
  var startingInstant: TimelineClock.Instant { clock.now }

  @inlinable @inline(__always)
  func clockInstant(of instant: TimelineClock.Instant) -> TimelineClock.Instant { instant }
}

/// The timeline of ``ClockOffset``s from the instant the timeline was made at.
@usableFromInline
struct ClockOffsets<TimelineClock: Clock>: ClockTimeline {
  @usableFromInline let clock: TimelineClock
  /// The instant every offset counts from.
  @usableFromInline let origin: TimelineClock.Instant

  /// A timeline counting from the clock's instant now (one reading of the clock).
  @inlinable
  init(clock: TimelineClock) {
    self.clock = clock
    self.origin = clock.now
  }

  @inlinable @inline(__always)
  var now: ClockOffset<TimelineClock.Instant.Duration> {
    ClockOffset(sinceOrigin: origin.duration(to: clock.now))
  }

  /// The origin: no reading of the clock.
  @inlinable
  var startingInstant: ClockOffset<TimelineClock.Instant.Duration> { .origin }

  @inlinable @inline(__always)
  func clockInstant(
    of instant: ClockOffset<TimelineClock.Instant.Duration>
  ) -> TimelineClock.Instant {
    origin.advanced(by: instant.sinceOrigin)
  }
}
