/// The half that `debounce` and `throttle` share, written once: the consumer (a
/// ``SingleConsumerState``), the element waiting for its deadline, and the timer task parked while
/// nothing is pending. Each machine keeps only its own rule — when an element is emitted at once,
/// becomes pending, or ends a burst — and the state that rule needs.
///
/// These are default implementations of ``ClockDrivenStateMachine``'s events; `@inlinable`, so the
/// storage, specialised for its machine, calls them directly and reads the machine's stored
/// properties in place.
extension ClockDrivenStateMachine {
  // MARK: - Consumer

  /// The consumer calls `next()`.
  @inlinable
  mutating func next() -> NextAction {
    defer { checkInvariants() }
    return consumption.next(operator: Self.operatorName)
  }

  /// The consumer is about to suspend; something may have become ready since ``next()``.
  /// Returns the outcome to resume it with at once, or `nil` when it was stored and waits.
  @inlinable
  mutating func suspend(_ consumer: Consumer) -> Result<Element?, Failure>? {
    defer { checkInvariants() }
    return consumption.suspend(consumer, operator: Self.operatorName)
  }

  /// The consumer's task was cancelled, or its iterator was dropped.
  @inlinable
  mutating func cancelled() -> Resumptions {
    defer { checkInvariants() }
    // Outside `.running` no timer can be parked: it is released with everything else.
    let timer = consumption.isRunning ? parkedTimer : nil
    let (consumer, upstream) = consumption.cancelled()
    finish()
    return Resumptions(
      consumer: consumer.map { ($0, .success(nil)) }, timer: timer, upstream: upstream)
  }

  /// Releases what the shared half holds; a machine's `finish()` calls it, then resets its own
  /// state.
  @inlinable
  mutating func releaseRunningState() {
    consumption.finish()
    parkedTimer = nil
    pendingElement = nil
  }

  // MARK: - Upstream

  /// The task reading the upstream was created. Returns it when it must be cancelled at once
  /// because the consumer is already gone.
  @inlinable
  mutating func upstreamStarted(_ upstream: Upstream) -> Upstream? {
    defer { checkInvariants() }
    return consumption.upstreamStarted(upstream)
  }

  /// Makes `element` the pending one (its deadline already set) and wakes the parked timer, if
  /// any, to sleep until that deadline; `action` is what the element's arrival did before.
  @inlinable
  mutating func makePending(_ element: Element, after action: ProduceAction) -> ProduceAction {
    pendingElement = element
    if let timer = parkedTimer.take() {
      // A parked timer means nothing was pending, so nothing was emitted before: `action` is
      // `.none`.
      return .resumeTimer(timer)
    }
    return action
  }

  /// Records how the upstream ended: stops the parked timer and hands the end to a waiting
  /// consumer. `resumptions` holds what the machine resumes first (a flushed element).
  @inlinable
  mutating func ended(
    _ end: Consumption.End, after resumptions: Resumptions = Resumptions()
  ) -> Resumptions {
    var resumptions = resumptions
    resumptions.timer = parkedTimer.take()
    if let waiting = consumption.ended(end) { resumptions.consumer = waiting }
    return resumptions
  }

  // MARK: - Timer

  /// The timer task asks what to do: sleep until the pending deadline, park, or stop.
  @inlinable
  func nextDeadline() -> TimerAction {
    guard consumption.isRunning, consumption.end == nil else { return .stop }
    guard pendingElement != nil else { return .park }
    return .sleep(until: pendingDeadline)
  }

  /// The timer task is about to park. Returns `true` (ask again for the deadline) or `false`
  /// (stop) to resume it with at once, or `nil` when it was stored and waits for an element.
  /// A parked timer is resumed with `true` by an element, with `false` by the end.
  @inlinable
  mutating func park(_ timer: TimerWaiter) -> Bool? {
    defer { checkInvariants() }
    guard consumption.isRunning, consumption.end == nil else { return false }
    if pendingElement != nil { return true }
    parkedTimer = timer
    return nil
  }

  /// Emits `element`: the waiting consumer takes it (and is returned), or it becomes the due
  /// element, replacing an older one the busy consumer has not taken.
  @inlinable
  mutating func emit(_ element: Element) -> Consumer? {
    if let consumer = consumption.takeConsumer() { return consumer }
    consumption.ready = element
    return nil
  }

  // MARK: - Invariants

  /// Asserts the shared half's invariants (a no-op in release builds): the consumer half's, and a
  /// parked timer means the iteration runs, has not ended, and nothing is pending. A machine's
  /// ``InvariantChecking/checkInvariants()`` calls this, then checks its own state.
  @inlinable
  func checkTimerHalfInvariants() {
    consumption.checkInvariants()
    assert(
      parkedTimer == nil
        || (consumption.isRunning && consumption.end == nil && pendingElement == nil),
      "\(Self.operatorName): the timer is parked while an element is pending or after the end")
  }
}
