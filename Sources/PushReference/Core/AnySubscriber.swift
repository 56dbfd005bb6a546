/// A type-erased ``Subscriber``: forwards to the subscriber (or closures) it was made from.
///
/// ```swift
/// let printing = AnySubscriber<Int, Never>(
///   receiveSubscription: { $0.request(.unlimited) },
///   receiveValue: { print($0); return .none },
///   receiveCompletion: { print($0) })
/// subject.subscribe(printing)
/// ```
public struct AnySubscriber<Input, Failure: Error>: Subscriber {
  @usableFromInline let receiveSubscriptionBody: (any Subscription) -> Void
  @usableFromInline let receiveValueBody: (Input) -> Subscribers.Demand
  @usableFromInline let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void

  /// Wraps `subscriber`.
  public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
    if let erased = subscriber as? AnySubscriber<Input, Failure> {
      self = erased
      return
    }
    receiveSubscriptionBody = { subscriber.receive(subscription: $0) }
    receiveValueBody = { subscriber.receive($0) }
    receiveCompletionBody = { subscriber.receive(completion: $0) }
  }

  /// Forwards to the closures given; a missing closure does nothing (and asks for no more).
  public init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
  ) {
    receiveSubscriptionBody = receiveSubscription ?? { _ in }
    receiveValueBody = receiveValue ?? { _ in .none }
    receiveCompletionBody = receiveCompletion ?? { _ in }
  }

  /// Forwards the subscription.
  @inlinable public func receive(subscription: any Subscription) {
    receiveSubscriptionBody(subscription)
  }

  /// Forwards the value and returns the wrapped subscriber's extra demand.
  @inlinable public func receive(_ input: Input) -> Subscribers.Demand {
    receiveValueBody(input)
  }

  /// Forwards the completion.
  @inlinable public func receive(completion: Subscribers.Completion<Failure>) {
    receiveCompletionBody(completion)
  }
}
