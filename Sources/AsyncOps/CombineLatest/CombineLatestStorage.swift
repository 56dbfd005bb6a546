import Synchronization

/// The concurrency shell of `combineLatest`: one per iterator. It holds the
/// ``CombineLatestStateMachine`` and the bases' typed slots behind one `Mutex`, runs one reader per
/// base, and performs the machine's actions outside the lock.
///
/// Hand-over without a task hop: a reader that reads an element while the consumer waits makes it
/// its base's latest and resumes the consumer, which builds the tuple, then reads on; otherwise it
/// leaves the element in its slot and suspends, and the consumer's next `next()` builds the tuple
/// and resumes it. Either way an element costs one continuation resumption, no allocation, and
/// each base is at most one element ahead of the tuples the consumer has taken.
///
/// The readers run in code that the compiler cannot specialise (each reader is reached through
/// the parameter pack), so everything they touch per element is concrete: the lock state (a
/// ``ReaderTaskState`` of a machine over element-free continuations) and the consumer's signal
/// (``CombineLatestSignal``). Only the consumer, specialised, deals with the tuple type.
@usableFromInline
final class CombineLatestStorage<Failure: Error, each Base: AsyncSequence & Sendable>:
  ConsumerCancellableStorage
where repeat (each Base).Element: Sendable {
  @usableFromInline typealias Element = (repeat (each Base).Element)
  /// Resumed with what the consumer gets next; no element type in it (see above).
  @usableFromInline typealias Consumer = UnsafeContinuation<CombineLatestSignal, Never>
  /// Resumed with `true` to read the next element, `false` to stop.
  @usableFromInline typealias Reader = UnsafeContinuation<Bool, Never>
  @usableFromInline typealias Machine = CombineLatestStateMachine<Consumer, Reader>
  /// Starts one reader per base and returns when every reader has returned.
  @usableFromInline typealias ReadBases = @Sendable (CombineLatestStorage) async -> Void

  /// Every base's latest value as the tuple, after the waiting element of the base at `promoting`
  /// (if any) became its latest. Called with the lock held.
  @usableFromInline typealias MakeTuple =
    @Sendable (CombineLatestStorage, _ promoting: Int) -> Element

  /// ``readAll()``, or for two to four bases a ``CombineLatestFanOut`` function that the caller's
  /// code specialises.
  @usableFromInline let readBases: ReadBases
  /// ``genericTuple(promoting:)``, or for two to four bases a ``CombineLatestFanOut`` function that
  /// the caller's code specialises: the consumer builds one tuple per element.
  @usableFromInline let combine: MakeTuple

  @usableFromInline let bases: (repeat each Base)
  @usableFromInline let slots: (repeat CombineLatestSlot<(each Base).Element>)
  @usableFromInline let state: Mutex<ReaderTaskState<Machine>>

  @inlinable
  init(
    _ bases: repeat each Base, readingWith readBases: @escaping ReadBases,
    combiningWith combine: @escaping MakeTuple
  ) {
    self.bases = (repeat each bases)
    self.readBases = readBases
    self.combine = combine
    var count = 0
    func makeSlot<Value>(_: Value.Type) -> CombineLatestSlot<Value> {
      defer { count += 1 }
      return CombineLatestSlot(index: count)
    }
    slots = (repeat makeSlot((each Base).Element.self))
    state = Mutex(ReaderTaskState(machine: Machine(baseCount: count)))
  }

  /// The tuple of every base's latest value, after base `promoted`'s waiting element (if any)
  /// became its latest. Call only while holding the lock.
  @inlinable
  func makeTuple(promoting promoted: Int) -> Element {
    combine(self, promoted)
  }

  /// ``makeTuple(promoting:)`` for any number of bases (through the parameter pack, so each slot
  /// is read by a generic call; see ``CombineLatestFanOut``).
  @inlinable
  func genericTuple(promoting promoted: Int) -> Element {
    (repeat (each slots).value(promoting: promoted))
  }

  @inlinable
  func failure(_ error: any Error) -> Failure {
    baseFailure(error, operator: "combineLatest")
  }
}

// MARK: - Consumer side

