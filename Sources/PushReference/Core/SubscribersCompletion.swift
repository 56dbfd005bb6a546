extension Subscribers {
  /// How a publisher ended: normally, or with an error.
  ///
  /// ```swift
  /// subject.send(completion: .finished)
  /// subject.send(completion: .failure(MyError.offline))
  /// ```
  public enum Completion<Failure: Error> {
    /// The publisher finished normally.
    case finished
    /// The publisher failed with an error.
    case failure(Failure)
  }
}

extension Subscribers.Completion: Sendable where Failure: Sendable {}
extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
