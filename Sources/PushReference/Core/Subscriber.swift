/// A type that receives values and a completion from a ``Publisher``.
///
/// The publisher calls the three methods serially: ``receive(subscription:)`` once, then
/// ``receive(_:)`` at most as many times as the subscriber requested, then at most one
/// ``receive(completion:)``.
///
/// ```swift
/// final class FirstTwo: Subscriber {
///   func receive(subscription: any Subscription) { subscription.request(.max(2)) }
///   func receive(_ input: Int) -> Subscribers.Demand { print(input); return .none }
///   func receive(completion: Subscribers.Completion<Never>) { print(completion) }
/// }
/// ```
public protocol Subscriber<Input, Failure> {
  /// The kind of values this subscriber receives.
  associatedtype Input
  /// The kind of error this subscriber may receive.
  associatedtype Failure: Error

  /// Tells the subscriber that it is attached, and gives it the subscription through which it
  /// requests values and cancels.
  func receive(subscription: any Subscription)

  /// Delivers one value; the returned demand is added to the demand already requested.
  func receive(_ input: Input) -> Subscribers.Demand

  /// Tells the subscriber that the publisher has finished or failed; no value follows.
  func receive(completion: Subscribers.Completion<Failure>)
}
