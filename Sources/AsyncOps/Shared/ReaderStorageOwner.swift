/// A storage that runs one reader per base for a single consumer (`merge`, `zip`,
/// `combineLatest`): what its iterator's ``ReaderStorageOwner`` tells when the consumer is gone.
@usableFromInline
protocol ConsumerCancellableStorage: AnyObject, Sendable {
  /// The consumer is cancelled or gone: end iteration and stop every reader.
  func cancel()
}

/// Owns the storage for an iterator and its copies; when the last copy is gone, the storage is
/// told that the consumer is gone, which cancels every base.
///
/// A class, so that copies of a (value-type) iterator share one storage and the end of the last
/// one is noticed (its `deinit`); the iterator reaches the storage through it with the storage's
/// concrete type, so `next()` stays specialised.
@usableFromInline
final class ReaderStorageOwner<Storage: ConsumerCancellableStorage> {
  @usableFromInline let storage: Storage

  @inlinable
  init(_ storage: Storage) {
    self.storage = storage
  }

  deinit {
    storage.cancel()
  }
}

/// A base's error as the operator's failure type. The public functions choose `Failure` as the
/// failure type every base shares, or `any Error`, so a base can throw nothing else; `name` names
/// the operator in the message that would say otherwise.
@inlinable
func baseFailure<Failure: Error>(_ error: any Error, operator name: StaticString) -> Failure {
  guard let failure = error as? Failure else {
    preconditionFailure("\(name): a base threw \(type(of: error)), not \(Failure.self)")
  }
  return failure
}
