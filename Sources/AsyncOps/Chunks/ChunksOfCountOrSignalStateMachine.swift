/// The rules of `chunks(ofCount:or:)` and `chunked(by: signal)` as a pure value: the storage
/// reads the base and the signal concurrently and reports each event here; every event returns
/// what must be resumed.
///
/// `Consumer` is the continuation of the consumer suspended in `next()`, `ReaderWaiter` that of a
/// reader parked for lack of room, `Readers` the handle of the task that reads both; tests use
/// plain strings for all three.
///
/// Back-pressure: a cut chunk the consumer has not taken yet waits in `completed`; while one
/// does, each reader parks after its current event, so at most one chunk per reader can queue.
@usableFromInline
struct ChunksOfCountOrSignalStateMachine<Element, Failure: Error, Consumer, ReaderWaiter, Readers> {
  @usableFromInline typealias Chunk = [Element]
  @usableFromInline typealias Outcome = Result<Chunk?, Failure>

  /// Which of the two reading loops an event comes from.
  @usableFromInline
  enum Reader: Sendable {
    case base
    case signal
  }

  @usableFromInline
  enum End {
    /// The base finished (or its failure was already thrown): `nil` once `completed` is empty.
    case finished
    /// The base failed: thrown once `completed` is empty, then `finished`.
    case failed(Failure)
    /// The consumer was cancelled or dropped its iterator: `nil` from now on.
    case cancelled
  }

  /// The number of elements of a full chunk; `nil`: only the signal cuts.
  @usableFromInline let count: Int?
  /// The elements of the chunk being collected.
  @usableFromInline var partial: Chunk = []
  /// Chunks already cut, oldest first, not yet taken by the consumer.
  @usableFromInline var completed: [Chunk] = []
  @usableFromInline var consumer: Consumer?
  @usableFromInline var baseWaiter: ReaderWaiter?
  @usableFromInline var signalWaiter: ReaderWaiter?
  @usableFromInline var readers: Readers?
  @usableFromInline var started = false
  @usableFromInline var end: End?

  @inlinable
  init(count: Int?) {
    self.count = count
  }

  // MARK: - Consumer

  /// The consumer calls `next()`.
  @inlinable
  mutating func next() -> ChunksNextAction<Chunk, Failure, ReaderWaiter> {
    if let (outcome, waiters) = takeReady() { return .deliver(outcome, resume: waiters) }
    guard started else {
      started = true
      return .startReaders
    }
    return .suspend
  }

  /// The consumer is about to suspend: the outcome to resume it with at once (and the readers to
  /// resume with `true`), or `nil` when it was stored.
  @inlinable
  mutating func suspend(_ consumer: Consumer) -> (Outcome, [ReaderWaiter])? {
    if let ready = takeReady() { return ready }
    precondition(
      self.consumer == nil, "two copies of one chunks iterator cannot wait at once")
    self.consumer = consumer
    return nil
  }

  /// The reading task was created; returns it when it must be cancelled at once.
  @inlinable
  mutating func readersStarted(_ readers: Readers) -> Readers? {
    if case .cancelled = end { return readers }
    self.readers = readers
    return nil
  }

  /// The consumer's task was cancelled, or its iterator was dropped.
  @inlinable
  mutating func cancelled() -> ChunksResumptions<Chunk, Failure, Consumer, ReaderWaiter, Readers> {
    if case .cancelled = end { return ChunksResumptions() }
    end = .cancelled
    partial = []
    completed = []
    return ChunksResumptions(
      consumer: consumer.take().map { ($0, .success(nil)) }, readers: takeWaiters(),
      task: readers.take())
  }

  // MARK: - Readers

  /// The base produced `element`.
  @inlinable
  mutating func baseProduced(_ element: Element) -> ChunksReaderAction<Chunk, Consumer> {
    guard end == nil else { return .stop }
    partial.append(element)
    if let count, partial.count >= count { return cut() }
    return completed.isEmpty ? .proceed : .park
  }

  /// The signal produced an element: cut the partial chunk, unless it is empty.
  @inlinable
  mutating func signalTicked() -> ChunksReaderAction<Chunk, Consumer> {
    guard end == nil else { return .stop }
    guard !partial.isEmpty else { return completed.isEmpty ? .proceed : .park }
    return cut()
  }

