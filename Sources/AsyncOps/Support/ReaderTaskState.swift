/// What the storage of `merge`, `zip` and `combineLatest` keeps behind its lock: the operator's
/// state machine and the task that runs the base readers.
///
/// The readers' task is registered after it was created, outside the lock; a cancellation that
/// came first is remembered, so the task is cancelled as soon as it is registered.
///
/// The readers run unspecialised (they are reached through a parameter pack): a `Machine` whose
/// actions do not depend on the element types (combineLatest's) makes this a concrete type there,
/// so the per-element path looks up no generic metadata.
@usableFromInline
struct ReaderTaskState<Machine> {
  @usableFromInline var machine: Machine
  /// The task running every base reader, once started.
  @usableFromInline var _readerTask: Task<Void, Never>?
  /// Set when the readers must stop; a reader task registered later is cancelled at once.
  @usableFromInline var _readersCancelled = false

  @inlinable
  init(machine: Machine) {
    self.machine = machine
  }

  /// Marks the readers cancelled and returns the task to cancel, outside the lock.
  @inlinable
  mutating func cancelReaders() -> Task<Void, Never>? {
    _readersCancelled = true
    return _readerTask
  }

  /// Keeps the readers' task; returns whether it must be cancelled at once.
  @inlinable
  mutating func register(_ task: Task<Void, Never>) -> Bool {
    _readerTask = task
    return _readersCancelled
  }
}

extension ReaderTaskState: SingleConsumerMachine {
  /// The task reading for the consumer was created: kept, or returned to be cancelled at once when
  /// the consumer is already gone (the single-consumer shell's hook).
  @inlinable
  mutating func upstreamStarted(_ upstream: Task<Void, Never>) -> Task<Void, Never>? {
    register(upstream) ? upstream : nil
  }
}
