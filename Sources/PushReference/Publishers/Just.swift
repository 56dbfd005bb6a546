import Synchronization

/// A publisher that publishes one value to each subscriber, then finishes.
///
/// As in Combine, the value goes out at the subscriber's first request, then the finish.
///
/// ```swift
/// Just(42).sink { print($0) }   // prints 42
/// ```
public struct Just<Output>: Publisher {
  /// Just cannot fail.
  public typealias Failure = Never

  /// The value published.
  public let output: Output

  /// Creates a publisher of `output`.
  public init(_ output: Output) {
    self.output = output
  }

  /// Hands `subscriber` a subscription that delivers the value at its first request.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    subscriber.receive(subscription: JustSubscription(value: output, downstream: subscriber))
  }
}

/// Delivers one value and the finish at the first request; nothing after a cancellation.
private final class JustSubscription<Downstream: Subscriber>: Subscription, Sendable
where Downstream.Failure == Never {
  private let pending: Mutex<UncheckedSendable<(Downstream.Input, Downstream)>?>

  init(value: Downstream.Input, downstream: Downstream) {
    pending = Mutex(UncheckedSendable((value, downstream)))
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0, let taken = pending.withLock({ $0.take() }) else { return }
    let (value, downstream) = taken.value
    _ = downstream.receive(value)
    downstream.receive(completion: .finished)
  }

  func cancel() {
    _ = pending.withLock { $0.take() }
  }
}
