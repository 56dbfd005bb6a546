/// How many undelivered elements each consumer of a shared sequence may hold, and what happens
/// when it holds that many.
///
/// The policy applies to **each consumer on its own**: a slow consumer never makes a fast one lose
/// an element, and under a dropping policy it loses only its own excess.
///
/// ```swift
/// // Lossless: the upstream waits while some consumer holds 8 undelivered elements.
/// let prices = ticker.share(bufferingPolicy: .bounded(8))
/// // Lossy: a consumer that falls behind keeps only the newest 2 it has not read.
/// let latest = ticker.share(bufferingPolicy: .bufferingNewest(2))
/// ```
public enum AsyncShareBufferingPolicy: Sendable, Hashable {
  /// Lossless with backpressure: the upstream is not read again while some consumer holds
  /// `limit` undelivered elements (`limit` ≥ 1). The default, `.bounded(1)`, keeps the upstream
  /// in step with the slowest consumer.
  case bounded(Int)
  /// Lossless without backpressure: every consumer buffers whatever it has not read yet. Memory
  /// grows with the lag of the slowest consumer.
  case unbounded
  /// Each consumer keeps at most `limit` undelivered elements (`limit` ≥ 0); when it has no room,
  /// its oldest undelivered element is dropped to make room for the new one.
  case bufferingNewest(Int)
  /// Each consumer keeps at most `limit` undelivered elements (`limit` ≥ 0); when it has no room,
  /// the new element is dropped for that consumer.
  case bufferingOldest(Int)

  /// Whether the policy never drops an element.
  public var isLossless: Bool {
    switch self {
    case .bounded, .unbounded: true
    case .bufferingNewest, .bufferingOldest: false
    }
  }

  @usableFromInline
  func validate() {
    switch self {
    case .bounded(let limit):
      precondition(limit >= 1, "share: .bounded needs a limit of at least 1")
    case .bufferingNewest(let limit), .bufferingOldest(let limit):
      precondition(limit >= 0, "share: a buffering limit cannot be negative")
    case .unbounded:
      break
    }
  }
}
