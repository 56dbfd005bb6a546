/// The consumers waiting on an ``AsyncCurrentValue``, oldest first: the first one inline, any
/// others in an array.
///
/// Almost always exactly one consumer waits (a value handed from one task to another), and an
/// `Array` would allocate a buffer for it on every wait and free it on the sender's thread on
/// every send; the inline first waiter makes a send→receive allocate nothing. Iterating yields the
/// waiters in the order they started waiting.
@usableFromInline
struct CurrentValueWaiters<Waiting>: Sequence {
  /// The oldest waiter; `nil` only when no one waits.
  @usableFromInline var head: Waiting?
  /// The waiters after `head`, oldest first.
  @usableFromInline var rest: [Waiting] = []

  /// No waiter.
  @inlinable
  init() {}

  /// Whether no consumer waits.
  @inlinable
  var isEmpty: Bool { head == nil }

  /// Adds the newest waiter.
  @inlinable
  mutating func append(_ waiting: Waiting) {
    if head == nil {
      head = waiting
    } else {
      rest.append(waiting)
    }
  }

  /// Removes and returns the first waiter matching `predicate`, keeping the others in order.
  @inlinable
  mutating func remove(where predicate: (Waiting) -> Bool) -> Waiting? {
    guard let first = head else { return nil }
    if predicate(first) {
      head = rest.isEmpty ? nil : rest.removeFirst()
      return first
    }
    guard let index = rest.firstIndex(where: predicate) else { return nil }
    return rest.remove(at: index)
  }

  @inlinable
  func makeIterator() -> Iterator {
    Iterator(head: head, rest: rest.makeIterator())
  }

  /// Yields `head`, then `rest`.
  @usableFromInline
  struct Iterator: IteratorProtocol {
    @usableFromInline var head: Waiting?
    @usableFromInline var rest: IndexingIterator<[Waiting]>

    @inlinable
    init(head: Waiting?, rest: IndexingIterator<[Waiting]>) {
      self.head = head
      self.rest = rest
    }

    @inlinable
    mutating func next() -> Waiting? {
      if let first = head {
        head = nil
        return first
      }
      return rest.next()
    }
  }
}
