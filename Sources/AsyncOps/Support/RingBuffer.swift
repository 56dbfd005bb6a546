/// A first-in, first-out queue on a growable ring: appending and removing at either end are O(1)
/// and, once the ring has grown to the largest size it needs, allocation-free.
///
/// `share` keeps one per consumer (its undelivered elements) and one for the replay; `buffer` keeps
/// its buffered elements in one.
@usableFromInline
struct RingBuffer<Element> {
  // Fenced (leading `_`): only this type's methods touch the ring.
  @usableFromInline var _storage: ContiguousArray<Element?>
  @usableFromInline var _head: Int
  @usableFromInline var _count: Int

  @inlinable
  init() {
    _storage = []
    _head = 0
    _count = 0
  }

  @inlinable
  var isEmpty: Bool { _count == 0 }

  /// How many elements are queued.
  @inlinable
  var count: Int { _count }

  /// The oldest element, or `nil` when empty.
  @inlinable
  var first: Element? { isEmpty ? nil : _storage[_head] }

  /// The elements from the oldest to the newest.
  @inlinable
  var elements: [Element] {
    (0..<_count).map { _storage[(_head + $0) % _storage.count]! }
  }

  @inlinable @inline(__always)
  mutating func append(_ element: Element) {
    if _count == _storage.count { grow() }
    var tail = _head + _count
    if tail >= _storage.count { tail -= _storage.count }
    _storage[tail] = element
    _count += 1
  }

  /// Removes and returns the oldest element, or `nil` when empty.
  @inlinable @inline(__always)
  mutating func popFirst() -> Element? {
    guard _count > 0 else { return nil }
    let element: Element?
    if _isPOD(Element.self) {
      // A trivial element holds no reference to release: its slot is left as it is, and the
      // ring's storage is only read, with no uniqueness check.
      element = _storage[_head]
    } else {
      element = _storage[_head].take()
    }
    _head += 1
    if _head == _storage.count { _head = 0 }
    _count -= 1
    return element
  }

  /// Removes every element and keeps the ring's capacity.
  @inlinable
  mutating func removeAll() {
    while popFirst() != nil {}
  }

  /// Doubles the ring (at least 4 places), the oldest element first. Inlinable so that each
  /// client specialises it for its element (unspecialised, every element it moves went through
  /// value witnesses: a queue that grows to a million elements paid that on each doubling), and
  /// never inlined into `append`, whose fast path stays small.
  @inlinable @inline(never)
  mutating func grow() {
    let capacity = Swift.max(4, _storage.count * 2)
    var grown = ContiguousArray<Element?>()
    grown.reserveCapacity(capacity)
    let end = _head + _count
    if end <= _storage.count {
      grown.append(contentsOf: _storage[_head..<end])
    } else {
      grown.append(contentsOf: _storage[_head...])
      grown.append(contentsOf: _storage[..<(end - _storage.count)])
    }
    grown.append(contentsOf: repeatElement(nil, count: capacity - _count))
    _storage = grown
    _head = 0
  }
}

extension RingBuffer: Sendable where Element: Sendable {}
