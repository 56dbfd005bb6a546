/// An asynchronous sequence of tuples of the n-th elements of several base sequences; made by
/// `zip` of 1 base and of 4 or more, and the core of what it returns for 2 and 3 (`zip(_:_:)`
/// and `zip(_:_:_:)`).
///
/// ```swift
/// for await (request, response) in zip(requests, responses) {
///   log(request, response)
/// }
/// ```
///
/// The n-th tuple holds the n-th element of each base. The bases are read concurrently, one task
/// per base, from the first `next()`; each base is at most one element ahead of the tuples the
/// consumer has taken. Iteration ends as soon as any base finishes: elements already read from
/// the other bases are dropped and those bases are cancelled. A failure of any base ends it at
/// once, the same way. Cancelling the consuming task ends iteration (`nil`) and cancels every
/// base.
///
/// `Failure` is `any Error`, or the failure type every base shares. `zip` of 2 and 3 bases returns
/// swift-async-algorithms' ``AsyncZip2Sequence`` and ``AsyncZip3Sequence`` instead, which wrap
/// this type and throw the first base's failure type (`Never` when that base cannot throw, so
/// `for await` needs no `try`); this type is chosen for them when a caller names it.
public struct AsyncZipSequence<Failure: Error, each Base: AsyncSequence & Sendable>:
  AsyncSequence, Sendable
where repeat (each Base).Element: Sendable {
  /// A tuple of one element of every base, in argument order.
  public typealias Element = (repeat (each Base).Element)

  @usableFromInline let bases: (repeat each Base)
  /// How each iterator starts its readers and takes its tuples (see ``ZipFanOut``).
  @usableFromInline let readBases: ZipStorage<Failure, repeat each Base>.ReadBases
  @usableFromInline let combine: ZipStorage<Failure, repeat each Base>.TakeTuple

  /// Zips `bases`, any number of them, through the generic fan-out. `Failure` must be the failure
  /// type of every base, or `any Error`; the public functions guarantee it.
  @inlinable
  init(_ bases: repeat each Base) {
    self.init(
      repeat each bases, readingWith: { await $0.readAll() },
      combiningWith: { $0.genericTuple() })
  }

  /// Zips `bases`, whose readers `readBases` starts and whose tuples `combine` takes.
  @inlinable
  init(
    _ bases: repeat each Base,
    readingWith readBases: @escaping ZipStorage<Failure, repeat each Base>.ReadBases,
    combiningWith combine: @escaping ZipStorage<Failure, repeat each Base>.TakeTuple
  ) {
    self.bases = (repeat each bases)
    self.readBases = readBases
    self.combine = combine
  }

  /// Creates an iterator that starts reading the bases at its first `next()`.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      storage: ZipStorage(repeat each bases, readingWith: readBases, combiningWith: combine))
  }

  /// Produces the zipped tuples; see ``AsyncZipSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    /// Cancels every base when the last copy of the iterator is gone.
    @usableFromInline let handle: IteratorLifetime<ZipStorage<Failure, repeat each Base>>

    @inlinable
    init(storage: ZipStorage<Failure, repeat each Base>) {
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
