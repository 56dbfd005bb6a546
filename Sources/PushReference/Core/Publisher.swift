/// A type that delivers a sequence of values over time to the subscribers attached to it.
///
/// As in Combine, a publisher does nothing until a subscriber attaches: ``subscribe(_:)`` calls
/// ``receive(subscriber:)``, which hands the subscriber a ``Subscription``; values flow only as
/// the subscriber requests them (``Subscribers/Demand``), and the sequence ends with at most one
/// ``Subscribers/Completion``.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// let cancellable = subject
///   .filter { $0.isMultiple(of: 2) }
///   .map { $0 * 10 }
///   .sink { print($0) }
/// subject.send(1)   // nothing
/// subject.send(2)   // prints 20
/// ```
public protocol Publisher<Output, Failure> {
  /// The kind of values this publisher produces.
  associatedtype Output
  /// The kind of error this publisher may fail with; `Never` when it cannot fail.
  associatedtype Failure: Error

  /// Attaches `subscriber`: the publisher must call its ``Subscriber/receive(subscription:)``
  /// exactly once, then deliver values (only as requested) and at most one completion.
  ///
  /// Implement this method; call ``subscribe(_:)`` to attach a subscriber.
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
  /// Attaches `subscriber` to this publisher.
  ///
  /// ```swift
  /// subject.subscribe(mySubscriber)
  /// ```
  public func subscribe<S: Subscriber>(_ subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    receive(subscriber: subscriber)
  }
}
