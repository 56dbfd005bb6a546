/// A subject that holds a current value: each new subscriber receives it first, then every
/// later value.
///
/// ```swift
/// let searchText = CurrentValueSubject<String, Never>("")
/// let cancellable = searchText.sink { print("[\($0)]") }   // prints "[]"
/// searchText.value = "citrus"                               // prints "[citrus]"
/// searchText.send("citrusy")                                // prints "[citrusy]"
/// ```
///
/// As in Combine, a subscriber that had no demand when a value was sent is owed the value that is
/// current when it next requests. After completion, sends are ignored and a new subscriber
/// receives only the completion; setting ``value`` still changes the value (it reaches nobody),
/// as in Combine. Thread-safe like ``PassthroughSubject``.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, Sendable {
  @usableFromInline let core: SubjectCore<Output, Failure>

  /// Creates a subject whose current value is `value`.
  public init(_ value: Output) {
    core = SubjectCore(currentValue: value)
  }

  /// The current value; setting it sends the new value. After completion the value still
  /// changes, but nothing is sent.
  public var value: Output {
    get { core.currentValue!.value }
    set { core.setCurrentValue(newValue) }
  }

  /// Attaches `subscriber`; it receives the current value as soon as it requests, then every
  /// later value. A subject that has completed delivers only its completion.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    core.attach(subscriber)
  }

  /// Makes `value` current and delivers it to every subscriber with demand; ignored after
  /// completion.
  public func send(_ value: Output) {
    core.send(value)
  }

  /// Ends every subscription with `completion`; only the first completion counts.
  public func send(completion: Subscribers.Completion<Failure>) {
    core.send(completion: completion)
  }

  /// Requests everything from an upstream the subject was subscribed to, at once (a completed
  /// subject cancels it).
  public func send(subscription: any Subscription) {
    core.send(subscription: subscription)
  }
}
