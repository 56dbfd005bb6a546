/// An asynchronous sequence of the elements of several base sequences, in the order they arrive;
/// made by `merge` of 1 and of 4 to 8 bases, and the core of what it returns for 2 and 3
/// (``AsyncMerge2Sequence``, ``AsyncMerge3Sequence``).
///
/// ```swift
/// for await event in merge(networkEvents, localEvents) {
///   apply(event)
/// }
/// ```
///
/// The bases are read concurrently, one task per base, from the first `next()`. An element goes
/// to the consumer in arrival order; a base whose element the consumer has not taken yet waits
/// (at most one element is buffered per base). Iteration ends when every base has finished. The
/// first failure of a base ends it after the elements already read have been taken, and cancels
/// the other bases. Cancelling the consuming task ends iteration (`nil`) and cancels every base.
///
/// `Failure` is the failure type shared by every base (`Never` when none can throw, so
/// `for await` needs no `try`), or `any Error` for bases whose failure types differ. `merge` of 2
/// and 3 bases returns swift-async-algorithms' ``AsyncMerge2Sequence`` and
/// ``AsyncMerge3Sequence`` instead, which wrap this type and throw the first base's failure type;
/// this type with `any Error` is chosen for them when a caller names it.
public struct AsyncMergeSequence<
  Element: Sendable, Failure: Error, each Base: AsyncSequence & Sendable
>: AsyncSequence, Sendable {
  @usableFromInline let bases: (repeat each Base)
  /// How each iterator starts its readers (see ``MergeFanOut``).
  @usableFromInline let readBases: MergeStorage<Element, Failure, repeat each Base>.ReadBases

  /// Merges `bases`, whose readers `readBases` starts: a ``MergeFanOut`` function, which states
  /// that each base produces `Element`. Each base must throw `Failure` or a subtype of it (the
  /// public functions guarantee it).
  @inlinable
  init(
    _ bases: repeat each Base,
    readingWith readBases: @escaping MergeStorage<Element, Failure, repeat each Base>.ReadBases
  ) {
    self.bases = (repeat each bases)
    self.readBases = readBases
  }

  /// Creates an iterator that starts reading the bases at its first `next()`.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(storage: MergeStorage(repeat each bases, readingWith: readBases))
  }

  /// Produces the merged elements; see ``AsyncMergeSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    /// Cancels every base when the last copy of the iterator is gone.
    @usableFromInline let handle: IteratorLifetime<MergeStorage<Element, Failure, repeat each Base>>

    @inlinable
    init(storage: MergeStorage<Element, Failure, repeat each Base>) {
      handle = IteratorLifetime(storage)
    }

    /// The next element; `nil` when iteration has ended or the calling task is cancelled.
    @inlinable @inline(__always)
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      // Always inlined: the consumer's fast path is then a synchronous call in its own loop,
      // through the storage unretained; only a consumer that waits holds it strongly.
      if let ready = handle.unretainedStorage._withUnsafeGuaranteedRef({ $0.nextIfReady() }) {
        return try ready.get()
      }
      return try await handle.storage.suspend(isolation: actor).get()
    }

    /// The next element; `nil` when iteration has ended or the calling task is cancelled.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}
