/// The connection between one publisher and one subscriber: the subscriber requests values
/// through it and cancels through it.
///
/// ```swift
/// func receive(subscription: any Subscription) {
///   subscription.request(.max(1))   // one value, please
/// }
/// ```
public protocol Subscription: Cancellable {
  /// Asks the publisher for up to `demand` more values. Demand adds up; it cannot be withdrawn.
  func request(_ demand: Subscribers.Demand)
}

/// Ready-made subscriptions.
public enum Subscriptions {
  /// A subscription that ignores requests and cancellation: what a publisher that has already
  /// completed hands a new subscriber, just before the completion.
  ///
  /// ```swift
  /// subscriber.receive(subscription: Subscriptions.empty)
  /// subscriber.receive(completion: .finished)
  /// ```
  public static var empty: any Subscription { EmptySubscription() }
}

/// The subscription behind ``Subscriptions/empty``.
private struct EmptySubscription: Subscription {
  func request(_ demand: Subscribers.Demand) {}
  func cancel() {}
}
