import Synchronization

extension Publishers {
  /// A publisher that emits the running result of combining an initial value with each value of
  /// its upstream: Combine's `scan`, the push twin of `reductions(_:_:)`.
  ///
  /// ```swift
  /// let totals = Publishers.Scan(upstream: prices, initialResult: 0) { $0 + $1 }
  /// ```
  ///
  /// The initial result itself is not emitted; failure and completion pass through.
  public struct Scan<Upstream: Publisher, Output>: Publisher {
    /// The failure type is the upstream's.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are combined.
    public let upstream: Upstream
    /// The result before the first value.
    public let initialResult: Output
    /// Combines the last result with the next value.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Creates a publisher of the running results of `nextPartialResult`, from `initialResult`.
    public init(
      upstream: Upstream, initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    /// Attaches `subscriber` through the accumulation; each subscription starts from
    /// `initialResult`.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        Inner(
          downstream: subscriber, result: initialResult, nextPartialResult: nextPartialResult))
    }

    /// Passes the subscription through; each value becomes the new running result.
    private final class Inner<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
      let downstream: Downstream
      let nextPartialResult: (Output, Upstream.Output) -> Output
      /// The last result (the values need not be `Sendable`: the lock only orders the updates).
      let result: Mutex<UncheckedSendable<Output>>

      init(
        downstream: Downstream, result: Output,
        nextPartialResult: @escaping (Output, Upstream.Output) -> Output
      ) {
        self.downstream = downstream
        self.nextPartialResult = nextPartialResult
        self.result = Mutex(UncheckedSendable(result))
      }

      func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
      }

      func receive(_ input: Upstream.Output) -> Subscribers.Demand {
        let next = result.withLock { result in
          result.value = nextPartialResult(result.value, input)
          return result.value
        }
        return downstream.receive(next)
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
      }
    }
  }
}

extension Publisher {
  /// Emits the running result of combining `initialResult` with each value.
  ///
  /// ```swift
  /// letters.scan("") { $0 + $1 }   // "a", "ab", "abc"
  /// ```
  public func scan<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Scan<Self, T> {
    Publishers.Scan(
      upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}
