extension Publishers {
  /// A publisher that flattens a publisher of publishers by republishing only the values of the
  /// most recent inner publisher: each new inner publisher cancels the previous one.
  ///
  /// Combine's behaviour, which OpenCombine's `SwitchToLatestTests` pin: the outer publisher is
  /// read without limit; the downstream's outstanding demand is requested from each new inner
  /// publisher, and later requests go to the current one; the finish comes once the outer
  /// publisher and the current inner publisher have both finished; a failure of either ends the
  /// stream at once and cancels the other.
  ///
  /// ```swift
  /// let results = query
  ///   .map { text in Deferred { search(text) } }
  ///   .switchToLatest()   // a newer query cancels the search still running
  /// ```
  public struct SwitchToLatest<Inner: Publisher, Upstream: Publisher>: Publisher
  where Upstream.Output == Inner, Upstream.Failure == Inner.Failure {
    /// The inner publishers' output type.
    public typealias Output = Inner.Output
    /// The shared failure type.
    public typealias Failure = Inner.Failure

    /// The publisher of publishers.
    public let upstream: Upstream

    /// Creates a publisher that republishes the values of `upstream`'s latest inner publisher.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    /// Attaches `subscriber` through a switch of its own: as in Combine, the subscriber gets its
    /// subscription first, then the upstream is subscribed to.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let switcher = SwitchToLatestSubscription<Inner, S>(downstream: subscriber)
      subscriber.receive(subscription: switcher)
      upstream.subscribe(switcher)
    }
  }
}

extension Publisher where Output: Publisher, Output.Failure == Failure {
  /// Republishes the values of the most recent inner publisher, cancelling the previous one.
  ///
  /// Each input starts a `Deferred` request; a newer input cancels the one still running, so
  /// only the latest answer arrives (`mapLatest` in marble terms: with a request taking 3 ticks,
  /// `a-b----c|` becomes `-----b----[c|]`).
  ///
  /// ```swift
  /// query.map { text in Deferred { search(text) } }.switchToLatest().sink { show($0) }
  /// ```
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}
