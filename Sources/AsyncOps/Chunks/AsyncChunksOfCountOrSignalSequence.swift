/// An asynchronous sequence of the elements of its base in chunks cut by a signal — another
/// asynchronous sequence, often a timer — or by a count, whichever comes first; made by
/// `chunks(ofCount:or:)` and `chunked(by:)` with a signal or a timer.
///
/// ```swift
/// // Log lines written in batches of at most 100, or every 10 ms, whichever comes first:
/// let clock = ContinuousClock()
/// for await batch in lines.chunks(ofCount: 100, or: .repeating(every: .milliseconds(10), clock: clock)) {
///   await sink.write(batch)
/// }
/// ```
///
/// The rules:
/// - The base and the signal are read concurrently by the sequence's own task, started by the
///   iterator's first `next()` (so a timer's first tick is due one interval after that `next()`).
/// - A chunk is cut when it holds `count` elements, or when the signal produces an element; a
///   signal with nothing collected cuts nothing: an empty chunk is never emitted.
/// - When the base finishes, the partial chunk (if not empty) is emitted, then the end, and the
///   signal is no longer read. When the base fails, the partial chunk is dropped and the failure
///   is thrown (after the chunks already cut); every later `next()` returns `nil`.
/// - The signal's own end or failure only ends the signalling: the base is then cut by count
///   and at its end.
/// - While a cut chunk waits for the consumer, neither the base nor the signal is read further.
/// - Cancelling the consuming task (or dropping the iterator) ends the iteration with `nil` and
///   cancels the reading of both at once; no task outlives the iterator.
///
/// The sequence's `Failure` is its base's.
public struct AsyncChunksOfCountOrSignalSequence<
  Base: AsyncSequence, Collected: RangeReplaceableCollection, Signal: AsyncSequence
>: AsyncSequence, Sendable
where
  Collected.Element == Base.Element, Base: Sendable, Signal: Sendable, Base.Element: Sendable,
  Signal.Element: Sendable
{
  /// A chunk of the base's elements.
  public typealias Element = Collected
  /// The base's failure.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let signal: Signal
  @usableFromInline let count: Int?

  @inlinable
  init(base: Base, count: Int?, signal: Signal) {
    if let count {
      precondition(count > 0, "chunks(ofCount:or:) needs a count greater than zero")
    }
    self.base = base
    self.count = count
    self.signal = signal
  }

  @usableFromInline typealias Storage = ChunksOfCountOrSignalStorage<Base, Signal>
  @usableFromInline typealias Lifetime = IteratorLifetime<Storage>

  /// Creates an iterator. Neither the base nor the signal is read until its first `next()`.
  ///
  /// ```swift
  /// var batches = lines.chunked(by: flushes).makeAsyncIterator()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(lifetime: Lifetime(Storage(base: base, signal: signal, count: count)))
  }

  /// Produces the chunks.
  ///
  /// ```swift
  /// while let batch = await batches.next() { print(batch.count) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline let lifetime: Lifetime

    @inlinable
    init(lifetime: Lifetime) {
      self.lifetime = lifetime
    }

    /// The next chunk; `nil` at the end (after the last partial chunk) or once the consuming
    /// task was cancelled. Throws the base's failure, dropping the partial chunk.
    ///
    /// ```swift
    /// let batch = try await batches.next(isolation: #isolation)
    /// ```
    @inlinable @inline(__always)
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Collected? {
      // Always inlined, as the storage's `next`: the consumer's fast path is then a synchronous
      // call in its own loop.
      guard let chunk = try await lifetime.unretainedStorage.next(isolation: actor) else {
        return nil
      }
      if let same = chunk as? Collected { return same }
      return Collected(chunk)
    }

    /// The next chunk; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Collected? {
      try await next(isolation: nil)
    }
  }
}

@available(*, unavailable)
extension AsyncChunksOfCountOrSignalSequence.Iterator: Sendable {}

extension AsyncSequence {
  /// Collects the elements in chunks of at most `count`, each an instance of `Collected`, cut
  /// early whenever `signal` produces an element.
  ///
  /// ```swift
  /// let batches = events.chunks(ofCount: 50, or: flushRequests, into: [Event].self)
  /// ```
  ///
  /// - Parameters:
  ///   - count: The number of elements of a full chunk; must be greater than zero.
  ///   - signal: Each of its elements cuts the chunk collected so far (if not empty).
  ///   - into: The collection type of a chunk.
  @inlinable
  public func chunks<Signal, Collected: RangeReplaceableCollection>(
    ofCount count: Int, or signal: Signal, into: Collected.Type
  ) -> AsyncChunksOfCountOrSignalSequence<Self, Collected, Signal>
  where Collected.Element == Element {
    AsyncChunksOfCountOrSignalSequence(base: self, count: count, signal: signal)
  }

