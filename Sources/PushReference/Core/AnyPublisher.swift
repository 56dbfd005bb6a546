/// A type-erased ``Publisher``: hides the operator chain behind its output and failure types.
///
/// ```swift
/// var searchResults: AnyPublisher<[Brew], Never> {
///   combined.map { filter($0) }.eraseToAnyPublisher()
/// }
/// ```
public struct AnyPublisher<Output, Failure: Error>: Publisher {
  @usableFromInline let box: AnyPublisherBox<Output, Failure>

  /// Wraps `publisher`.
  public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    if let erased = publisher as? AnyPublisher<Output, Failure> {
      box = erased.box
    } else {
      box = PublisherBox(publisher)
    }
  }

  /// Attaches `subscriber` to the wrapped publisher.
  @inlinable public func receive<S: Subscriber>(subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    box.receive(subscriber: subscriber)
  }
}

extension Publisher {
  /// Wraps this publisher in an ``AnyPublisher``, hiding its concrete type.
  ///
  /// ```swift
  /// let names: AnyPublisher<String, Never> = subject.map(\.name).eraseToAnyPublisher()
  /// ```
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
    AnyPublisher(self)
  }
}

/// The abstract base of ``AnyPublisher``'s storage: a class so the generic `receive` can be
/// overridden per wrapped publisher type.
@usableFromInline
class AnyPublisherBox<Output, Failure: Error> {
  @usableFromInline init() {}

  @usableFromInline func receive<S: Subscriber>(subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    fatalError("abstract")
  }
}

/// ``AnyPublisher``'s storage for one concrete publisher type.
private final class PublisherBox<P: Publisher>: AnyPublisherBox<P.Output, P.Failure> {
  let publisher: P

  init(_ publisher: P) {
    self.publisher = publisher
  }

  override func receive<S: Subscriber>(subscriber: S)
  where S.Input == P.Output, S.Failure == P.Failure {
    publisher.receive(subscriber: subscriber)
  }
}