extension CombineLatestStorage {
  /// The next tuple, the end (`nil`) or the failure when one is ready; `nil` when the consumer
  /// must wait (``suspend(isolation:)``). Cancelling the calling task ends iteration.
  ///
  /// The tuple is built here, in code specialised for the bases: from a waiting element the
  /// consumer takes itself, or, after a reader resumed it with ``CombineLatestSignal/tuple``, from
  /// every base's latest value (no reader can change a latest value before this consumer asks
  /// again: their elements wait).
  ///
  /// When an element already waits, the consumer takes it under one lock and returns without a
  /// continuation or a cancellation handler (their setup costs more than the rest of the path);
  /// only a consumer that must wait pays for them.
  @inlinable
  func nextIfReady() -> Result<Element?, Failure>? {
    // A consumer cancelled while busy elsewhere ends now, as the cancellation handler below
    // would end it at once: the same answer whether an element waits or not.
    if Task.isCancelled {
      cancel()
      return .success(nil)
    }
    var ready: Element?
    let readyAction = state.withLock { state -> Machine.ReadyAction? in
      let action = state.machine.nextReady()
      if case .emit(let promoted, _, _) = action {
        ready = Optional.some(makeTuple(promoting: promoted))
      }
      return action
    }
    switch readyAction {
    case .emit(_, let reader, let readerContinues):
      reader.resume(returning: readerContinues)
      return .success(ready)
    case .finish:
      return .success(nil)
    case .fail(let error):
      return .failure(failure(error))
    case nil:
      return nil
    }
  }

  /// The consumer's slow path: nothing was ready, so it waits on a continuation (an element may
  /// have arrived meanwhile; the machine then answers at once).
  @inlinable
  func suspend(isolation actor: isolated (any Actor)?) async -> Result<Element?, Failure> {
    var taken: Element?
    let signal = await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: actor) { (consumer: Consumer) in
        let action = state.withLock { state -> Machine.NextAction in
          let action = state.machine.next(consumer)
          if case .emit(_, let promoted, _, _) = action {
            taken = Optional.some(makeTuple(promoting: promoted))
          }
          return action
        }
        switch action {
        case .startReaders:
          startReaders()
        case .suspend:
          break
        case .emit(let consumer, _, let reader, let readerContinues):
          reader.resume(returning: readerContinues)
          consumer.resume(returning: .tuple)
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
    case .tuple:
      if let taken { return .success(taken) }
      return .success(state.withLock { _ in makeTuple(promoting: -1) })
    case .end:
      return .success(nil)
    case .failure(let error):
      return .failure(failure(error))
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
    consumer?.resume(returning: .end)
  }
}

// MARK: - Reader side

extension CombineLatestStorage {
  @inlinable
  func startReaders() {
    let task = Task { await readBases(self) }
    if state.withLock({ $0.register(task) }) { task.cancel() }
  }

  /// The fan-out for any number of bases; see ``CombineLatestFanOut`` for why two to four bases
  /// use another.
  @inlinable
  func readAll() async {
    await withDiscardingTaskGroup { group in
      repeat group.addTask { await self.read(each self.bases, into: each self.slots) }
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
  ///
  /// This runs once per element in code the compiler does not specialise (it is reached through
  /// a parameter pack): it only stores the element in its typed slot and updates the concrete
  /// lock state; the consumer builds the tuple.
  @inlinable
  func hand<Value>(_ element: Value, into slot: CombineLatestSlot<Value>) async -> Bool {
    await withUnsafeContinuation { (reader: Reader) in
      let action = state.withLock { state -> Machine.ProducedAction in
        let action = state.machine.produced(by: slot.index, reader: reader)
        switch action {
        case .replaceLatest, .emit:
          slot.replaceLatest(with: element)
        case .wait:
          slot.wait(with: element)
        case .discard:
          break
        }
        return action
      }
      switch action {
      case .replaceLatest(let reader):
        reader.resume(returning: true)
      case .emit(let consumer, let reader):
        consumer.resume(returning: .tuple)
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
    consumer?.resume(returning: .end)
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
      consumer.resume(returning: .failure(error))
    }
  }
}
