/// One base's values: the latest, which goes into every tuple, and the one waiting to replace it.
///
/// The values live in two one-element buffers allocated with the slot, with a flag each, rather
/// than in `Element?` properties: every stored property then has one layout for every `Element`.
/// The readers run unspecialised (``CombineLatestStorage``), and there an `Element?` property
/// costs a runtime lookup of the `Optional<Element>` metadata on every access; a buffer is
/// written with the element type's own value witnesses, which come with the generic argument.
///
/// Safety of `@unchecked Sendable`: a slot is created by its ``CombineLatestStorage`` and shared
/// only with that storage's reader of the same base; both read and write the values and flags
/// only inside the storage's `Mutex`, so every access is serialised by that lock.
@usableFromInline
final class CombineLatestSlot<Element: Sendable>: @unchecked Sendable {
  /// The base's position among the bases.
  @usableFromInline let index: Int
  /// The base's latest element; initialised once the base has produced (`hasLatest`).
  @usableFromInline let latest: UnsafeMutablePointer<Element>
  /// An element that has arrived but not yet become a tuple; initialised while `hasWaiting`.
  @usableFromInline let waiting: UnsafeMutablePointer<Element>
  // `@exclusivity(unchecked)`: every access is under the storage's lock (above), so two
  // accesses can never overlap, and the runtime's dynamic exclusivity check (an access-set insert
  // and removal on every read and write of a class's `var`) would only cost time: several per
  // tuple, one slot per base.
  @exclusivity(unchecked) @usableFromInline var hasLatest = false
  @exclusivity(unchecked) @usableFromInline var hasWaiting = false

  @inlinable
  init(index: Int) {
    self.index = index
    latest = .allocate(capacity: 1)
    waiting = .allocate(capacity: 1)
  }

  deinit {
    if hasLatest { latest.deinitialize(count: 1) }
    if hasWaiting { waiting.deinitialize(count: 1) }
    latest.deallocate()
    waiting.deallocate()
  }

  /// Makes `element` the base's latest.
  @inlinable
  func replaceLatest(with element: Element) {
    if hasLatest {
      latest.pointee = element
    } else {
      latest.initialize(to: element)
      hasLatest = true
    }
  }

  /// Keeps `element` until it becomes a tuple; the base has no other element waiting.
  @inlinable
  func wait(with element: Element) {
    precondition(!hasWaiting, "base \(index) has two elements waiting")
    waiting.initialize(to: element)
    hasWaiting = true
  }

  /// The value this base contributes to a tuple; when `promoted` is this base's index, its waiting
  /// element becomes its latest first.
  @inlinable
  func value(promoting promoted: Int) -> Element {
    if promoted == index, hasWaiting {
      hasWaiting = false
      replaceLatest(with: waiting.move())
    }
    guard hasLatest else { preconditionFailure("a tuple was built before base \(index) produced") }
    return latest.pointee
  }
}
