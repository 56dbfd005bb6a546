/// The deadlines of a repeating timer: a pure value, so the rules — no drift, one tick for a
/// missed deadline rather than a burst — are unit-tested without a clock.
///
/// The n-th tick is due at `start + n × interval`, where `start` is the instant of the first
/// request. A tick taken late, at `now`, counts for every deadline up to `now`: the next one due
/// is the first deadline after `now`, still on the same grid.
@usableFromInline
struct TimerSchedule<Instant: InstantProtocol>: Sendable {
  @usableFromInline let interval: Instant.Duration
  /// The instant of the first request; `nil` until then.
  @usableFromInline var start: Instant?
  /// The index of the last deadline a taken tick accounted for (0: none yet).
  @usableFromInline var ticksAccounted: Int = 0

  @inlinable
  init(interval: Instant.Duration) {
    self.interval = interval
  }

  /// The deadline the timer must wait for when asked for its next tick at `now`.
  ///
  /// A non-positive interval is due at once, every time.
  @inlinable
  mutating func deadline(askedAt now: Instant) -> Instant {
    guard interval > .zero else { return now }
    let start = self.start ?? now
    self.start = start
    return start.advanced(by: interval * (ticksAccounted + 1))
  }

  /// A tick was taken at `now` (at or after its deadline): every deadline up to `now` is
  /// accounted for, so a late consumer is not given a burst of the ones it missed.
  @inlinable
  mutating func tookTick(at now: Instant) {
    guard interval > .zero, let start else { return }
    // A tick taken before the deadline after its own (the usual case) accounts for one deadline:
    // one multiplication, where the estimate below divides two durations.
    if now < start.advanced(by: interval * (ticksAccounted + 2)) {
      ticksAccounted += 1
      return
    }
    let elapsed = start.duration(to: now)
    // An estimate in floating point, then corrected exactly on the grid.
    let estimate = (elapsed / interval).rounded(.down)
    let guess = estimate.isFinite ? Int(min(max(estimate, 0), 1e15)) : 0
    var index = max(ticksAccounted + 1, guess)
    while index > ticksAccounted + 1, start.advanced(by: interval * index) > now { index -= 1 }
    while start.advanced(by: interval * (index + 1)) <= now { index += 1 }
    ticksAccounted = index
  }
}
