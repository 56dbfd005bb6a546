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
  /// `limit` undelivered elements (`limit` ≥ 0). The default, `.bounded(1)`, keeps the upstream
  /// in step with the slowest consumer.
  ///
  /// `.bounded(0)` is a rendezvous: no buffer at all, the upstream reads an element only once
  /// every consumer waits in `next()`, and every consumer receives every element (as in
  /// swift-async-algorithms, whose `test_share_with_no_buffering` expects exactly that).
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

  /// swift-async-algorithms' spelling of ``bufferingNewest(_:)``: each consumer keeps at most
  /// `limit` undelivered elements, dropping its oldest to make room for a new one.
  ///
  /// ```swift
  /// let latest = ticker.share(bufferingPolicy: .bufferingLatest(2))  // as in AsyncAlgorithms
  /// ```
  public static func bufferingLatest(_ limit: Int) -> AsyncShareBufferingPolicy {
    .bufferingNewest(limit)
  }

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
      precondition(limit >= 0, "share: a .bounded limit cannot be negative")
    case .bufferingNewest(let limit), .bufferingOldest(let limit):
      precondition(limit >= 0, "share: a buffering limit cannot be negative")
    case .unbounded:
      break
    }
  }
}