  /// Collects the elements in arrays of at most `count`, cut early whenever `signal` produces an
  /// element.
  ///
  /// ```swift
  /// for await batch in events.chunks(ofCount: 50, or: flushRequests) { await upload(batch) }
  /// ```
  ///
  /// - Parameters:
  ///   - count: The number of elements of a full chunk; must be greater than zero.
  ///   - signal: Each of its elements cuts the chunk collected so far (if not empty).
  @inlinable
  public func chunks<Signal>(
    ofCount count: Int, or signal: Signal
  ) -> AsyncChunksOfCountOrSignalSequence<Self, [Element], Signal> {
    chunks(ofCount: count, or: signal, into: [Element].self)
  }

  /// Collects the elements in chunks of `Collected`, cut whenever `signal` produces an element.
  ///
  /// ```swift
  /// let lines = characters.chunked(by: newlines, into: String.self)
  /// ```
  ///
  /// - Parameters:
  ///   - signal: Each of its elements cuts the chunk collected so far (if not empty).
  ///   - into: The collection type of a chunk.
  @inlinable
  public func chunked<Signal, Collected: RangeReplaceableCollection>(
    by signal: Signal, into: Collected.Type
  ) -> AsyncChunksOfCountOrSignalSequence<Self, Collected, Signal>
  where Collected.Element == Element {
    AsyncChunksOfCountOrSignalSequence(base: self, count: nil, signal: signal)
  }

  /// Collects the elements in arrays, cut whenever `signal` produces an element.
  ///
  /// ```swift
  /// for await batch in events.chunked(by: flushRequests) { await upload(batch) }
  /// ```
  ///
  /// - Parameter signal: Each of its elements cuts the chunk collected so far (if not empty).
  @inlinable
  public func chunked<Signal>(
    by signal: Signal
  ) -> AsyncChunksOfCountOrSignalSequence<Self, [Element], Signal> {
    chunked(by: signal, into: [Element].self)
  }

  /// Collects the elements in chunks of at most `count`, each an instance of `Collected`, cut
  /// early at every tick of `timer`; the timer starts at the first `next()`.
  ///
  /// ```swift
  /// let batches = events.chunks(
  ///   ofCount: 50, or: .repeating(every: .milliseconds(10), clock: clock), into: [Event].self)
  /// ```
  ///
  /// - Parameters:
  ///   - count: The number of elements of a full chunk; must be greater than zero.
  ///   - timer: Each tick cuts the chunk collected so far (if not empty).
  ///   - into: The collection type of a chunk.
  @inlinable
  public func chunks<C: Clock, Collected: RangeReplaceableCollection>(
    ofCount count: Int, or timer: AsyncTimerSequence<C>, into: Collected.Type
  ) -> AsyncChunksOfCountOrSignalSequence<Self, Collected, AsyncTimerSequence<C>>
  where Collected.Element == Element {
    AsyncChunksOfCountOrSignalSequence(base: self, count: count, signal: timer)
  }

  /// Collects the elements in arrays of at most `count`, cut early at every tick of `timer`; the
  /// timer starts at the first `next()`.
  ///
  /// ```swift
  /// let batches = events.chunks(ofCount: 50, or: .repeating(every: .milliseconds(10), clock: clock))
  /// ```
  ///
  /// - Parameters:
  ///   - count: The number of elements of a full chunk; must be greater than zero.
  ///   - timer: Each tick cuts the chunk collected so far (if not empty).
  @inlinable
  public func chunks<C: Clock>(
    ofCount count: Int, or timer: AsyncTimerSequence<C>
  ) -> AsyncChunksOfCountOrSignalSequence<Self, [Element], AsyncTimerSequence<C>> {
    chunks(ofCount: count, or: timer, into: [Element].self)
  }

  /// Collects the elements in chunks of `Collected`, cut at every tick of `timer`; the timer
  /// starts at the first `next()`.
  ///
  /// ```swift
  /// let text = keystrokes.chunked(by: .repeating(every: .milliseconds(50), clock: clock), into: String.self)
  /// ```
  ///
  /// - Parameters:
  ///   - timer: Each tick cuts the chunk collected so far (if not empty).
  ///   - into: The collection type of a chunk.
  @inlinable
  public func chunked<C: Clock, Collected: RangeReplaceableCollection>(
    by timer: AsyncTimerSequence<C>, into: Collected.Type
  ) -> AsyncChunksOfCountOrSignalSequence<Self, Collected, AsyncTimerSequence<C>>
  where Collected.Element == Element {
    AsyncChunksOfCountOrSignalSequence(base: self, count: nil, signal: timer)
  }

  /// Collects the elements in arrays, cut at every tick of `timer`; the timer starts at the first
  /// `next()`.
  ///
  /// ```swift
  /// for await batch in events.chunked(by: .repeating(every: .milliseconds(10), clock: clock)) {
  ///   await upload(batch)
  /// }
  /// ```
  ///
  /// - Parameter timer: Each tick cuts the chunk collected so far (if not empty).
  @inlinable
  public func chunked<C: Clock>(
    by timer: AsyncTimerSequence<C>
  ) -> AsyncChunksOfCountOrSignalSequence<Self, [Element], AsyncTimerSequence<C>> {
    chunked(by: timer, into: [Element].self)
  }
}
