import Synchronization

/// Carries the upstream's iterator to the one task that reads the upstream.
///
/// A share that runs its upstream once gets the iterator made by `share()`: a base that is not
/// `Sendable` is never touched again after `share()`, only its iterator is, and only by that task.
/// `take()` returns it once; the `Mutex` orders the hand-off between the two tasks.
///
/// A restartable share (`stoppingAfter:`) makes a new iterator for each run of its upstream, in
/// the task of that run, from its `Sendable` base.
@usableFromInline
final class ShareUpstreamHandOff<Iterator>: Sendable {
  @usableFromInline let iterator: Mutex<Iterator?>
  @usableFromInline let makeIterator: (@Sendable () -> sending Iterator)?

  @inlinable
  init(_ iterator: sending Iterator) {
    self.iterator = Mutex(iterator)
    self.makeIterator = nil
  }

  @inlinable
  init(making makeIterator: @escaping @Sendable () -> sending Iterator) {
    self.iterator = Mutex(nil)
    self.makeIterator = makeIterator
  }

  /// The iterator for a run of the upstream: a new one each time for a restartable share;
  /// otherwise the one made by `share()` the first time, `nil` afterwards.
  @inlinable
  func take() -> sending Iterator? {
    if let makeIterator { return makeIterator() }
    return iterator.withLock { $0.take() }
  }
}
