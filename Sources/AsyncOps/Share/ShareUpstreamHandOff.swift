import Synchronization

/// Carries the upstream's iterator from `share()`, where it is made, to the one task that reads
/// the upstream: a base that is not `Sendable` is never touched again after `share()`, only its
/// iterator is, and only by that task.
///
/// `take()` returns the iterator once; the `Mutex` orders the hand-off between the two tasks.
@usableFromInline
final class ShareUpstreamHandOff<Iterator>: Sendable {
  @usableFromInline let iterator: Mutex<Iterator?>

  @inlinable
  init(_ iterator: sending Iterator) {
    self.iterator = Mutex(iterator)
  }

  /// The iterator, the first time; `nil` afterwards.
  @inlinable
  func take() -> sending Iterator? {
    iterator.withLock { $0.take() }
  }
}
