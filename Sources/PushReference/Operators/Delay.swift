import Synchronization

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

/// One subscriber's delay: demand passes straight to the upstream; each event is scheduled
/// `interval` after it arrived; nothing is delivered after a cancellation.
final class DelaySubscription<Upstream: Publisher, Context: Scheduler, Downstream: Subscriber>:
  Subscriber, Subscription, Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private struct State {
    var downstream: UncheckedSendable<Downstream>?
    var upstream: UncheckedSendable<any Subscription>?
    var hasSubscription = false
  }

  private let state: Mutex<State>
  private let interval: UncheckedSendable<Context.SchedulerTimeType.Stride>
  private let scheduler: UncheckedSendable<Context>

  init(downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context) {
    state = Mutex(State(downstream: UncheckedSendable(downstream)))
    self.interval = UncheckedSendable(interval)
    self.scheduler = UncheckedSendable(scheduler)
  }

  func receive(subscription: any Subscription) {
    let boxed = UncheckedSendable(subscription)
    let downstream = state.withLock { state -> UncheckedSendable<Downstream>? in
      guard !state.hasSubscription, let downstream = state.downstream else { return nil }
      state.hasSubscription = true
      state.upstream = boxed
      return downstream
    }
    guard let downstream else { return subscription.cancel() }
    downstream.value.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let boxed = UncheckedSendable(input)
    later { [self] downstream in
      let more = downstream.receive(boxed.value)
      if more > 0 { state.withLock { $0.upstream }?.value.request(more) }
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let boxed = UncheckedSendable(completion)
    later { [self] downstream in
      state.withLock { $0 = State(hasSubscription: true) }
      downstream.receive(completion: boxed.value)
    }
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.upstream }?.value.request(demand)
  }

  func cancel() {
    let upstream = state.withLock { state in
      defer { state = State(hasSubscription: true) }
      return state.upstream
    }
    upstream?.value.cancel()
  }

  /// Runs `deliver` `interval` from now, unless the subscription has ended by then.
  private func later(_ deliver: @escaping (Downstream) -> Void) {
    let scheduler = scheduler.value
    scheduler.schedule(
      after: scheduler.now.advanced(by: interval.value), tolerance: scheduler.minimumTolerance,
      options: nil
    ) { [self] in
      guard let downstream = state.withLock({ $0.downstream }) else { return }
      deliver(downstream.value)
    }
  }
}
