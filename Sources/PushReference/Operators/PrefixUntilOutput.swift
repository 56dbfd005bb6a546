extension Publishers {
  /// A publisher that republishes its upstream until `other` emits a value, then finishes
  /// (Combine's `Publishers.PrefixUntilOutput`). `other` ending without a value changes nothing.
  ///
  /// ```swift
  /// locations.prefix(untilOutputFrom: screenClosed)
  /// ```
  public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
    /// The upstream's output.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher republished.
    public let upstream: Upstream
    /// The publisher whose first value ends the output.
    public let other: Other

    /// Creates the publisher.
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Subscribes to `other`, then to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let subscription = PrefixUntilOutputSubscription<Upstream, S>(downstream: subscriber)
      other.subscribe(subscription.trigger(for: Other.self))
      upstream.subscribe(subscription)
    }
  }
}

extension Publisher {
  /// Republishes values until `other` emits one, then finishes.
  ///
  /// ```swift
  /// locations.prefix(untilOutputFrom: screenClosed)
  /// ```
  public func prefix<P: Publisher>(untilOutputFrom other: P)
    -> Publishers.PrefixUntilOutput<
      Self, P
    >
  {
    Publishers.PrefixUntilOutput(upstream: self, other: other)
  }
}

/// One subscriber's prefix: the upstream passes through until the trigger fires.
final class PrefixUntilOutputSubscription<Upstream: Publisher, Downstream: Subscriber>:
  Subscriber, Subscription
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private var downstream: Downstream?
  private var upstream: (any Subscription)?
  private var triggerSubscription: (any Subscription)?
  private var pendingDemand = Subscribers.Demand.none

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  /// The subscriber to `other`: its first value finishes the output.
  func trigger<Other: Publisher>(for _: Other.Type) -> AnySubscriber<Other.Output, Other.Failure> {
    AnySubscriber(
      receiveSubscription: { [weak self] subscription in
        guard let self, self.downstream != nil else { return subscription.cancel() }
        self.triggerSubscription = subscription
        subscription.request(.max(1))
      },
      receiveValue: { [weak self] _ in
        self?.triggered()
        return .none
      },
      receiveCompletion: { [weak self] _ in self?.triggerSubscription = nil })
  }

  private func triggered() {
    guard let downstream else { return }
    let upstream = self.upstream
    end()
    upstream?.cancel()
    downstream.receive(completion: .finished)
  }

  func receive(subscription: any Subscription) {
    guard upstream == nil, let downstream else { return subscription.cancel() }
    upstream = subscription
    downstream.receive(subscription: self)
    if pendingDemand > 0 {
      let demand = pendingDemand
      pendingDemand = .none
      subscription.request(demand)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    downstream?.receive(input) ?? .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    guard let downstream else { return }
    let trigger = triggerSubscription
    end()
    trigger?.cancel()
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    if let upstream { upstream.request(demand) } else { pendingDemand += demand }
  }

  func cancel() {
    let (upstream, trigger) = (self.upstream, triggerSubscription)
    end()
    upstream?.cancel()
    trigger?.cancel()
  }

  private func end() {
    downstream = nil
    upstream = nil
    triggerSubscription = nil
  }
}
