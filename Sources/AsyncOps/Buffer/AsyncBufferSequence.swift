/// An asynchronous sequence that reads its base ahead, in a task of its own, into a buffer the
/// consumer drains; made by ``_Concurrency/AsyncSequence/buffer(policy:)``.
///
/// ```swift
/// for await frame in decodedFrames.buffer(policy: .bounded(4)) {
///   await display(frame)   // the next four frames decode meanwhile
/// }
/// ```
///
/// The rules:
/// - `.bounded(n)`: the base is read ahead up to `n` elements not yet taken, then the reading
///   waits for the consumer. Nothing is dropped.
/// - `.unbounded`: the reading never waits; nothing is dropped.
/// - `.bufferingLatest(n)` / `.bufferingOldest(n)`: the reading never waits — the base is read on
///   while the consumer is busy — and the buffer keeps the newest / oldest `n` elements.
/// - A limit of 0 buffers nothing: the base is read in the consumer's task, when it asks.
/// - The reading task starts with the first `next()`. When the base finishes or fails, the
///   consumer gets the buffered elements first, then the end or the failure; after that, `nil`.
/// - Cancelling the consuming task (or dropping the iterator) ends the iteration (`nil`) and
///   cancels the reading task; no task outlives the iterator.
///
/// The sequence's `Failure` is its base's: buffering a non-throwing sequence does not throw.
///
/// As in swift-async-algorithms, the elements need not be `Sendable`: each one is handed from the
/// reading task to the consumer, never shared.
public struct AsyncBufferSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable {
  /// The base's element.
  public typealias Element = Base.Element
  /// The base's failure.
  public typealias Failure = Base.Failure

  @usableFromInline let base: Base
  @usableFromInline let policy: AsyncBufferSequencePolicy

  @inlinable
  init(base: Base, policy: AsyncBufferSequencePolicy) {
    self.base = base
    self.policy = policy
  }

  /// Creates an iterator. The base is not read until the iterator's first `next()`.
  ///
  /// ```swift
  /// var iterator = buffered.makeAsyncIterator()
  /// let first = await iterator.next()
  /// ```
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    guard let limit = policy.limit else {
      return Iterator(passingThrough: base.makeAsyncIterator())
    }
    return Iterator(
      lifetime: IteratorLifetime(BufferStorage(base: BufferHandOffSequence(base), limit: limit)))
  }

  /// Produces the base's elements from the buffer.
  ///
  /// ```swift
  /// var iterator = input.buffer(policy: .unbounded).makeAsyncIterator()
  /// while let value = await iterator.next() { print(value) }
  /// ```
  public struct Iterator: AsyncIteratorProtocol {
    /// The base's iterator when the limit is 0 (no buffer, no task); `nil` once it ended.
    @usableFromInline var passThrough: Base.AsyncIterator?
    @usableFromInline let lifetime: IteratorLifetime<BufferStorage<BufferHandOffSequence<Base>>>?

    @inlinable
    init(passingThrough base: Base.AsyncIterator) {
      passThrough = base
      lifetime = nil
    }

    @inlinable
    init(lifetime: IteratorLifetime<BufferStorage<BufferHandOffSequence<Base>>>) {
      passThrough = nil
      self.lifetime = lifetime
    }

    /// The next buffered element; `nil` once the base finished (after the buffered elements) or
    /// the consuming task was cancelled. Throws the base's failure after the buffered elements.
    ///
    /// ```swift
    /// while let value = try await iterator.next(isolation: #isolation) { print(value) }
    /// ```
    @inlinable @inline(__always)
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      // Always inlined, as the storage's `next`: the consumer's fast path is then a synchronous
      // call in its own loop.
      // The storage is read without binding the lifetime: a strong copy held across the `await`
      // would cost a retain and a release per element.
      if let storage = lifetime?.unretainedStorage {
        return try await storage.next(isolation: actor)?.value
      }
      guard !Task.isCancelled, var iterator = passThrough.take() else {
        passThrough = nil
        return nil
      }
      // Left `nil` when the base ends or throws: every later call returns `nil`.
      guard let element = try await iterator.next(isolation: actor) else { return nil }
      passThrough = iterator
      return element
    }

    /// The next buffered element; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncSequence where Self: Sendable {
  /// Reads this sequence ahead, in a task of its own, into a buffer the consumer drains; the
  /// policy says how many elements it keeps and whether the reading waits or drops when full.
  ///
  /// ```swift
  /// for await frame in decodedFrames.buffer(policy: .bounded(4)) {
  ///   await display(frame)
  /// }
  /// ```
  ///
  /// See ``AsyncBufferSequence`` for the exact rules.
  ///
  /// - Parameter policy: `.bounded(n)` (wait when full), `.unbounded`, `.bufferingLatest(n)` or
  ///   `.bufferingOldest(n)` (never wait; keep the newest / oldest `n`).
  @inlinable
  public func buffer(policy: AsyncBufferSequencePolicy) -> AsyncBufferSequence<Self> {
    AsyncBufferSequence(base: self, policy: policy)
  }
}
