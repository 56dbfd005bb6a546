/// One consumer's registration with a ``ShareStorage``, held by its iterator: when the iterator
/// is dropped, `deinit` ends the consumer, so a consumer that stops iterating without being
/// cancelled (a `break` out of `for await`) stops holding the upstream back.
@usableFromInline
final class ShareConsumerHandle<Base: AsyncSequence & SendableMetatype>: Sendable
where Base.Element: Sendable {
  @usableFromInline let storage: ShareStorage<Base>
  @usableFromInline let id: Int

  @inlinable
  init(storage: ShareStorage<Base>) {
    self.storage = storage
    self.id = storage.register()
  }

  deinit {
    storage.cancel(consumer: id)
  }
}
