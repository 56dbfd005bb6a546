/// A publisher you can send values into: the bridge from imperative code to a pipeline.
///
/// ```swift
/// let subject = PassthroughSubject<String, Never>()
/// let cancellable = subject.sink { print($0) }
/// subject.send("hello")               // prints "hello"
/// subject.send(completion: .finished)
/// subject.send("ignored")             // a completed subject ignores sends
/// ```
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  /// Delivers `value` to every subscriber that has demand for it.
  func send(_ value: Output)
  /// Ends every subscription; later sends are ignored.
  func send(completion: Subscribers.Completion<Failure>)
  /// Receives an upstream subscription when the subject subscribes to a publisher, and requests
  /// from it.
  func send(subscription: any Subscription)
}

extension Subject where Output == Void {
  /// Sends `()`.
  ///
  /// ```swift
  /// let taps = PassthroughSubject<Void, Never>()
  /// taps.send()
  /// ```
  public func send() {
    send(())
  }
}

extension Publisher {
  /// Forwards every value and the completion of this publisher into `subject`; cancel the result
  /// to stop.
  ///
  /// ```swift
  /// let relay = PassthroughSubject<Int, Never>()
  /// let connection = numbers.subscribe(relay)
  /// ```
  public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
  where S.Output == Output, S.Failure == Failure {
    let subscriber = SubjectSubscriber(subject)
    subscribe(subscriber)
    return AnyCancellable(subscriber)
  }
}
