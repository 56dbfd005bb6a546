extension Publishers {
  /// A publisher that republishes a value only after its upstream has been quiet for `dueTime`.
  ///
  /// Each value replaces the pending one and restarts the wait: the pending value is published
  /// when the scheduler reaches its arrival time plus `dueTime` with no newer value. As in
  /// Combine, when the upstream finishes the pending value is dropped and only the finish is
  /// published; when it fails, the pending value is dropped and the failure is published. Either
  /// completion goes through the scheduler (`schedule(options:_:)`): on a
  /// ``VirtualTimeScheduler`` it arrives when the scheduler next runs, at the same instant. A
  /// value arriving exactly at the pending deadline comes after it (the scheduler runs the due
  /// timer first). A superseded value's timer is cancelled. A value published while the
  /// subscriber has no demand is lost.
  ///
  /// ```swift
  /// let scheduler = VirtualTimeScheduler()
  /// let settled = searchText.debounce(for: .milliseconds(300), scheduler: scheduler)
  /// ```
  public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The output type is the upstream's.
    public typealias Output = Upstream.Output
    /// The failure type is the upstream's.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are debounced.
    public let upstream: Upstream
    /// How long the upstream must be quiet before the pending value is published.
    public let dueTime: Context.SchedulerTimeType.Stride
    /// The scheduler that times the wait and publishes the values.
    public let scheduler: Context
    /// Scheduler options for the timers.
    public let options: Context.SchedulerOptions?

    /// Creates a publisher that debounces `upstream` by `dueTime` on `scheduler`.
    public init(
      upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.dueTime = dueTime
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches `subscriber` through a debouncer of its own.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let debouncer = DebounceSubscription<Upstream, Context, S>(
        downstream: subscriber, dueTime: dueTime, scheduler: scheduler, options: options)
      upstream.subscribe(debouncer)
    }
  }
}

extension Publisher {
  /// Publishes a value only after `dueTime` has passed without a newer one.
  ///
  /// Apple's example, on virtual time: with values 0@0, 1@250, 2@1000, 3@1250, 4@1500 and
  /// 5@2000 ms, a 500 ms debounce publishes 1@750, 4@2000 and 5@2500.
  ///
  /// ```swift
  /// searchTextSubject
  ///   .debounce(for: .milliseconds(500), scheduler: scheduler)
  ///   .removeDuplicates()
  /// ```
  public func debounce<S: Scheduler>(
    for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
  ) -> Publishers.Debounce<Self, S> {
    Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
  }
}
