/// One base's values: the latest, which goes into every tuple, and the one waiting to replace it.
///
/// Safety of `@unchecked Sendable`: a slot is created by its ``CombineLatestStorage`` and shared
/// only with that storage's reader of the same base; both read and write `latest` and `waiting`
/// only inside the storage's `Mutex`, so every access is serialised by that lock.
@usableFromInline
final class CombineLatestSlot<Element: Sendable>: @unchecked Sendable {
  /// The base's position among the bases.
  @usableFromInline let index: Int
  /// The base's latest element; set once the base has produced.
  @usableFromInline var latest: Element?
  /// An element that has arrived but not yet become a tuple.
  @usableFromInline var waiting: Element?

  @inlinable
  init(index: Int) {
    self.index = index
  }

  /// The value this base contributes to a tuple; when `promoted` is this base's index, its waiting
  /// element becomes its latest first.
  @inlinable
  func value(promoting promoted: Int) -> Element {
    if promoted == index, let element = waiting.take() {
      latest = element
    }
    guard let latest else { preconditionFailure("a tuple was built before base \(index) produced") }
    return latest
  }
}
