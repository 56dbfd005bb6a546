import Synchronization

/// The concurrency shell of `zip`: one per iterator. It holds the ``ZipStateMachine`` and the
/// bases' typed slots behind one `Mutex`, runs one reader per base, and performs the machine's
/// actions outside the lock.
///
/// A reader stores its element in its slot and suspends; the reader that completes a tuple for a
/// waiting consumer takes the tuple from the slots, resumes the consumer with it and every reader,
/// which read their next elements while the consumer works: one element ahead at most.
@usableFromInline
final class ZipStorage<Failure: Error, each Base: AsyncSequence & Sendable>:
  ConsumerCancellableStorage
where repeat (each Base).Element: Sendable {
  @usableFromInline typealias Element = (repeat (each Base).Element)
  @usableFromInline typealias Consumer = UnsafeContinuation<ZipSignal<Element>, Never>
  /// Resumed with `true` to read the next element, `false` to stop.
  @usableFromInline typealias Reader = UnsafeContinuation<Bool, Never>
  @usableFromInline typealias Machine = ZipStateMachine<Consumer, Reader>
  /// Starts one reader per base and returns when every reader has returned.
  @usableFromInline typealias ReadBases = @Sendable (ZipStorage) async -> Void

  /// The tuple of the slots' elements, emptying them. Called with the lock held.
  @usableFromInline typealias TakeTuple = @Sendable (ZipStorage) -> Element

  /// ``readAll()``, or for two or three bases a ``ZipFanOut`` function that the caller's code
  /// specialises.
  @usableFromInline let readBases: ReadBases
  /// ``genericTuple()``, or for two or three bases a ``ZipFanOut`` function that the caller's code
  /// specialises: the consumer takes one tuple per element.
  @usableFromInline let combine: TakeTuple

  @usableFromInline let bases: (repeat each Base)
  @usableFromInline let slots: (repeat ZipSlot<(each Base).Element>)
  @usableFromInline let state: Mutex<ReaderTaskState<Machine>>

  @inlinable
  init(
    _ bases: repeat each Base, readingWith readBases: @escaping ReadBases,
    combiningWith combine: @escaping TakeTuple
  ) {
    self.bases = (repeat each bases)
    self.readBases = readBases
    self.combine = combine
    var count = 0
    func makeSlot<Value>(_: Value.Type) -> ZipSlot<Value> {
      defer { count += 1 }
      return ZipSlot(index: count)
    }
    slots = (repeat makeSlot((each Base).Element.self))
    state = Mutex(ReaderTaskState(machine: Machine(baseCount: count)))
  }

  /// The tuple of the slots' elements, emptying them. Call only while holding the lock.
  @inlinable
  func takeTuple() -> Element {
    combine(self)
  }

  /// ``takeTuple()`` for any number of bases (through the parameter pack, so each slot is read by
  /// a generic call; see ``ZipFanOut``).
  @inlinable
  func genericTuple() -> Element {
    (repeat (each slots).take())
  }

  @inlinable
  func failure(_ error: any Error) -> Failure {
    baseFailure(error, operator: "zip")
  }
}

/// What a waiting `zip` consumer is resumed with.
@usableFromInline
enum ZipSignal<Tuple: Sendable>: Sendable {
  /// The tuple, taken from the slots under the lock by the reader that completed it (the readers
  /// are resumed at once and refill the slots).
  case tuple(Tuple)
  case end
  case failure(any Error)

  /// The tuple, or `nil` for the end and the failure.
  @inlinable
  var tuple: Tuple? {
    if case .tuple(let tuple) = self { return tuple }
    return nil
  }

  /// The failure, if the signal is one.
  @inlinable
  var failure: (any Error)? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}

// MARK: - Consumer side

