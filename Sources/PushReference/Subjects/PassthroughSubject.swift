/// A subject that relays each value to the subscribers attached at that moment; it keeps no
/// value, so a late subscriber misses earlier ones and a subscriber without demand loses them.
///
/// ```swift
/// let taps = PassthroughSubject<String, Never>()
/// let cancellable = taps.sink { print("tapped", $0) }
/// taps.send("brew")      // prints "tapped brew"
/// ```
///
/// Thread-safe: `send` may be called from any thread; each value is delivered on the sending
/// thread, to the subscribers in the order they subscribed.
public final class PassthroughSubject<Output, Failure: Error>: Subject, Sendable {
  @usableFromInline let core: SubjectCore<Output, Failure>

  /// Creates a subject with no subscribers.
  public init() {
    core = SubjectCore(currentValue: nil)
  }

  /// Attaches `subscriber`; a subject that has completed delivers its completion at once.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    core.attach(subscriber)
  }

  /// Delivers `value` to every subscriber with demand; ignored after completion.
  public func send(_ value: Output) {
    core.send(value)
  }

  /// Ends every subscription with `completion`; only the first completion counts.
  public func send(completion: Subscribers.Completion<Failure>) {
    core.send(completion: completion)
  }

  /// Requests everything from an upstream the subject was subscribed to — once one of the
  /// subject's subscribers has requested something, as in Combine, so that an upstream with a
  /// value waiting for demand (a `CurrentValueSubject`) keeps it until someone can take it. A
  /// completed subject cancels the subscription.
  public func send(subscription: any Subscription) {
    core.send(subscription: subscription)
  }
}
