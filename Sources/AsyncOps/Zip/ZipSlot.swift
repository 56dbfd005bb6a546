/// One base's element of the tuple being assembled by a `zip`.
///
/// Safety of `@unchecked Sendable`: a slot is created by its ``ZipStorage`` and shared only with
/// that storage's reader of the same base; both read and write `element` only inside the
/// storage's `Mutex`, so every access is serialised by that lock.
@usableFromInline
final class ZipSlot<Element: Sendable>: @unchecked Sendable {
  /// The base's position among the bases.
  @usableFromInline let index: Int
  // `@exclusivity(unchecked)`: every access is under the storage's lock (above), so two accesses
  // can never overlap; the runtime's dynamic exclusivity check would only cost time per element.
  @exclusivity(unchecked) @usableFromInline var element: Element?

  @inlinable
  init(index: Int) {
    self.index = index
  }

  /// The element handed in for the current tuple; the slot is empty afterwards.
  @inlinable
  func take() -> Element {
    guard let element else { preconditionFailure("zip: a tuple was built without base \(index)") }
    self.element = nil
    return element
  }
}
