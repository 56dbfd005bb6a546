extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Broadcasts this sequence: it is iterated once, and every iterator made from the result
  /// receives the elements produced after it was made.
  ///
  /// ```swift
  /// let searchText = textField.values
  ///   .debounce(for: .milliseconds(300), clock: clock)
  ///   .share(replay: 1)
  ///
  /// await withTaskGroup(of: Void.self) { group in
  ///   group.addTask { for await text in searchText { await filterList(by: text) } }
  ///   group.addTask { for await text in searchText { await rememberSearch(text) } }
  /// }
  /// ```
  ///
  /// Both loops see every debounced text; neither knows of the other. See
  /// ``AsyncShareSequence`` for the full rules.
  ///
  /// - Parameters:
  ///   - replay: How many of the latest elements a new consumer receives first, produced before it
  ///     registered. Default: 0.
  ///   - bufferingPolicy: How many undelivered elements each consumer may hold, and what happens
  ///     when it holds that many. Default: `.bounded(1)`, lossless and in step with the slowest
  ///     consumer.
  /// - Returns: A `Sendable` sequence that any number of tasks can iterate at once.
  @inlinable
  public func share(
    replay: Int = 0,
    bufferingPolicy: AsyncShareBufferingPolicy = .bounded(1)
  ) -> AsyncShareSequence<Self> {
    AsyncShareSequence(base: self, replay: replay, bufferingPolicy: bufferingPolicy)
  }
}

/// A broadcast of one upstream sequence to any number of independent consumers; made by
/// ``_Concurrency/AsyncSequence/share(replay:bufferingPolicy:)``.
///
/// ```swift
/// let shared = numbers.share(replay: 1, bufferingPolicy: .bufferingNewest(16))
/// async let evens = shared.filter { $0.isMultiple(of: 2) }.reduce(into: []) { $0.append($1) }
/// async let total = shared.reduce(0, +)
/// ```
///
/// The rules:
/// - **Registration.** Each iterator is a consumer from the moment it is made
///   (`makeAsyncIterator()`, which `for await` calls). It receives every element produced after
///   that moment — preceded, with `replay: n`, by the last `n` elements produced before it.
///   Consumers are independent: one never changes which elements another receives.
/// - **One upstream read.** The upstream is iterated once, by one task started by the first
///   consumer's first `next()`.
/// - **Per-consumer buffers.** Each consumer has its own buffer under the
///   ``AsyncShareBufferingPolicy``. `.bounded(n)` is lossless: the upstream is not read again
///   while some consumer holds `n` undelivered elements. The replay a consumer starts with is
///   delivered in full, and counts towards its limit.
/// - **The end.** When the upstream finishes or fails, each consumer first drains its buffer,
///   then ends (`nil`) or throws the upstream's error. A consumer registered after the end gets
///   its replay, then the end.
/// - **Leaving.** Cancelling a consumer's task while it waits in `next()` (or before it calls it),
///   or dropping its iterator, ends that consumer only.
/// - **Cancelling the upstream.** The upstream task is cancelled once no consumer is left *and*
///   no new one can be made, that is once every copy of this sequence value is gone too. While a
///   copy lives, a new consumer may still register, so the upstream keeps running when the last
///   consumer leaves: its elements then only feed the replay. Drop the sequence (let it go out
///   of scope) to stop the upstream.
///
/// Under `.bounded`, an iterator that is made but never advanced holds the upstream back for
/// every consumer once its buffer is full; drop iterators you do not use.
///
/// Memory: each consumer holds at most `max(n, replay + 1)` elements under `.bounded(n)` (a
/// consumer registering while the upstream read is in flight may receive one element past its
/// replay), at most `max(n, replay)` under the dropping policies, and the replay at most `replay`.
public struct AsyncShareSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: Sendable {
  /// The upstream's element.
  public typealias Element = Base.Element
  /// The upstream's failure: a non-throwing upstream gives a non-throwing shared sequence.
  public typealias Failure = Base.Failure

  @usableFromInline let lifetime: ShareSequenceLifetime<Base>

  @inlinable
  init(base: Base, replay: Int, bufferingPolicy: AsyncShareBufferingPolicy) {
    precondition(replay >= 0, "share: replay cannot be negative")
    bufferingPolicy.validate()
    let storage = ShareStorage(base: base, replay: replay, policy: bufferingPolicy)
    lifetime = ShareSequenceLifetime(storage: storage)
  }

  /// Registers a new consumer and returns its iterator. The consumer receives the replay, then
  /// every element produced from now on.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(consumer: ShareConsumerHandle(storage: lifetime.storage))
  }

  /// One consumer of a shared sequence. Dropping it ends the consumer.
  ///
  /// The iterator is `Sendable`: it may be made (registering its consumer) in one task and moved
  /// into the task that consumes it, so that every consumer registers before any starts.
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    @usableFromInline let consumer: ShareConsumerHandle<Base>
    @usableFromInline var ended = false

    @inlinable
    init(consumer: ShareConsumerHandle<Base>) {
      self.consumer = consumer
    }

    /// The consumer's next element: from its buffer at once, or the next one the upstream
    /// produces. `nil` after the upstream finished (and the buffer is drained), or once the
    /// calling task is cancelled.
    ///
    /// - Throws: The upstream's failure, once the buffer is drained.
    @inlinable
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      guard !ended else { return nil }
      switch await consumer.storage.next(consumer: consumer.id, isolation: actor) {
      case .success(let element?):
        return element
      case .success(nil):
        ended = true
        return nil
      case .failure(let failure):
        ended = true
        throw failure
      }
    }

    /// The consumer's next element; see ``next(isolation:)``.
    @inlinable
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }
  }
}

extension AsyncShareSequence {
  /// How many undelivered elements each registered consumer holds, in registration order (for
  /// tests that check that memory stays within the buffering policy).
  @_spi(Testing)
  public var bufferedElementCounts: [Int] { lifetime.storage.bufferedCounts }

  /// How many elements the replay holds (at most `replay`).
  @_spi(Testing)
  public var replayedElementCount: Int { lifetime.storage.replayCount }

  /// How many elements the upstream has produced (delivered to the consumers) so far.
  @_spi(Testing)
  public var producedElementCount: Int { lifetime.storage.producedCount }
}
