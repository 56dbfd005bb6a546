/// The indexes of the bases whose element waits to become a tuple, oldest arrival first.
///
/// Each base has at most one element waiting (its reader does not read on until that element has
/// been taken), so a ring of `baseCount` slots never overflows and never reallocates.
@usableFromInline
struct CombineLatestArrivalQueue: Sendable {
  @usableFromInline var ring: [Int]
  @usableFromInline var head = 0
  @usableFromInline var count = 0

  /// Creates an empty queue for `capacity` bases.
  @inlinable
  init(capacity: Int) {
    ring = Array(repeating: 0, count: capacity)
  }

  @inlinable
  var isEmpty: Bool { count == 0 }

  /// Appends a base index; the caller guarantees that the index is not already queued.
  @inlinable
  mutating func append(_ index: Int) {
    precondition(count < ring.count, "a base has at most one element waiting")
    ring[(head + count) % ring.count] = index
    count += 1
  }

  /// Removes and returns the oldest index, or `nil` when the queue is empty.
  @inlinable
  mutating func popFirst() -> Int? {
    guard count > 0 else { return nil }
    let index = ring[head]
    head = (head + 1) % ring.count
    count -= 1
    return index
  }
}
