import Synchronization

/// The concurrency shell of `chunks(ofCount:or:)` / `chunked(by: signal)`: holds a
/// ``ChunksOfCountOrSignalStateMachine`` in a `Mutex`, runs the one task that reads the base (and
/// the signal in its one child task), and resumes what the machine returns outside the lock.
@usableFromInline
final class ChunksOfCountOrSignalStorage<
  Base: AsyncSequence & Sendable, Signal: AsyncSequence & Sendable
>: Sendable where Base.Element: Sendable {
  @usableFromInline typealias Element = Base.Element
  @usableFromInline typealias Failure = Base.Failure
  @usableFromInline typealias Outcome = Result<[Element]?, Failure>
  @usableFromInline typealias Consumer = UnsafeContinuation<Outcome, Never>
  @usableFromInline typealias ReaderWaiter = UnsafeContinuation<Bool, Never>
  @usableFromInline typealias Machine = ChunksOfCountOrSignalStateMachine<
    Element, Failure, Consumer, ReaderWaiter, Task<Void, Never>
  >
  @usableFromInline typealias Resumptions = ChunksResumptions<
    [Element], Failure, Consumer, ReaderWaiter, Task<Void, Never>
  >

  @usableFromInline let machine: Mutex<Machine>
  @usableFromInline let base: Base
  @usableFromInline let signal: Signal

  @inlinable
  init(base: Base, signal: Signal, count: Int?) {
    self.machine = Mutex(Machine(count: count))
    self.base = base
    self.signal = signal
  }

  // MARK: - Consumer side

  @inlinable
  func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> [Element]? {
    // A consumer cancelled while busy elsewhere ends now, like every operator of the package.
    if Task.isCancelled {
      cancel()
      return nil
    }
    switch machine.withLock({ $0.next() }) {
    case .deliver(let outcome, let readers):
      for reader in readers { reader.resume(returning: true) }
      return try outcome.get()
    case .startReaders:
      startReaders()
    case .suspend:
      break
    }
    let outcome = await withTaskCancellationHandler {
      await withUnsafeContinuation { (consumer: Consumer) in
        if let (ready, readers) = machine.withLock({ $0.suspend(consumer) }) {
          consumer.resume(returning: ready)
          for reader in readers { reader.resume(returning: true) }
        }
      }
    } onCancel: {
      cancel()
    }
    return try outcome.get()
  }

  /// Ends the iteration: the consumer was cancelled or dropped its iterator.
  @inlinable
  func cancel() {
    perform(machine.withLock { $0.cancelled() })
  }

  @inlinable
  func perform(_ resumptions: Resumptions) {
    if let (consumer, outcome) = resumptions.consumer { consumer.resume(returning: outcome) }
    for reader in resumptions.readers { reader.resume(returning: false) }
    resumptions.task?.cancel()
  }

  // MARK: - Reader side

  @inlinable
  func startReaders() {
    let task = Task { await self.run() }
    machine.withLock { $0.readersStarted(task) }?.cancel()
  }

  /// Reads the base in this task and the signal in a child task, cancelled as soon as the base
  /// ends: no task outlives the iteration.
  @inlinable
  func run() async {
    await withDiscardingTaskGroup { group in
      group.addTask { await self.readSignal() }
      await readBase()
      group.cancelAll()
    }
  }

  @inlinable
  func readBase() async {
    var iterator = base.makeAsyncIterator()
    do {
      while let element = try await iterator.next(isolation: nil) {
        guard await handle(machine.withLock { $0.baseProduced(element) }, .base) else { return }
      }
      perform(machine.withLock { $0.baseFinished() })
    } catch {
      perform(machine.withLock { $0.baseFailed(error) })
    }
  }

  /// Reads the signal until the iteration ends. The signal's own end (or failure) only ends the
  /// signalling: the base goes on, cut by count and at its end.
  @inlinable
  func readSignal() async {
    var iterator = signal.makeAsyncIterator()
    while true {
      do {
        guard try await iterator.next(isolation: nil) != nil else { return }
      } catch {
        return
      }
      guard await handle(machine.withLock { $0.signalTicked() }, .signal) else { return }
    }
  }

  /// Performs a reader's action; `false` when the reader must stop.
  @inlinable
  func handle(
    _ action: ChunksReaderAction<[Element], Consumer>, _ reader: Machine.Reader
  ) async -> Bool {
    switch action {
    case .proceed:
      return true
    case .stop:
      return false
    case .resumeConsumer(let consumer, let chunk):
      consumer.resume(returning: .success(chunk))
      return true
    case .park:
      return await withUnsafeContinuation { (waiter: ReaderWaiter) in
        if let resumption = machine.withLock({ $0.park(waiter, reader) }) {
          waiter.resume(returning: resumption)
        }
      }
    }
  }
}

/// Ends the iteration of a ``ChunksOfCountOrSignalStorage`` when the last copy of an iterator is
/// dropped.
@usableFromInline
final class ChunksOfCountOrSignalLifetime<
  Base: AsyncSequence & Sendable, Signal: AsyncSequence & Sendable
>: Sendable where Base.Element: Sendable {
  @usableFromInline let storage: ChunksOfCountOrSignalStorage<Base, Signal>

  @inlinable
  init(storage: ChunksOfCountOrSignalStorage<Base, Signal>) {
    self.storage = storage
  }

  deinit {
    storage.cancel()
  }
}