extension ZipStorage {
  /// The next tuple, the end (`nil`) or the failure when one is ready, under one lock; `nil`
  /// when the consumer must wait (``suspend(isolation:)``). Cancelling the calling task ends
  /// iteration.
  @inlinable
  func nextIfReady() -> Result<Element?, Failure>? {
    // A consumer cancelled while busy elsewhere ends now (the cancellation handler of the wait
    // would end it too, before the wait begins).
    if Task.isCancelled {
      cancel()
      return .success(nil)
    }
    var ready: Element?
    let action = state.withLock { state -> Machine.ReadyAction? in
      let action = state.machine.nextReady()
      if case .emit = action { ready = Optional.some(takeTuple()) }
      return action
    }
    switch action {
    case .emit(let readers):
      for reader in readers { reader.resume(returning: true) }
      return .success(ready)
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
        var taken: Element?
        let action = state.withLock { state -> Machine.NextAction in
          let action = state.machine.next(consumer)
          if case .emit = action { taken = Optional.some(takeTuple()) }
          return action
        }
        switch action {
        case .startReaders:
          startReaders()
        case .suspend:
          break
        case .emit(let consumer, let readers):
          for reader in readers { reader.resume(returning: true) }
          consumer.resume(returning: .tuple(taken!))
        case .finish(let consumer):
          consumer.resume(returning: .end)
        case .fail(let consumer, let error):
          consumer.resume(returning: .failure(error))
        }
      }
    } onCancel: {
      cancel()
    }
    // (Read through `ZipSignal`'s properties: binding a pack tuple in a `case` pattern here
    // does not compile with Swift 6.3.)
    if let failure = signal.failure { return .failure(self.failure(failure)) }
    return .success(signal.tuple)
  }

  /// The consumer is cancelled or gone: end iteration and stop every reader.
  @inlinable
  func cancel() {
    perform(
      state.withLock { state in
        let action = state.machine.cancelled()
        return (action, action.endsReaders ? state.cancelReaders() : nil)
      })
  }

  /// Performs an end action outside the lock.
  @inlinable
  func perform(_ decision: (action: Machine.EndAction, task: Task<Void, Never>?)) {
    guard case .end(let consumer, let failure, let stopping) = decision.action else { return }
    decision.task?.cancel()
    for reader in stopping { reader.resume(returning: false) }
    if let failure {
      consumer?.resume(returning: .failure(failure))
    } else {
      consumer?.resume(returning: .end)
    }
  }
}

extension ZipStateMachine.EndAction {
  /// Whether the bases must be cancelled.
  @inlinable
  var endsReaders: Bool {
    if case .end = self { return true }
    return false
  }
}

// MARK: - Reader side

extension ZipStorage {
  @inlinable
  func startReaders() {
    let task = Task { await readBases(self) }
    if state.withLock({ $0.register(task) }) { task.cancel() }
  }

  /// The fan-out for any number of bases; see ``ZipFanOut`` for why two and three bases use
  /// another.
  @inlinable
  func readAll() async {
    await withDiscardingTaskGroup { group in
      repeat group.addTask { await self.read(each self.bases, into: each self.slots) }
    }
  }

  @inlinable
  func read<Reading: AsyncSequence>(
    _ base: Reading, into slot: ZipSlot<Reading.Element>
  ) async {
    var iterator = base.makeAsyncIterator()
    do {
      while let element = try await iterator.next(isolation: nil) {
        guard await hand(element, into: slot) else { return }
      }
      perform(
        state.withLock { state in
          let action = state.machine.finished()
          return (action, action.endsReaders ? state.cancelReaders() : nil)
        })
    } catch {
      perform(
        state.withLock { state in
          let action = state.machine.failed(error)
          return (action, action.endsReaders ? state.cancelReaders() : nil)
        })
    }
  }

  /// Hands a base's element over; returns whether the reader may read the next one.
  @inlinable
  func hand<Value>(_ element: Value, into slot: ZipSlot<Value>) async -> Bool {
    await withUnsafeContinuation { (reader: Reader) in
      var tuple: Element?
      let action = state.withLock { state -> Machine.ProducedAction in
        let action = state.machine.produced(by: slot.index, reader: reader)
        switch action {
        case .discard: break
        case .wait: slot.element = element
        case .emit:
          slot.element = element
          tuple = Optional.some(takeTuple())
        }
        return action
      }
      switch action {
      case .wait:
        break
      case .emit(let consumer, let readers):
        consumer.resume(returning: .tuple(tuple!))
        for reader in readers { reader.resume(returning: true) }
      case .discard(let reader):
        reader.resume(returning: false)
      }
    }
  }
}
