/// The state of a hand-over floor whose one consumer ends when its task is cancelled, as its
/// operator's does: the flag every later `next()` checks, and the consumer while it waits.
///
/// Only the floors' cancellation handlers go through it (never the per-element path), so one
/// spelling serves every floor without putting generic code where the floors are measured.
protocol CancellableConsumerState {
  /// What the waiting consumer is resumed with (`nil` ends it).
  associatedtype Delivered
  /// Set when the consumer is cancelled.
  var ended: Bool { get set }
  /// Set while the consumer waits.
  var consumer: UnsafeContinuation<Delivered?, Never>? { get set }
}

extension CancellableConsumerState {
  /// The consumer's task was cancelled: marks it ended and returns it if it waits, to be
  /// resumed with `nil` outside the lock.
  mutating func endConsumer() -> UnsafeContinuation<Delivered?, Never>? {
    ended = true
    defer { consumer = nil }
    return consumer
  }
}
