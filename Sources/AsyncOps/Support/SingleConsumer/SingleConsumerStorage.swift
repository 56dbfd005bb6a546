import Synchronization

/// A state machine the ``SingleConsumerStorage`` shell drives: it records the task that reads the
/// upstream once that task exists.
@usableFromInline
protocol SingleConsumerMachine {
  associatedtype Upstream
  /// The task reading the upstream was created; returns it when it must be cancelled at once
  /// because the consumer is already gone.
  mutating func upstreamStarted(_ upstream: Upstream) -> Upstream?
}

/// The concurrency shell of an operator whose one consumer is fed by a task that reads the
/// upstream — `debounce`, `throttle`, `buffer`, `mapLatest`/`flatMapLatest`, and
/// `chunks(ofCount:or:)`/`chunked(by:)` by signal or timer — written once: the consumer's
/// `next()` (a cancelled consumer ends at once; otherwise it takes what is ready or suspends until
/// the reading side resumes it), and the start of the reading task on the first `next()`.
///
/// A conforming storage is a `final class` that holds its state machine in a `Mutex` and supplies
/// what differs per operator: how the machine's `next()` and `suspend(_:)` are spelled and which
/// parked reader they wake (``consumerNext()``, ``consumerSuspend(_:)``), what the reading task
/// does (``readUpstream()``) and what `cancel()` resumes. The methods here are `@inlinable`
/// extension methods, so the iterator, which holds the storage with its concrete type, calls a
/// copy specialised for it.
@usableFromInline
protocol SingleConsumerStorage: ConsumerCancellableStorage {
  associatedtype Element
  associatedtype Failure: Error
  associatedtype Machine: SingleConsumerMachine where Machine.Upstream == Task<Void, Never>

  /// The operator's state machine behind its lock.
  var machine: Mutex<Machine> { get }

  /// The consumer calls `next()`: the machine's decision, taken under the lock, after resuming
  /// (outside the lock) whatever taking an element freed.
  func consumerNext() -> SingleConsumerNextAction<Element, Failure>

  /// The consumer is about to suspend: stores it in the machine, or returns the outcome to resume
  /// it with at once (after resuming, outside the lock, whatever taking an element freed).
  func consumerSuspend(
    _ consumer: UnsafeContinuation<Result<Element?, Failure>, Never>
  ) -> Result<Element?, Failure>?

  /// The body of the task that reads the upstream, from its start until the iteration ends.
  func readUpstream() async
}

extension SingleConsumerStorage {
  /// What the consumer's `next()` finds without waiting: an outcome to deliver now, or that it
  /// must suspend (and whether to start the reading task once it waits).
  @inlinable @inline(__always)
  func nextIfReady() -> SingleConsumerNextAction<Element, Failure> {
    // A consumer cancelled while busy elsewhere (not suspended, so the cancellation handler of
    // `suspend(startingUpstream:isolation:)` never ran) ends now, even if an element became due
    // meanwhile: otherwise it could go on receiving for as long as elements keep arriving, with
    // the reading task still running.
    if Task.isCancelled {
      cancel()
      return .deliver(.success(nil))
    }
    return consumerNext()
  }

  /// The consumer waits until the reading side resumes it, or its task is cancelled.
  @inlinable
  func suspend(
    startingUpstream startsUpstream: Bool, isolation actor: isolated (any Actor)?
  ) async -> Result<Element?, Failure> {
    await withTaskCancellationHandler(
      operation: {
        await withUnsafeContinuation(isolation: actor) {
          (consumer: UnsafeContinuation<Result<Element?, Failure>, Never>) in
          if let ready = consumerSuspend(consumer) {
            consumer.resume(returning: ready)
          } else if startsUpstream {
            // The reading task starts only once the consumer waits in the machine: an element
            // emitted at once then reaches this consumer, instead of landing in the slot of a
            // busy consumer where a newer one could replace it before this consumer looks (the
            // start race). `ready` is non-nil here only when a cancellation finished the
            // iteration first; then nothing is started.
            startUpstream()
          }
        }
      },
      onCancel: { cancel() },
      isolation: actor)
  }

  /// Creates the task that reads the upstream and registers it with the machine (which cancels it
  /// at once when the consumer is already gone).
  @inlinable
  func startUpstream() {
    let task = Task { await self.readUpstream() }
    machine.withLock { $0.upstreamStarted(task) }?.cancel()
  }
}

extension Unmanaged where Instance: SingleConsumerStorage {
  /// The consumer's `next()`, for an iterator holding the storage through an
  /// ``IteratorLifetime`` (``IteratorLifetime/unretainedStorage``).
  ///
  /// Always inlined, with its fast path synchronous: a consumer that finds an element ready
  /// takes it with one lock, no async call (no async frame, no executor check on entry and
  /// return) and no reference count taken on the storage or its lifetime; only a consumer that
  /// must wait calls ``SingleConsumerStorage/suspend(startingUpstream:isolation:)``, holding the
  /// storage strongly for the wait. The iterator, whose `next()` this runs in, keeps the storage
  /// alive throughout.
  @inlinable @inline(__always)
  func next(
    isolation actor: isolated (any Actor)?
  ) async throws(Instance.Failure) -> Instance.Element? {
    switch _withUnsafeGuaranteedRef({ $0.nextIfReady() }) {
    case .deliver(let outcome):
      return try outcome.get()
    case .startUpstream:
      return try await takeUnretainedValue().suspend(startingUpstream: true, isolation: actor)
        .get()
    case .suspend:
      return try await takeUnretainedValue().suspend(startingUpstream: false, isolation: actor)
        .get()
    }
  }
}
