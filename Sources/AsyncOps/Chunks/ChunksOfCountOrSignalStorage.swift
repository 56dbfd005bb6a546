import Synchronization

/// The storage of `chunks(ofCount:or:)` / `chunked(by: signal)`: holds a
/// ``ChunksOfCountOrSignalStateMachine`` in a `Mutex`, runs the one task that reads the base (and
/// the signal in its one child task), and resumes what the machine returns outside the lock. The
/// consumer's side is the ``SingleConsumerStorage`` shell.
@usableFromInline
final class ChunksOfCountOrSignalStorage<
  Base: AsyncSequence & Sendable, Signal: AsyncSequence & Sendable
>: SingleConsumerStorage where Base.Element: Sendable {
  /// What the consumer receives: a chunk of the base's elements.
  @usableFromInline typealias Element = [Base.Element]
  @usableFromInline typealias Failure = Base.Failure
  @usableFromInline typealias Outcome = Result<Element?, Failure>
  @usableFromInline typealias Consumer = UnsafeContinuation<Outcome, Never>
  @usableFromInline typealias ReaderWaiter = UnsafeContinuation<Bool, Never>
  @usableFromInline typealias Machine = ChunksOfCountOrSignalStateMachine<
    Base.Element, Failure, Consumer, ReaderWaiter, Task<Void, Never>
  >
  @usableFromInline typealias Resumptions = ChunksResumptions<
    Element, Failure, Consumer, ReaderWaiter, Task<Void, Never>
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

  // MARK: - Consumer side (the shell is ``SingleConsumerStorage``)

  /// Taking the last cut chunk wakes the parked readers.
  @inlinable
  func consumerNext() -> SingleConsumerNextAction<Element, Failure> {
    switch machine.withLock({ $0.next() }) {
    case .deliver(let outcome, let readers):
      for reader in readers { reader.resume(returning: true) }
      return .deliver(outcome)
    case .startReaders:
      return .startUpstream
    case .suspend:
      return .suspend
    }
  }

  @inlinable
  func consumerSuspend(_ consumer: Consumer) -> Outcome? {
    guard let (ready, readers) = machine.withLock({ $0.suspend(consumer) }) else { return nil }
    for reader in readers { reader.resume(returning: true) }
    return ready
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

  /// Reads the base in this task and the signal in a child task, cancelled as soon as the base
  /// ends: no task outlives the iteration.
  @inlinable
  func readUpstream() async {
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
    _ action: ChunksReaderAction<Element, Consumer>, _ reader: Machine.Reader
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
