import Synchronization

/// The concurrency shell of `combineLatest`: one per iterator. It holds the
/// ``CombineLatestStateMachine`` and the bases' typed slots behind one `Mutex`, runs one reader per
/// base, and performs the machine's actions outside the lock.
///
/// Hand-over without a task hop: a reader that reads an element while the consumer waits builds
/// the tuple and resumes the consumer itself, then reads on; otherwise it leaves the element in
/// its slot and suspends, and the consumer's next `next()` builds the tuple and resumes it. Either
/// way an element costs one continuation resumption, no allocation, and each base is at most one
/// element ahead of the tuples the consumer has taken.
@usableFromInline
final class CombineLatestStorage<Failure: Error, each Base: AsyncSequence & Sendable>: Sendable
where repeat (each Base).Element: Sendable {
  @usableFromInline typealias Element = (repeat (each Base).Element)
  @usableFromInline typealias Consumer = UnsafeContinuation<Result<Element?, Failure>, Never>
  /// Resumed with `true` to read the next element, `false` to stop.
  @usableFromInline typealias Reader = UnsafeContinuation<Bool, Never>
  @usableFromInline typealias Machine = CombineLatestStateMachine<Consumer, Reader>

  @usableFromInline
  struct State {
    @usableFromInline var machine: Machine
    /// The task running every base reader, once started.
    @usableFromInline var readerTask: Task<Void, Never>?
    /// Set when the readers must stop; a reader task registered later is cancelled at once.
    @usableFromInline var readersCancelled = false

    @inlinable
    init(machine: Machine) {
      self.machine = machine
    }

    /// Marks the readers cancelled and returns the task to cancel, outside the lock.
    @inlinable
    mutating func cancelReaders() -> Task<Void, Never>? {
      readersCancelled = true
      return readerTask
    }
  }

  @usableFromInline let bases: (repeat each Base)
  @usableFromInline let slots: (repeat CombineLatestSlot<(each Base).Element>)
  @usableFromInline let state: Mutex<State>

  @inlinable
  init(_ bases: repeat each Base) {
    self.bases = (repeat each bases)
    var count = 0
    func makeSlot<Value>(_: Value.Type) -> CombineLatestSlot<Value> {
      defer { count += 1 }
      return CombineLatestSlot(index: count)
    }
    slots = (repeat makeSlot((each Base).Element.self))
    state = Mutex(State(machine: Machine(baseCount: count)))
  }

  /// The tuple of every base's latest value, after base `promoted`'s waiting element (if any)
  /// became its latest. Call only while holding the lock.
  @inlinable
  func makeTuple(promoting promoted: Int) -> Element {
    (repeat (each slots).value(promoting: promoted))
  }

  @inlinable
  func failure(_ error: any Error) -> Failure {
    // The public functions choose `Failure` as the failure type shared by every base, or
    // `any Error`; a base can throw nothing else.
    guard let failure = error as? Failure else {
      preconditionFailure("combineLatest: a base threw \(type(of: error)), not \(Failure.self)")
    }
    return failure
  }
}

// MARK: - Consumer side

extension CombineLatestStorage {
  /// The next tuple, the end (`nil`) or the failure. Cancelling the calling task ends iteration.
  @inlinable
  func next(isolation actor: isolated (any Actor)?) async -> Result<Element?, Failure> {
    await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: actor) { (consumer: Consumer) in
        let (action, tuple) = state.withLock { state -> (Machine.NextAction, Element?) in
          let action = state.machine.next(consumer)
          guard case .emit(_, let promoted, _, _) = action else { return (action, nil) }
          return (action, Optional.some(makeTuple(promoting: promoted)))
        }
        switch action {
        case .startReaders:
          startReaders()
        case .suspend:
          break
        case .emit(let consumer, _, let reader, let readerContinues):
          reader.resume(returning: readerContinues)
          consumer.resume(returning: .success(tuple))
        case .finish(let consumer):
          consumer.resume(returning: .success(nil))
        case .fail(let consumer, let error):
          consumer.resume(returning: .failure(failure(error)))
        }
      }
    } onCancel: {
      cancel()
    }
  }

  /// The consumer is cancelled or gone: end iteration and stop every reader.
  @inlinable
  func cancel() {
    let (action, task) = state.withLock { state -> (Machine.CancelledAction, Task<Void, Never>?) in
      let action = state.machine.cancelled()
      guard case .cancel = action else { return (action, nil) }
      return (action, state.cancelReaders())
    }
    guard case .cancel(let consumer, let stopping) = action else { return }
    task?.cancel()
    for reader in stopping { reader.resume(returning: false) }
    consumer?.resume(returning: .success(nil))
  }
}

// MARK: - Reader side

extension CombineLatestStorage {
  @inlinable
  func startReaders() {
    let task = Task { await readAll() }
    let cancelNow = state.withLock { state in
      state.readerTask = task
      return state.readersCancelled
    }
    if cancelNow { task.cancel() }
  }

  @inlinable
  func readAll() async {
    await withDiscardingTaskGroup { group in
      for (base, slot) in repeat (each bases, each slots) {
        group.addTask { await self.read(base, into: slot) }
      }
    }
  }

  @inlinable
  func read<Reading: AsyncSequence>(
    _ base: Reading, into slot: CombineLatestSlot<Reading.Element>
  ) async {
    var iterator = base.makeAsyncIterator()
    do {
      while let element = try await iterator.next(isolation: nil) {
        guard await hand(element, into: slot) else { return }
      }
      finished(slot.index)
    } catch {
      failed(slot.index, error)
    }
  }

  /// Hands a base's element over; returns whether the reader may read the next one.
  @inlinable
  func hand<Value>(_ element: Value, into slot: CombineLatestSlot<Value>) async -> Bool {
    await withUnsafeContinuation { (reader: Reader) in
      let (action, tuple) = state.withLock { state -> (Machine.ProducedAction, Element?) in
        let action = state.machine.produced(by: slot.index, reader: reader)
        switch action {
        case .replaceLatest:
          slot.latest = element
        case .emit:
          slot.latest = element
          return (action, Optional.some(makeTuple(promoting: slot.index)))
        case .wait:
          slot.waiting = element
        case .discard:
          break
        }
        return (action, nil)
      }
      switch action {
      case .replaceLatest(let reader):
        reader.resume(returning: true)
      case .emit(let consumer, let reader):
        consumer.resume(returning: .success(tuple))
        reader.resume(returning: true)
      case .wait:
        break
      case .discard(let reader):
        reader.resume(returning: false)
      }
    }
  }

  @inlinable
  func finished(_ index: Int) {
    let (action, task) = state.withLock { state -> (Machine.FinishedAction, Task<Void, Never>?) in
      let action = state.machine.finished(index)
      guard case .finish = action else { return (action, nil) }
      return (action, state.cancelReaders())
    }
    guard case .finish(let consumer) = action else { return }
    task?.cancel()
    consumer?.resume(returning: .success(nil))
  }

  @inlinable
  func failed(_ index: Int, _ error: any Error) {
    let (action, task) = state.withLock { state -> (Machine.FailedAction, Task<Void, Never>?) in
      let action = state.machine.failed(index, failure: error)
      guard case .none = action else { return (action, state.cancelReaders()) }
      return (action, nil)
    }
    task?.cancel()
    if case .fail(let consumer, let error) = action {
      consumer.resume(returning: .failure(failure(error)))
    }
  }
}
