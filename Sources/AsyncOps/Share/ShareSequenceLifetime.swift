/// Held by every copy of an ``AsyncShareSequence`` (and by nothing else): when the last copy is
/// gone, no new consumer can register, so `deinit` tells the storage, which cancels the upstream
/// once the last consumer has left too.
///
/// Iterators hold the storage, not this object, so a running `for await` loop does not keep the
/// sequence value alive.
@usableFromInline
final class ShareSequenceLifetime<Base: AsyncSequence & SendableMetatype>: Sendable
where Base.Element: Sendable {
  @usableFromInline let storage: ShareStorage<Base>

  @inlinable
  init(storage: ShareStorage<Base>) {
    self.storage = storage
  }

  deinit {
    storage.sequenceDropped()
  }
}
