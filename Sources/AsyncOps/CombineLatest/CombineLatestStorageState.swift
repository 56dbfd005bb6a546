/// What ``CombineLatestStorage`` keeps behind its lock: the state machine and the reader task.
///
/// A top-level, non-generic type: the lock and every action of the machine have the same concrete
/// layout for every combination, so the readers' per-element path (unspecialised, see
/// ``CombineLatestSignal``) looks up no generic metadata.
@usableFromInline
struct CombineLatestStorageState {
  /// Resumed with what the consumer gets next.
  @usableFromInline typealias Consumer = UnsafeContinuation<CombineLatestSignal, Never>
  /// Resumed with `true` to read the next element, `false` to stop.
  @usableFromInline typealias Reader = UnsafeContinuation<Bool, Never>
  @usableFromInline typealias Machine = CombineLatestStateMachine<Consumer, Reader>

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