  /// A reader is about to park: `true` (read on) or `false` (stop) to resume it with at once, or
  /// `nil` when it was stored until the consumer takes the waiting chunks.
  @inlinable
  mutating func park(_ waiter: ReaderWaiter, _ reader: Reader) -> Bool? {
    guard end == nil else { return false }
    guard !completed.isEmpty else { return true }
    switch reader {
    case .base: baseWaiter = waiter
    case .signal: signalWaiter = waiter
    }
    return nil
  }

  /// The base finished: the partial chunk becomes the last one.
  @inlinable
  mutating func baseFinished() -> ChunksResumptions<Chunk, Failure, Consumer, ReaderWaiter, Readers>
  {
    guard end == nil else { return ChunksResumptions() }
    end = .finished
    var resumptions = ChunksResumptions<Chunk, Failure, Consumer, ReaderWaiter, Readers>(
      readers: takeWaiters())
    let last = partial
    partial = []
    if let consumer = consumer.take() {
      // A waiting consumer means nothing was completed.
      resumptions.consumer = (consumer, .success(last.isEmpty ? nil : last))
    } else if !last.isEmpty {
      completed.append(last)
    }
    return resumptions
  }

  /// The base failed: the partial chunk is dropped; the chunks already cut come first.
  @inlinable
  mutating func baseFailed(_ failure: Failure) -> ChunksResumptions<
    Chunk, Failure, Consumer, ReaderWaiter, Readers
  > {
    guard end == nil else { return ChunksResumptions() }
    partial = []
    var resumptions = ChunksResumptions<Chunk, Failure, Consumer, ReaderWaiter, Readers>(
      readers: takeWaiters())
    if let consumer = consumer.take() {
      end = .finished
      resumptions.consumer = (consumer, .failure(failure))
    } else {
      end = .failed(failure)
    }
    return resumptions
  }

  // MARK: - Helpers

  @inlinable
  mutating func cut() -> ChunksReaderAction<Chunk, Consumer> {
    let chunk = partial
    partial = []
    if let consumer = consumer.take() { return .resumeConsumer(consumer, chunk) }
    completed.append(chunk)
    return .park
  }

  /// What a consumer can have at once: a cut chunk, or the end; `nil` when it must wait.
  @inlinable
  mutating func takeReady() -> (Outcome, [ReaderWaiter])? {
    if !completed.isEmpty {
      let chunk = completed.removeFirst()
      return (.success(chunk), completed.isEmpty ? takeWaiters() : [])
    }
    switch end {
    case nil:
      return nil
    case .finished, .cancelled:
      return (.success(nil), [])
    case .failed(let failure):
      end = .finished
      return (.failure(failure), [])
    }
  }

  @inlinable
  mutating func takeWaiters() -> [ReaderWaiter] {
    [baseWaiter.take(), signalWaiter.take()].compactMap { $0 }
  }
}

/// What `next()` must do.
@usableFromInline
enum ChunksNextAction<Chunk, Failure: Error, ReaderWaiter> {
  /// Return (or throw) this at once, and resume these parked readers with `true`.
  case deliver(Result<Chunk?, Failure>, resume: [ReaderWaiter])
  /// Start the task that reads the base and the signal, then suspend.
  case startReaders
  case suspend
}

/// What a reader must do after its event.
@usableFromInline
enum ChunksReaderAction<Chunk, Consumer> {
  /// Read on.
  case proceed
  /// Park until the consumer took the waiting chunks.
  case park
  /// Hand this chunk to the waiting consumer, then read on.
  case resumeConsumer(Consumer, Chunk)
  /// The iteration ended: stop reading.
  case stop
}

/// Who must be resumed after the base ended or the consumer was cancelled: the consumer with its
/// outcome, the parked readers with `false`, and the reading task to cancel.
@usableFromInline
struct ChunksResumptions<Chunk, Failure: Error, Consumer, ReaderWaiter, Readers> {
  @usableFromInline var consumer: (Consumer, Result<Chunk?, Failure>)?
  @usableFromInline var readers: [ReaderWaiter]
  @usableFromInline var task: Readers?

  @inlinable
  init(
    consumer: (Consumer, Result<Chunk?, Failure>)? = nil, readers: [ReaderWaiter] = [],
    task: Readers? = nil
  ) {
    self.consumer = consumer
    self.readers = readers
    self.task = task
  }
}

extension ChunksNextAction: Equatable
where Chunk: Equatable, Failure: Equatable, ReaderWaiter: Equatable {}

extension ChunksReaderAction: Equatable where Chunk: Equatable, Consumer: Equatable {}
