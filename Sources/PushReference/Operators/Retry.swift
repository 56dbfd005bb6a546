extension Publishers {
  /// A publisher that subscribes to its upstream again, at once, each time it fails, up to
  /// `retries` times (Combine's `Publishers.Retry`); the next failure is republished.
  ///
  /// ```swift
  /// Deferred { request() }.retry(2)
  /// ```
  public struct Retry<Upstream: Publisher>: Publisher {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher subscribed to again.
    public let upstream: Upstream
    /// How many times it is subscribed to again; `nil` for without limit.
    public let retries: Int?

    /// Creates the publisher.
    public init(upstream: Upstream, retries: Int?) {
      self.upstream = upstream
      self.retries = retries
    }

    /// Subscribes `subscriber` to the upstream, again after each failure.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      RetrySubscription(upstream: upstream, downstream: subscriber, retries: retries).start()
    }
  }
}

extension Publisher {
  /// Subscribes to this publisher again after a failure, up to `retries` times.
  ///
  /// ```swift
  /// Deferred { request() }.retry(2)
  /// ```
  public func retry(_ retries: Int) -> Publishers.Retry<Self> {
    Publishers.Retry(upstream: self, retries: retries)
  }
}

/// One subscriber's retries: the downstream's outstanding demand carries over to each new
/// subscription of the upstream.
final class RetrySubscription<Upstream: Publisher, Downstream: Subscriber>: Subscription
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  private let upstream: Upstream
  private var downstream: Downstream?
  private var current: (any Subscription)?
  private var remaining: Int?
  private var demand = Subscribers.Demand.none
  private var attempt = 0

  init(upstream: Upstream, downstream: Downstream, retries: Int?) {
    self.upstream = upstream
    self.downstream = downstream
    self.remaining = retries
  }

  func start() {
    downstream?.receive(subscription: self)
    subscribe()
  }

  private func subscribe() {
    attempt += 1
    let attempt = attempt
    upstream.subscribe(
      AnySubscriber<Upstream.Output, Upstream.Failure>(
        receiveSubscription: { [self] subscription in
          guard downstream != nil, attempt == self.attempt else { return subscription.cancel() }
          current = subscription
          if demand > 0 { subscription.request(demand) }
        },
        receiveValue: { [self] value in
          guard let downstream, attempt == self.attempt else { return .none }
          if demand != .unlimited { demand -= 1 }
          let more = downstream.receive(value)
          demand += more
          return more
        },
        receiveCompletion: { [self] completion in
          guard let downstream, attempt == self.attempt else { return }
          current = nil
          if case .failure = completion, remaining.map({ $0 > 0 }) ?? true {
            remaining = remaining.map { $0 - 1 }
            subscribe()
            return
          }
          self.downstream = nil
          downstream.receive(completion: completion)
        }))
  }

  func request(_ demand: Subscribers.Demand) {
    self.demand += demand
    current?.request(demand)
  }

  func cancel() {
    let current = self.current
    downstream = nil
    self.current = nil
    current?.cancel()
  }
}
