extension Publishers {
  /// A publisher that pairs each value of its upstream with the latest value of `other`,
  /// dropping values that come before `other` has emitted: RxSwift's and CombineExt's
  /// `withLatestFrom` (Combine has none). `other` is subscribed to first; its finish only freezes
  /// its latest value; a failure of either ends the output at once.
  ///
  /// ```swift
  /// sendTaps.withLatestFrom(draftText)
  /// ```
  public struct WithLatestFrom<Upstream: Publisher, Other: Publisher>: Publisher
  where Other.Failure == Upstream.Failure {
    /// The upstream's value with `other`'s latest.
    public typealias Output = (Upstream.Output, Other.Output)
    /// The failure both share.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are paired.
    public let upstream: Upstream
    /// The publisher whose latest value each is paired with.
    public let other: Other

    /// Creates the publisher.
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Subscribes to `other`, then to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let subscription = WithLatestFromSubscription<Upstream, Other, S>(downstream: subscriber)
      other.subscribe(subscription.latestSubscriber())
      upstream.subscribe(subscription)
    }
  }
}

extension Publisher {
  /// Pairs each value with the latest value of `other` (RxSwift's `withLatestFrom`).
  ///
  /// ```swift
  /// sendTaps.withLatestFrom(draftText)
  /// ```
  public func withLatestFrom<P: Publisher>(_ other: P) -> Publishers.WithLatestFrom<Self, P>
  where P.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: other)
  }
}

/// One subscriber's pairing: `other` is read without limit; the upstream as the downstream
/// asks, and a value dropped for want of a latest asks for one more.
final class WithLatestFromSubscription<
  Upstream: Publisher, Other: Publisher, Downstream: Subscriber
>: Subscriber, Subscription
where
  Other.Failure == Upstream.Failure, Downstream.Input == (Upstream.Output, Other.Output),
  Downstream.Failure == Upstream.Failure
{
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private var downstream: Downstream?
  private var upstream: (any Subscription)?
  private var otherSubscription: (any Subscription)?
  private var latest: Other.Output?
  private var pendingDemand = Subscribers.Demand.none

  init(downstream: Downstream) {
    self.downstream = downstream
  }

  func latestSubscriber() -> AnySubscriber<Other.Output, Other.Failure> {
    AnySubscriber(
      receiveSubscription: { [weak self] subscription in
        guard let self, self.downstream != nil else { return subscription.cancel() }
        self.otherSubscription = subscription
        subscription.request(.unlimited)
      },
      receiveValue: { [weak self] value in
        self?.latest = value
        return .none
      },
      receiveCompletion: { [weak self] completion in
        guard let self else { return }
        self.otherSubscription = nil
        if case .failure = completion { self.finish(with: completion) }
      })
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
    guard let downstream else { return .none }
    guard let latest else { return .max(1) }
    return downstream.receive((input, latest))
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    finish(with: completion)
  }

  private func finish(with completion: Subscribers.Completion<Failure>) {
    guard let downstream else { return }
    let (upstream, other) = (self.upstream, otherSubscription)
    end()
    upstream?.cancel()
    other?.cancel()
    downstream.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    if let upstream { upstream.request(demand) } else { pendingDemand += demand }
  }

  func cancel() {
    let (upstream, other) = (self.upstream, otherSubscription)
    end()
    upstream?.cancel()
    other?.cancel()
  }

  private func end() {
    downstream = nil
    upstream = nil
    otherSubscription = nil
    latest = nil
  }
}
