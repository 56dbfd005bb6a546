/// An asynchronous sequence of tuples that combine the latest elements of several base sequences;
/// made by `combineLatest` of 4 or more bases, and the core of what it returns for 2 and 3
/// (``combineLatest(_:_:)->AsyncCombineLatest2Sequence<A,B>`` and its three-base sibling).
///
/// ```swift
/// let temperature = AsyncStream<Double> { ... }
/// let unit = AsyncStream<String> { ... }
/// for await (value, unit) in combineLatest(temperature, unit) {
///   print("\(value) \(unit)")
/// }
/// ```
///
/// Nothing is emitted until every base has produced an element. From then on, every element of
/// any base yields exactly one tuple: that base's new element with the latest elements of the
/// others. No element is coalesced or lost: when the consumer is slower than the bases, the bases
/// wait (each reader reads its next element only after its previous one became a tuple that the
/// consumer took). Elements that arrive while the consumer is busy become tuples in the order they
/// arrived.
///
/// Iteration ends when every base has finished, or at once when a base finishes without ever
/// producing (no tuple could ever come; the other bases are cancelled). When a base fails, the
/// tuples already produced are delivered first, then the error is thrown and the other bases are
/// cancelled. Cancelling the consuming task ends iteration (`nil`) and cancels every base.
///
/// Each iterator reads the bases anew, starting with its first `next()`; the bases are iterated
/// concurrently, one task per base.
///
/// `Failure` is the failure type shared by every base (`Never` when none can throw); for 4 bases
/// whose failure types differ, and for 5 bases and more, it is `any Error`. `combineLatest` of 2
/// and 3 bases returns swift-async-algorithms' ``AsyncCombineLatest2Sequence`` and
/// ``AsyncCombineLatest3Sequence`` instead, which wrap this type and throw the first base's
/// failure type; this type with `any Error` is chosen for them when a caller names it.
public struct AsyncCombineLatestSequence<Failure: Error, each Base: AsyncSequence & Sendable>:
  AsyncSequence, Sendable
where repeat (each Base).Element: Sendable {
  /// A tuple of the latest element of every base, in argument order.
  public typealias Element = (repeat (each Base).Element)

  @usableFromInline let bases: (repeat each Base)
  /// How each iterator starts its readers and builds its tuples (see ``CombineLatestFanOut``).
  @usableFromInline let readBases: CombineLatestStorage<Failure, repeat each Base>.ReadBases
  @usableFromInline let combine: CombineLatestStorage<Failure, repeat each Base>.MakeTuple

  /// Combines `bases`, any number of them, through the generic fan-out. `Failure` must be the
  /// failure type of every base, or `any Error`; the public functions guarantee it.
  @inlinable
  init(_ bases: repeat each Base) {
    self.init(
      repeat each bases, readingWith: { await $0.readAll() },
      combiningWith: { $0.genericTuple(promoting: $1) })
  }

  /// Combines `bases`, whose readers `readBases` starts and whose tuples `combine` builds.
  @inlinable
  init(
    _ bases: repeat each Base,
    readingWith readBases: @escaping CombineLatestStorage<Failure, repeat each Base>.ReadBases,
    combiningWith combine: @escaping CombineLatestStorage<Failure, repeat each Base>.MakeTuple
  ) {
    self.bases = (repeat each bases)
    self.readBases = readBases
    self.combine = combine
  }

  /// Creates an iterator that starts reading the bases at its first `next()`.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      storage: CombineLatestStorage(
        repeat each bases, readingWith: readBases, combiningWith: combine))
  }

  /// Produces the combined tuples; see ``AsyncCombineLatestSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    /// Cancels every base when the last copy of the iterator is gone.
    @usableFromInline let handle: IteratorLifetime<CombineLatestStorage<Failure, repeat each Base>>

    @inlinable
    init(storage: CombineLatestStorage<Failure, repeat each Base>) {
      handle = IteratorLifetime(storage)
    }

    /// The next tuple; `nil` when iteration has ended or the calling task is cancelled.
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

    /// The next tuple; `nil` when iteration has ended or the calling task is cancelled.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}
