extension Publishers {
  /// A publisher that publishes at most one value per `interval`: the first value at once, then
  /// — at the end of each interval — the most recent (`latest: true`) or the first (`latest:
  /// false`) value received meanwhile.
  ///
  /// Combine's behaviour, which OpenCombine's `ThrottleTests` pin:
  /// - A value that arrives while nothing is pending is scheduled for the later of now and the
  ///   last emission + `interval` (through `schedule(options:_:)` when that is now, so it is
  ///   published when the scheduler next runs — on a ``VirtualTimeScheduler``, within the same
  ///   instant).
  /// - While a value is pending, `latest: true` replaces it; `latest: false` drops the newcomer.
  /// - A value that arrives while the subscriber has no demand is dropped.
  /// - A completion (finish *or* failure) waits for the pending value and is published right
  ///   after it; with nothing pending it is scheduled at once.
  ///
  /// ```swift
  /// let scheduler = VirtualTimeScheduler()
  /// let throttled = taps.throttle(for: .milliseconds(300), scheduler: scheduler, latest: true)
  /// ```
  public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The output type is the upstream's.
    public typealias Output = Upstream.Output
    /// The failure type is the upstream's.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are throttled.
    public let upstream: Upstream
    /// The shortest time between two published values.
    public let interval: Context.SchedulerTimeType.Stride
    /// The scheduler that times the intervals and publishes the values.
    public let scheduler: Context
    /// Whether a pending value is replaced by newer ones (`true`) or kept (`false`).
    public let latest: Bool

    /// Creates a publisher that throttles `upstream` to one value per `interval`.
    public init(
      upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
      latest: Bool
    ) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.latest = latest
    }

    /// Attaches `subscriber` through a throttle of its own.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        ThrottleSubscription<Upstream, Context, S>(
          downstream: subscriber, interval: interval, scheduler: scheduler, latest: latest))
    }
  }
}

extension Publisher {
  /// Publishes at most one value per `interval`: the most recent (`latest: true`) or the first
  /// (`latest: false`) value of each interval, on `scheduler`.
  ///
  /// With `interval` 3 ticks and `latest: true`, `abcdefgh-----i|` becomes `a--c--f--h---i|`.
  ///
  /// ```swift
  /// positions
  ///   .throttle(for: .milliseconds(100), scheduler: scheduler, latest: true)
  ///   .sink { render($0) }
  /// ```
  public func throttle<S: Scheduler>(
    for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
  ) -> Publishers.Throttle<Self, S> {
    Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
  }
}
