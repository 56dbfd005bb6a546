import Synchronization

/// The storage of ``AsyncBufferSequence``: holds a ``BufferStateMachine`` in a `Mutex`, runs the
/// one task that reads the base (created by the first `next()`), and performs the machine's
/// actions outside the lock. The consumer's side is the ``SingleConsumerStorage`` shell.
@usableFromInline
final class BufferStorage<Base: AsyncSequence & Sendable>: SingleConsumerStorage
where Base.Element: Sendable {
  @usableFromInline typealias Element = Base.Element
  @usableFromInline typealias Failure = Base.Failure
  @usableFromInline typealias Outcome = Result<Element?, Failure>
  @usableFromInline typealias Consumer = UnsafeContinuation<Outcome, Never>
  @usableFromInline typealias Producer = UnsafeContinuation<Bool, Never>
  @usableFromInline typealias Machine = BufferStateMachine<
    Element, Failure, Consumer, Producer, Task<Void, Never>
  >

  @usableFromInline let machine: Mutex<Machine>
  @usableFromInline let base: Base

  @inlinable
  init(base: Base, limit: BufferLimit) {
    self.base = base
    self.machine = Mutex(Machine(limit: limit))
  }

  // MARK: - Consumer side (the shell is ``SingleConsumerStorage``)

  /// Taking an element may make room: the parked reader reads on.
  @inlinable
  func consumerNext() -> SingleConsumerNextAction<Element, Failure> {
    let step = machine.withLock { $0.next() }
    step.producer?.resume(returning: true)
    return step.action
  }

  @inlinable
  func consumerSuspend(_ consumer: Consumer) -> Outcome? {
    let (ready, producer) = machine.withLock { $0.suspend(consumer) }
    producer?.resume(returning: true)
    return ready
  }

  /// Ends the iteration: the consumer was cancelled or dropped its iterator. Cancels the reading
  /// task.
  @inlinable
  func cancel() {
    perform(machine.withLock { $0.cancelled() })
  }

  @inlinable
  func perform(_ resumptions: Machine.Resumptions) {
    if let (consumer, outcome) = resumptions.consumer { consumer.resume(returning: outcome) }
    resumptions.producer?.resume(returning: false)
    resumptions.upstream?.cancel()
  }

  // MARK: - Upstream side

  @inlinable
  func readUpstream() async {
    var iterator = base.makeAsyncIterator()
    do {
      while let element = try await iterator.next(isolation: nil) {
        switch machine.withLock({ $0.upstreamProduced(element) }) {
        case .read:
          continue
        case .resumeConsumer(let consumer, let element):
          consumer.resume(returning: .success(element))
        case .park:
          guard await park() else { return }
        case .stop:
          return
        }
      }
      perform(machine.withLock { $0.upstreamFinished() })
    } catch {
      perform(machine.withLock { $0.upstreamFailed(error) })
    }
  }

  /// Waits while a bounded buffer is full. Returns `true` when there is room, `false` when the
  /// consumer is gone.
  @inlinable
  func park() async -> Bool {
    await withUnsafeContinuation { (producer: Producer) in
      if let resumption = machine.withLock({ $0.park(producer) }) {
        producer.resume(returning: resumption)
      }
    }
  }
}
