extension AsyncSequence where Self: SendableMetatype, Element: Sendable {
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
  ///
  /// The base need not be `Sendable` (as in swift-async-algorithms, only its metatype must be):
  /// its iterator is made here, in the caller's context, and from then on only the shared
  /// sequence's upstream task uses it. Do not iterate the base elsewhere once it is shared.
  @inlinable
  public func share(
    replay: Int = 0,
    bufferingPolicy: AsyncShareBufferingPolicy = .bounded(1)
  ) -> AsyncShareSequence<Self> {
    // Safety of `nonisolated(unsafe)`: the compiler cannot prove the new iterator disconnected
    // from `self`, since it is made from it. It is handed to exactly one task (the upstream
    // task, through `ShareUpstreamHandOff`, whose lock orders the hand-off), and this function
    // keeps no other reference to it. What it may share with `self` is what iterating `self`
    // touches; a single-pass `AsyncSequence` is iterated once, and that one iteration is now the
    // shared sequence's. This is the contract swift-async-algorithms' `share()` relies on too.
    nonisolated(unsafe) let iterator = makeAsyncIterator()
    return AsyncShareSequence(
      upstream: ShareUpstreamHandOff(iterator), replay: replay, bufferingPolicy: bufferingPolicy)
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
///   while some consumer holds `n` undelivered elements (`.bounded(0)`: until every consumer
///   waits in `next()`, a rendezvous). The replay a consumer starts with is treated as if it had
///   been buffered for it: `.bufferingNewest(k)` keeps its newest `k`, `.bufferingOldest(k)` its
///   oldest `k`, `.bounded` and `.unbounded` deliver it whole (and it counts towards the limit).
/// - **One iterator, one task at a time.** Copies of an iterator are the same consumer; calling
///   `next()` on one while a call on another is still waiting is a programming error and stops
///   the program with a precondition failure (as for every operator of this package).
/// - **The end.** When the upstream finishes or fails, each consumer first drains its buffer,
///   then ends (`nil`) or throws the upstream's error. A consumer registered after the end gets
///   its replay, then the end.
/// - **Leaving.** Cancelling a consumer's task while it waits in `next()` (or before it calls it),
///   or dropping its iterator, ends that consumer only.
/// - **Cancelling the upstream.** The upstream task is cancelled once no consumer is left *and*
///   no new one can be made, that is once every copy of this sequence value is gone too. While a
///   copy lives, a new consumer may still register, so the upstream keeps running when the last
///   consumer leaves: its elements then only feed the replay. Drop the sequence (let it go out
///   of scope) to stop the upstream. A share made with `stoppingAfter:` stops the upstream when
///   its last consumer has been gone for that long, and starts it again for the next consumer
///   (see ``_Concurrency/AsyncSequence/share(replay:bufferingPolicy:stoppingAfter:clock:)``).
///
/// Under `.bounded`, an iterator that is made but never advanced holds the upstream back for
/// every consumer once its buffer is full; drop iterators you do not use.
///
/// Memory: each consumer holds at most `max(n, replay + 1)` elements under `.bounded(n)` (a
/// consumer registering while the upstream read is in flight may receive one element past its
/// replay), at most `n` under the dropping policies, and the replay at most `replay`.
public struct AsyncShareSequence<Base: AsyncSequence & SendableMetatype>: AsyncSequence, Sendable
where Base.Element: Sendable {
  /// The upstream's element.
  public typealias Element = Base.Element
  /// The upstream's failure: a non-throwing upstream gives a non-throwing shared sequence.
  public typealias Failure = Base.Failure

  @usableFromInline let lifetime: ShareSequenceLifetime<Base>

  @inlinable
  init(
    upstream: ShareUpstreamHandOff<Base.AsyncIterator>, replay: Int,
    bufferingPolicy: AsyncShareBufferingPolicy, restart: ShareRestart = .never
  ) {
    precondition(replay >= 0, "share: replay cannot be negative")
    bufferingPolicy.validate()
    let storage = ShareStorage<Base>(
      upstream: upstream, replay: replay, policy: bufferingPolicy, restart: restart)
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
    /// Keeps the consumer registered (and the storage alive) as long as some copy of the
    /// iterator exists.
    @usableFromInline let consumer: ShareConsumerHandle<Base>
    /// `consumer.storage` and `consumer.id`, held here as plain values for the per-element path:
    /// the storage loaded through `consumer` was retained and released around every call (two
    /// atomic operations per element, about 15 % of `share-1`'s CPU per element); used through
    /// `Unmanaged._withUnsafeGuaranteedRef` it is not, and `consumer`, held by this same
    /// iterator for the whole call, keeps the storage alive meanwhile.
    @usableFromInline let storage: Unmanaged<ShareStorage<Base>>
    @usableFromInline let id: Int
    @usableFromInline var ended = false
    /// Where the consumer was found in the registry last time: where its next step looks first.
    @usableFromInline var slot = 0

    @inlinable
    init(consumer: ShareConsumerHandle<Base>) {
      self.consumer = consumer
      self.storage = Unmanaged.passUnretained(consumer.storage)
      self.id = consumer.id
    }

    /// The consumer's next element: from its buffer at once, or the next one the upstream
    /// produces. `nil` after the upstream finished (and the buffer is drained), or once the
    /// calling task is cancelled.
    ///
    /// - Throws: The upstream's failure, once the buffer is drained.
    @inlinable @inline(__always)
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      // Always inlined into the caller's loop: its fast path is then a synchronous call, with no
      // async frame and no executor hop per element (measured: left to the optimiser, it was
      // at times not inlined, which cost two executor checks and a frame allocation per element).
      guard !ended else { return nil }
      // The fast path is synchronous (see `ShareStorage.nextIfReady`); only a wait is awaited.
      let result: Result<Element?, Failure>
      let id = id
      var slot = slot
      let ready = storage._withUnsafeGuaranteedRef { $0.nextIfReady(consumer: id, slot: &slot) }
      self.slot = slot
      if let ready {
        result = ready
      } else {
        result = await consumer.storage.suspend(consumer: id, slot: slot, isolation: actor)
      }
      switch result {
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
    @inlinable @inline(__always)
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
