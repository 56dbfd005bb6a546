extension Publishers {
  /// A publisher that ends with `customError()` — or finishes, without one — when its upstream
  /// produces nothing for `interval`, measured from the subscription and from each value
  /// (Combine's `Publishers.Timeout`).
  ///
  /// ```swift
  /// subject.timeout(.milliseconds(3), scheduler: scheduler, customError: { MarbleFailure() })
  /// ```
  public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher that is watched.
    public let upstream: Upstream
    /// How long the upstream may be quiet.
    public let interval: Context.SchedulerTimeType.Stride
    /// The scheduler that runs the timer.
    public let scheduler: Context
    /// Makes the failure sent on a timeout; `nil` finishes instead (as Combine does).
    public let customError: (() -> Failure)?

    /// Creates the publisher.
    public init(
      upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
      customError: (() -> Failure)?
    ) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.customError = customError
    }

    /// Attaches `subscriber` through a timer of its own.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        TimeoutSubscription<Upstream, Context, S>(
          downstream: subscriber, interval: interval, scheduler: scheduler,
          customError: customError))
    }
  }
}

extension Publisher {
  /// Ends with `customError()` (or finishes, when it is `nil`) once the upstream has produced
  /// nothing for `interval` on `scheduler`.
  ///
  /// ```swift
  /// requests.timeout(.seconds(10), scheduler: scheduler, customError: { .timedOut })
  /// ```
  public func timeout<S: Scheduler>(
    _ interval: S.SchedulerTimeType.Stride, scheduler: S, customError: (() -> Failure)? = nil
  ) -> Publishers.Timeout<Self, S> {
    Publishers.Timeout(
      upstream: self, interval: interval, scheduler: scheduler, customError: customError)
  }
}

/// One subscriber's timeout: a one-shot timer per quiet period; a timer that fires after a newer
/// value re-armed it is ignored (its generation is old).
final class TimeoutSubscription<Upstream: Publisher, Context: Scheduler, Downstream: Subscriber>:
  Subscriber, Subscription
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private var downstream: Downstream?
  private var upstream: (any Subscription)?
  private let interval: Context.SchedulerTimeType.Stride
  private let scheduler: Context
  private let customError: (() -> Failure)?
  private var generation = 0

  init(
    downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
    customError: (() -> Failure)?
  ) {
    self.downstream = downstream
    self.interval = interval
    self.scheduler = scheduler
    self.customError = customError
  }

  func receive(subscription: any Subscription) {
    guard upstream == nil, let downstream else { return subscription.cancel() }
    upstream = subscription
    armTimer()
    downstream.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard let downstream else { return .none }
    armTimer()
    return downstream.receive(input)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard let downstream else { return }
    end()
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    upstream?.request(demand)
  }

  func cancel() {
    let upstream = self.upstream
    end()
    upstream?.cancel()
  }

  private func end() {
    downstream = nil
    upstream = nil
    generation += 1
  }

  private func armTimer() {
    generation += 1
    let armed = generation
    scheduler.schedule(after: scheduler.now.advanced(by: interval)) { [weak self] in
      guard let self, self.generation == armed, let downstream = self.downstream else { return }
      let upstream = self.upstream
      self.end()
      upstream?.cancel()
      if let customError = self.customError {
        downstream.receive(completion: .failure(customError()))
      } else {
        downstream.receive(completion: .finished)
      }
    }
  }
}
