/// A publisher that makes its publisher only when a subscriber attaches, once per subscriber.
///
/// ```swift
/// let request = Deferred { search(query) }   // nothing starts until someone subscribes
/// ```
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
  /// The deferred publisher's output type.
  public typealias Output = DeferredPublisher.Output
  /// The deferred publisher's failure type.
  public typealias Failure = DeferredPublisher.Failure

  /// Makes the publisher for each new subscriber.
  public let createPublisher: () -> DeferredPublisher

  /// Creates a publisher that calls `createPublisher` for each subscriber.
  public init(createPublisher: @escaping () -> DeferredPublisher) {
    self.createPublisher = createPublisher
  }

  /// Makes a publisher and attaches `subscriber` to it.
  public func receive<S: Subscriber>(subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    createPublisher().subscribe(subscriber)
  }
}
