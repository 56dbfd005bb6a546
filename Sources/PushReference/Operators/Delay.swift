extension Publishers {
  /// A publisher that republishes every value and the completion of its upstream `interval`
  /// later, on `scheduler`.
  ///
  /// ```swift
  /// // A request that answers after 3 ticks of virtual time:
  /// Just(query).delay(for: .milliseconds(3), scheduler: scheduler)
  /// ```
  public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The output type is the upstream's.
    public typealias Output = Upstream.Output
    /// The failure type is the upstream's.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are delayed.
    public let upstream: Upstream
    /// How long each event is delayed.
    public let interval: Context.SchedulerTimeType.Stride
    /// The scheduler that delivers the events.
    public let scheduler: Context

    /// Creates a publisher that delays `upstream`'s events by `interval` on `scheduler`.
    public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context)
    {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
    }

    /// Attaches `subscriber` through a delay of its own.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        DelaySubscription<Upstream, Context, S>(
          downstream: subscriber, interval: interval, scheduler: scheduler))
    }
  }
}

extension Publisher {
  /// Republishes every value and the completion `interval` later, on `scheduler`.
  ///
  /// ```swift
  /// Just(query).delay(for: .milliseconds(300), scheduler: scheduler)
  /// ```
  public func delay<S: Scheduler>(
    for interval: S.SchedulerTimeType.Stride, scheduler: S
  ) -> Publishers.Delay<Self, S> {
    Publishers.Delay(upstream: self, interval: interval, scheduler: scheduler)
  }
}
