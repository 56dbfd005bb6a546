/// A storage whose iteration ends when its consumer is gone: what an ``IteratorLifetime`` tells it
/// when the last copy of an iterator is dropped.
@usableFromInline
protocol ConsumerCancellableStorage: AnyObject, Sendable {
  /// The consumer is cancelled or gone: end iteration and stop every task reading for it.
  func cancel()
}

/// Owns the storage for an iterator and its copies; when the last copy is gone, the storage is
/// told that the consumer is gone, which stops every task reading for it.
///
/// A class, so that copies of a (value-type) iterator share one storage and the end of the last
/// one is noticed (its `deinit`); the iterator reaches the storage through it with the storage's
/// concrete type, so `next()` stays specialised. Every operator with a storage uses this one
/// class: the single-consumer family (``SingleConsumerStorage``) and the fan-in readers of
/// `merge`, `zip` and `combineLatest`.
@usableFromInline
final class IteratorLifetime<Storage: ConsumerCancellableStorage>: Sendable {
  @usableFromInline let storage: Storage
  /// `storage` without a reference count of its own, for a consumer's synchronous per-element
  /// step: an iterator calling its storage through ``storage`` from its `async` `next()` retains
  /// and releases it around every call — two atomic operations per element on the storage's
  /// header, the cache line its lock word shares, which the reading task takes meanwhile. Used
  /// only through `_withUnsafeGuaranteedRef` while the iterator, which holds this lifetime and so
  /// the storage, is being iterated.
  @usableFromInline let unretainedStorage: Unmanaged<Storage>

  @inlinable
  init(_ storage: Storage) {
    self.storage = storage
    self.unretainedStorage = Unmanaged.passUnretained(storage)
  }

  deinit {
    storage.cancel()
  }
}
