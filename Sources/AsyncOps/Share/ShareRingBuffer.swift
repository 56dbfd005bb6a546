/// A first-in, first-out queue on a growable ring: appending and removing at either end are O(1)
/// and, once the ring has grown to the largest size it needs, allocation-free.
///
/// `share` keeps one per consumer (its undelivered elements) and one for the replay.
@usableFromInline
struct ShareRingBuffer<Element> {
  @usableFromInline var storage: ContiguousArray<Element?>
  @usableFromInline var head: Int
  @usableFromInline var count: Int

  @inlinable
  init() {
    storage = []
    head = 0
    count = 0
  }

  @inlinable
  var isEmpty: Bool { count == 0 }

  /// The elements from the oldest to the newest.
  @inlinable
  var elements: [Element] {
    (0..<count).map { storage[(head + $0) % storage.count]! }
  }

  @inlinable @inline(__always)
  mutating func append(_ element: Element) {
    if count == storage.count { grow() }
    var tail = head + count
    if tail >= storage.count { tail -= storage.count }
    storage[tail] = element
    count += 1
  }

  /// Removes and returns the oldest element, or `nil` when empty.
  @inlinable @inline(__always)
  mutating func popFirst() -> Element? {
    guard count > 0 else { return nil }
    let element = storage[head].take()
    head += 1
    if head == storage.count { head = 0 }
    count -= 1
    return element
  }

  /// Removes every element and keeps the ring's capacity.
  @inlinable
  mutating func removeAll() {
    while popFirst() != nil {}
  }

  @usableFromInline
  mutating func grow() {
    var grown = ContiguousArray<Element?>()
    grown.reserveCapacity(Swift.max(4, storage.count * 2))
    for offset in 0..<count {
      grown.append(storage[(head + offset) % storage.count].take())
    }
    while grown.count < grown.capacity { grown.append(nil) }
    storage = grown
    head = 0
  }
}

extension ShareRingBuffer: Sendable where Element: Sendable {}
