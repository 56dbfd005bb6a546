import Synchronization

/// The concurrency shell of `merge`: one per iterator. It holds the ``MergeStateMachine`` behind a
/// `Mutex`, runs one reader task per base, and performs the machine's actions outside the lock.
///
/// A reader that reads an element while the consumer waits resumes the consumer with it and reads
/// on; otherwise it leaves the element with the machine and suspends until the consumer takes it,
/// so each base is at most one element ahead of the consumer (backpressure).
@usableFromInline
final class MergeStorage<
  Element: Sendable, Failure: Error, each Base: AsyncSequence & Sendable
>: ConsumerCancellableStorage {
  @usableFromInline typealias Consumer = UnsafeContinuation<MergeSignal<Element>, Never>
  /// Resumed with `true` to read the next element, `false` to stop.
  @usableFromInline typealias Reader = UnsafeContinuation<Bool, Never>
  @usableFromInline typealias Machine = MergeStateMachine<Element, Consumer, Reader>
  /// Starts one reader per base and returns when every reader has returned.
  @usableFromInline typealias ReadBases = @Sendable (MergeStorage) async -> Void

  /// A ``MergeFanOut`` function, which the caller's code specialises.
  @usableFromInline let readBases: ReadBases

  @usableFromInline let bases: (repeat each Base)
  @usableFromInline let state: Mutex<ReaderTaskState<Machine>>

  @inlinable
  init(_ bases: repeat each Base, readingWith readBases: @escaping ReadBases) {
    self.bases = (repeat each bases)
    self.readBases = readBases
    var count = 0
    for _ in repeat each bases { count += 1 }
    state = Mutex(ReaderTaskState(machine: Machine(baseCount: count)))
  }

  @inlinable
  func failure(_ error: any Error) -> Failure {
    baseFailure(error, operator: "merge")
  }
}

/// What a waiting `merge` consumer is resumed with.
@usableFromInline
enum MergeSignal<Element: Sendable>: Sendable {
  case element(Element)
  case end
  case failure(any Error)
}

// MARK: - Consumer side

extension MergeStorage {
  /// The element waiting longest, the end (`nil`) or the failure; `nil` when nothing waits.
  /// Cancelling the calling task ends iteration.
  @inlinable
  func nextIfReady() -> Result<Element?, Failure>? {
    if Task.isCancelled {
      cancel()
      return .success(nil)
    }
    switch state.withLock({ $0.machine.nextReady() }) {
    case .emit(let element, let reader, let continues):
      reader.resume(returning: continues)
      return .success(element)
    case .finish:
      return .success(nil)
    case .fail(let error):
      return .failure(failure(error))
    case nil:
      return nil
    }
  }

  @inlinable
  func suspend(isolation actor: isolated (any Actor)?) async -> Result<Element?, Failure> {
    let signal = await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: actor) { (consumer: Consumer) in
        switch state.withLock({ $0.machine.next(consumer) }) {
        case .startReaders:
          startReaders()
        case .suspend:
          break
        case .emit(let consumer, let element, let reader, let continues):
          reader.resume(returning: continues)
          consumer.resume(returning: .element(element))
        case .finish(let consumer):
          consumer.resume(returning: .end)
        case .fail(let consumer, let error):
          consumer.resume(returning: .failure(error))
        }
      }
    } onCancel: {
      cancel()
    }
    switch signal {
    case .element(let element): return .success(element)
    case .end: return .success(nil)
    case .failure(let error): return .failure(failure(error))
    }
  }

  /// The consumer is cancelled or gone: end iteration and stop every reader.
  @inlinable
  func cancel() {
    let (action, task) = state.withLock { state in
      let action = state.machine.cancelled()
      guard case .cancel = action else { return (action, Task<Void, Never>?.none) }
      return (action, state.cancelReaders())
    }
    guard case .cancel(let consumer, let stopping) = action else { return }
    task?.cancel()
    for reader in stopping { reader.resume(returning: false) }
    consumer?.resume(returning: .end)
  }
}

// MARK: - Reader side

extension MergeStorage {
  @inlinable
  func startReaders() {
    let task = Task { await readBases(self) }
    if state.withLock({ $0.register(task) }) { task.cancel() }
  }

  /// Reads one base until it ends, fails, or the merge no longer wants its elements.
  @inlinable
  func read<Reading: AsyncSequence>(_ base: Reading) async where Reading.Element == Element {
    var iterator = base.makeAsyncIterator()
    do {
      while let element = try await iterator.next(isolation: nil) {
        guard await hand(element) else { return }
      }
      finished()
    } catch {
      failed(error)
    }
  }

  /// Hands an element over; returns whether the reader may read the next one.
  @inlinable
  func hand(_ element: Element) async -> Bool {
    await withUnsafeContinuation { (reader: Reader) in
      switch state.withLock({ $0.machine.produced(element, reader: reader) }) {
      case .emit(let consumer, let reader):
        consumer.resume(returning: .element(element))
        reader.resume(returning: true)
      case .wait:
        break
      case .discard(let reader):
        reader.resume(returning: false)
      }
    }
  }

  @inlinable
  func finished() {
    guard case .finish(let consumer) = state.withLock({ $0.machine.finished() }) else { return }
    consumer?.resume(returning: .end)
  }

  @inlinable
  func failed(_ error: any Error) {
    let (action, task) = state.withLock { state in
      let action = state.machine.failed(error)
      if case .none = action { return (action, Task<Void, Never>?.none) }
      return (action, state.cancelReaders())
    }
    task?.cancel()
    if case .fail(let consumer, let error) = action {
      consumer.resume(returning: .failure(error))
    }
  }
}
