/// The logic of ``AsyncCurrentValue``, as a pure value: no locks, no continuations resumed.
///
/// Every value sent gets the next version number. A consumer is only a cursor — the version it
/// needs next — so it costs nothing while it does not wait, and a consumer that falls behind
/// simply gets the newest value (conflation): versions only grow, so values are never reordered
/// and never delivered twice.
@usableFromInline
struct CurrentValueStateMachine<Element, Waiter> {
  /// What a consumer's `next()` must do.
  @usableFromInline
  enum NextAction {
    /// Return this value, and move the cursor past its version.
    case deliver(Element, version: UInt64)
    /// Return `nil`: finished, and the consumer has seen the last value.
    case end
    case suspend
  }

  @usableFromInline
  struct Waiting {
    /// Unique per call of `next()` that suspends: copies of one iterator share a consumer id, so
    /// the id of the consumer cannot tell their waits apart.
    @usableFromInline let waitID: Int
    @usableFromInline let waiter: Waiter

    @inlinable
    init(waitID: Int, waiter: Waiter) {
      self.waitID = waitID
      self.waiter = waiter
    }
  }

  @usableFromInline var value: Element
  /// The version of `value`; the first value is version 0.
  @usableFromInline var version: UInt64 = 0
  @usableFromInline var isFinished = false
  @usableFromInline var nextConsumerID = 0
  @usableFromInline var nextWaitID = 0
  /// Consumers suspended in `next()`. Each has seen the current value, or it would not wait, so
  /// the next value sent is the next one for all of them.
  @usableFromInline var waiting = CurrentValueWaiters<Waiting>()

  @inlinable
  init(value: Element) {
    self.value = value
  }

  /// A consumer registers: it gets an identity and the cursor of the current value, read in the
  /// same step, so no value can slip between registering and reading.
  @inlinable
  mutating func register() -> (consumerID: Int, cursor: UInt64) {
    defer { nextConsumerID += 1 }
    return (nextConsumerID, version)
  }

  /// Sets a new value. Returns its version and the waiting consumers to resume with it, or `nil`
  /// when the channel has finished and the value is ignored.
  @inlinable
  mutating func send(
    _ newValue: Element
  ) -> (version: UInt64, waiting: CurrentValueWaiters<Waiting>)? {
    guard !isFinished else { return nil }
    value = newValue
    version += 1
    guard !waiting.isEmpty else { return (version, CurrentValueWaiters()) }
    defer { waiting = CurrentValueWaiters() }
    return (version, waiting)
  }

  /// Finishes the channel. Returns the waiting consumers (they have seen the last value) to end.
  @inlinable
  mutating func finish() -> CurrentValueWaiters<Waiting> {
    guard !isFinished else { return CurrentValueWaiters() }
    isFinished = true
    defer { waiting = CurrentValueWaiters() }
    return waiting
  }

  /// A consumer is about to wait: the identity of this one wait, for ``cancel(waitID:)``.
  @inlinable
  mutating func makeWaitID() -> Int {
    defer { nextWaitID += 1 }
    return nextWaitID
  }

  /// A consumer whose cursor is `cursor` asks for its next value.
  @inlinable
  func next(cursor: UInt64) -> NextAction {
    if version >= cursor { return .deliver(value, version: version) }
    return isFinished ? .end : .suspend
  }

  /// The consumer is about to suspend. Returns what to do instead when something changed since
  /// ``next(cursor:)`` or the task is cancelled (`.suspend` means it was stored and waits).
  @inlinable
  mutating func suspend(
    waitID: Int, cursor: UInt64, waiter: Waiter, isCancelled: Bool
  ) -> NextAction {
    let action = next(cursor: cursor)
    guard case .suspend = action else { return action }
    // Checked under the same lock as `cancel(waitID:)`, so a cancellation is never missed.
    if isCancelled { return .end }
    waiting.append(Waiting(waitID: waitID, waiter: waiter))
    return .suspend
  }

  /// The task of a waiting consumer was cancelled. Returns the waiter of that one wait to end, if
  /// it still waits.
  @inlinable
  mutating func cancel(waitID: Int) -> Waiter? {
    waiting.remove { $0.waitID == waitID }?.waiter
  }
}

extension CurrentValueStateMachine.NextAction: Equatable where Element: Equatable {}
