extension Publishers {
  /// A publisher that cannot fail, given a failure type so that it fits a pipeline that can.
  ///
  /// ```swift
  /// let inner = Just(text).setFailureType(to: SearchError.self)
  /// ```
  public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher
  where Upstream.Failure == Never {
    /// The output type is the upstream's.
    public typealias Output = Upstream.Output

    /// The publisher that cannot fail.
    public let upstream: Upstream

    /// Creates a publisher that republishes `upstream` with the failure type `Failure`.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` to the upstream; values and the finish pass through unchanged.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        AnySubscriber<Output, Never>(
          receiveSubscription: { subscriber.receive(subscription: $0) },
          receiveValue: { subscriber.receive($0) },
          receiveCompletion: { _ in subscriber.receive(completion: .finished) }))
    }
  }
}

extension Publisher where Failure == Never {
  /// Gives this publisher, which cannot fail, the failure type `failureType`.
  ///
  /// ```swift
  /// Just(text).setFailureType(to: SearchError.self)
  /// ```
  public func setFailureType<E: Error>(to failureType: E.Type)
    -> Publishers.SetFailureType<
      Self, E
    >
  {
    Publishers.SetFailureType(upstream: self)
  }
}
