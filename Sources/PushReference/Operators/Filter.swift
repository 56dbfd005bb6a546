extension Publishers {
  /// A publisher that republishes only the values of its upstream that satisfy a predicate.
  ///
  /// ```swift
  /// let evens = Publishers.Filter(upstream: numbers) { $0.isMultiple(of: 2) }
  /// ```
  public struct Filter<Upstream: Publisher>: Publisher {
    /// The output type is the upstream's.
    public typealias Output = Upstream.Output
    /// The failure type is the upstream's.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are filtered.
    public let upstream: Upstream
    /// Whether a value is republished.
    public let isIncluded: (Upstream.Output) -> Bool

    /// Creates a publisher that keeps `upstream`'s values for which `isIncluded` is true.
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    /// Attaches `subscriber` through the predicate; a dropped value is replaced by a request for
    /// one more.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(DroppingSubscription(downstream: subscriber, passes: isIncluded))
    }
  }
}

extension Publisher {
  /// Republishes only the values for which `isIncluded` returns true.
  ///
  /// ```swift
  /// debouncedSearchText.filter { !$0.isEmpty }.sink { record($0) }
  /// ```
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }
}
