extension Publishers {
  /// A publisher that transforms every value of its upstream with a closure.
  ///
  /// ```swift
  /// let lengths = Publishers.Map(upstream: words) { $0.count }
  /// ```
  public struct Map<Upstream: Publisher, Output>: Publisher {
    /// The failure type is the upstream's.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation.
    public let transform: (Upstream.Output) -> Output

    /// Creates a publisher that transforms `upstream`'s values with `transform`.
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Attaches `subscriber` through the transformation.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, transform: transform))
    }

    /// Passes the subscription through; only values change.
    private struct Inner<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
      let downstream: Downstream
      let transform: (Upstream.Output) -> Output

      func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
      }

      func receive(_ input: Upstream.Output) -> Subscribers.Demand {
        downstream.receive(transform(input))
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
      }
    }
  }
}

extension Publisher {
  /// Transforms every value with `transform`.
  ///
  /// ```swift
  /// subject.map { $0.uppercased() }.sink { print($0) }
  /// ```
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self, transform: transform)
  }
}
