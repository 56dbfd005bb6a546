/// The state of ``FloorShare``, in a file of its own so that `scripts/share-machine-cost` compiles
/// the same source beside share's state machine: the floor's per-element steps without the
/// concurrency around them.
struct FloorShareState: CancellableConsumerState {
  /// A ring of `limit` places.
  var ring: [Int]
  var head = 0
  var count = 0
  /// Set while the consumer waits (then the ring is empty).
  var consumer: UnsafeContinuation<Int?, Never>?
  /// Set while the upstream waits for room.
  var upstream: UnsafeContinuation<Void, Never>?
  var finished = false
  /// Set when the consumer is cancelled.
  var ended = false

  var isFull: Bool { count == ring.count }

  mutating func append(_ element: Int) {
    ring[(head + count) % ring.count] = element
    count += 1
  }

  /// The oldest element, and the upstream to resume now that there is room.
  mutating func take() -> (Int, UnsafeContinuation<Void, Never>?)? {
    guard count > 0 else { return nil }
    let element = ring[head]
    head = (head + 1) % ring.count
    count -= 1
    let upstream = self.upstream
    self.upstream = nil
    return (element, upstream)
  }
}
