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
struct ChunksOfCountOrSignalStateMachine<Element, Failure: Error, Consumer, ReaderWaiter, Readers>:
  SingleConsumerMachine, InvariantChecking
{
  @usableFromInline typealias Chunk = [Element]
  @usableFromInline typealias Outcome = Result<Chunk?, Failure>
  /// The consumer half: phase, waiting consumer, the cut chunks it has not taken yet, the end,
  /// the reading task.
  @usableFromInline typealias Consumption = SingleConsumerState<Failure, Consumer, Readers, [Chunk]>

  /// Which of the two reading loops an event comes from.
  @usableFromInline
  enum Reader: Sendable {
    case base
    case signal
  }

  /// The number of elements of a full chunk; `nil`: only the signal cuts.
  @usableFromInline let count: Int?
  /// The elements of the chunk being collected.
  @usableFromInline var partial: Chunk = []
  @usableFromInline var consumption = Consumption()
  @usableFromInline var baseWaiter: ReaderWaiter?
  @usableFromInline var signalWaiter: ReaderWaiter?

  @inlinable
  init(count: Int?) {
    self.count = count
  }

  /// Chunks already cut, oldest first, not yet taken by the consumer.
  @inlinable
  var completed: [Chunk] { consumption.ready }

  /// Whether the readers go on: the consumer iterates and the base has not ended.
  @inlinable
  var isReading: Bool { consumption.isRunning && consumption.end == nil }

  // MARK: - Consumer

  /// The consumer calls `next()`.
  @inlinable
  mutating func next() -> ChunksNextAction<Chunk, Failure, ReaderWaiter> {
    defer { checkInvariants() }
    switch consumption.next(operator: "chunks") {
    case .deliver(let outcome): return .deliver(outcome, resume: wakeReaders())
    case .startUpstream: return .startReaders
    case .suspend: return .suspend
    }
  }

  /// The consumer is about to suspend: the outcome to resume it with at once (and the readers to
  /// resume with `true`), or `nil` when it was stored.
  @inlinable
  mutating func suspend(_ consumer: Consumer) -> (Outcome, [ReaderWaiter])? {
    defer { checkInvariants() }
    guard let outcome = consumption.suspend(consumer, operator: "chunks") else { return nil }
    return (outcome, wakeReaders())
  }

  /// The reading task was created; returns it when it must be cancelled at once.
  @inlinable
  mutating func upstreamStarted(_ readers: Readers) -> Readers? {
    defer { checkInvariants() }
    return consumption.upstreamStarted(readers)
  }

  /// The consumer's task was cancelled, or its iterator was dropped.
  @inlinable
  mutating func cancelled() -> ChunksResumptions<Chunk, Failure, Consumer, ReaderWaiter, Readers> {
    defer { checkInvariants() }
    let (consumer, task) = consumption.cancelled()
    partial = []
    return ChunksResumptions(
      consumer: consumer.map { ($0, .success(nil)) }, readers: takeWaiters(), task: task)
  }

  // MARK: - Readers

  /// The base produced `element`.
  @inlinable
  mutating func baseProduced(_ element: Element) -> ChunksReaderAction<Chunk, Consumer> {
    defer { checkInvariants() }
    guard isReading else { return .stop }
    partial.append(element)
    if let count, partial.count >= count { return cut() }
    return completed.isEmpty ? .proceed : .park
  }

  /// The signal produced an element: cut the partial chunk, unless it is empty.
  @inlinable
  mutating func signalTicked() -> ChunksReaderAction<Chunk, Consumer> {
    defer { checkInvariants() }
    guard isReading else { return .stop }
    guard !partial.isEmpty else { return completed.isEmpty ? .proceed : .park }
    return cut()
  }

  /// A reader is about to park: `true` (read on) or `false` (stop) to resume it with at once, or
  /// `nil` when it was stored until the consumer takes the waiting chunks.
  @inlinable
  mutating func park(_ waiter: ReaderWaiter, _ reader: Reader) -> Bool? {
    defer { checkInvariants() }
    guard isReading else { return false }
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
    defer { checkInvariants() }
    guard isReading else { return ChunksResumptions() }
    var resumptions = ChunksResumptions<Chunk, Failure, Consumer, ReaderWaiter, Readers>(
      readers: takeWaiters())
    let last = partial
    partial = []
    if !last.isEmpty {
      if let consumer = consumption.takeConsumer() {
        resumptions.consumer = (consumer, .success(last))
      } else {
        consumption.ready.append(last)
      }
    }
    // A consumer still waiting means nothing was cut: the finish is its outcome.
    if let waiting = consumption.ended(.finished) { resumptions.consumer = waiting }
    return resumptions
  }

  /// The base failed: the partial chunk is dropped; the chunks already cut come first.
  @inlinable
  mutating func baseFailed(_ failure: Failure) -> ChunksResumptions<
    Chunk, Failure, Consumer, ReaderWaiter, Readers
  > {
    defer { checkInvariants() }
    guard isReading else { return ChunksResumptions() }
    partial = []
    var resumptions = ChunksResumptions<Chunk, Failure, Consumer, ReaderWaiter, Readers>(
      readers: takeWaiters())
    if let waiting = consumption.ended(.failed(failure)) { resumptions.consumer = waiting }
    return resumptions
  }

  // MARK: - Helpers

  @inlinable
  mutating func cut() -> ChunksReaderAction<Chunk, Consumer> {
    let chunk = partial
    partial = []
    if let consumer = consumption.takeConsumer() { return .resumeConsumer(consumer, chunk) }
    consumption.ready.append(chunk)
    return .park
  }

  /// The parked readers, once the consumer has taken every cut chunk (resumed with `true`).
  @inlinable
  mutating func wakeReaders() -> [ReaderWaiter] {
    completed.isEmpty ? takeWaiters() : []
  }

  @inlinable
  mutating func takeWaiters() -> [ReaderWaiter] {
    [baseWaiter.take(), signalWaiter.take()].compactMap { $0 }
  }

  // MARK: - Invariants

  /// Asserts the invariants (a no-op in release builds): the consumer half's; a parked reader
  /// means a cut chunk waits for the consumer; once the readers stop, nothing is collected and no
  /// reader is parked.
  @inlinable
  func checkInvariants() {
    consumption.checkInvariants()
    assert(
      (baseWaiter == nil && signalWaiter == nil) || (isReading && !completed.isEmpty),
      "chunks: a reader is parked while no chunk waits")
    assert(isReading || partial.isEmpty, "chunks: elements are collected after the readers stopped")
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
