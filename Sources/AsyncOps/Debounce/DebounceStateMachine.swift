/// The logic of ``AsyncDebounceSequence``, as a pure value: no locks, no tasks, no continuations
/// resumed. Each event is a `mutating` method that returns what the caller must do.
///
/// The waiting parties are generic tokens so that the machine can be unit-tested synchronously:
/// `Consumer` is the continuation of a consumer suspended in `next()`, `TimerWaiter` the
/// continuation of the timer task parked while nothing is pending, `Upstream` the handle of the
/// task that reads the base.
///
/// Options (SEMANTICS.md rules 8–10): a *burst* starts with an element that arrives while the
/// operator is idle and lasts until its deadline passes. `leading` emits the element that starts
/// a burst at once; `maxWait` caps every deadline of a burst at its start + `maxWait`. The end of a
/// burst is noticed lazily — by the timer, or by the next element arriving at or after the
/// deadline — so a burst with nothing pending needs no timer.
///
/// Invariants while running:
/// - a waiting consumer means nothing is ready for it (see ``SingleConsumerState``);
/// - a parked timer means nothing is pending (`pendingElement == nil`), so one timer task suffices: it
///   sleeps until the pending deadline, and when it wakes to find that a newer element moved the
///   deadline, it sleeps again instead of being cancelled and recreated per element.
@usableFromInline
struct DebounceStateMachine<
  Element, Failure: Error, Instant: InstantProtocol, Consumer, TimerWaiter, Upstream
>: ClockDrivenStateMachine {
  @usableFromInline typealias NextAction = ClockDrivenNextAction<Element, Failure>
  @usableFromInline typealias ProduceAction = ClockDrivenProduceAction<
    Element, Consumer, TimerWaiter
  >
  @usableFromInline typealias TimerAction = ClockDrivenTimerAction<Instant>
  @usableFromInline typealias Resumptions = ClockDrivenResumptions<
    Element, Failure, Consumer, TimerWaiter, Upstream
  >

  /// The consumer half (shared with throttle and buffer): phase, waiting consumer, the element
  /// due for a busy consumer, the end, the upstream task.
  @usableFromInline typealias Consumption = SingleConsumerState<
    Failure, Consumer, Upstream, Element?
  >

  // The running state is kept in flat stored properties rather than in an enum payload: the hot
  // path (an element while the consumer is busy) then updates `pending` in place instead of
  // copying the whole state out of an enum and back, which costs more than the rest together.
  // Outside `.running` every optional property below `consumption` is `nil`.
  @usableFromInline var consumption = Consumption()
  @usableFromInline let interval: Instant.Duration
  /// Emit the element that starts a burst at once.
  @usableFromInline let leading: Bool
  /// The longest a burst may last before its pending element is emitted; `nil` for no limit.
  @usableFromInline let maxWait: Instant.Duration?
  /// The timer task, when it is parked because nothing is pending; `nil` while it is active
  /// (sleeping, or about to ask for a deadline).
  @usableFromInline var parkedTimer: TimerWaiter?
  /// The newest element, waiting for its deadline.
  @usableFromInline var pendingElement: Element?
  /// Whether a burst is under way (its deadline may have passed unnoticed: see the type's doc).
  @usableFromInline var inBurst = false
  /// The deadline of the current burst; meaningless while `inBurst` is `false`. (Not an optional:
  /// the instant's layout may be resilient, and an optional of it costs runtime calls per
  /// element.)
  @usableFromInline var pendingDeadline: Instant
  /// The latest deadline the current burst may have: its start + `maxWait`.
  @usableFromInline var burstLimit: Instant

  /// Creates the machine of a debounce by `interval`; `origin` is any instant of the clock. A
  /// `maxWait` shorter than `interval` counts as `interval` (as lodash does).
  @inlinable
  init(
    interval: Instant.Duration, origin: Instant, leading: Bool = false,
    maxWait: Instant.Duration? = nil
  ) {
    self.interval = interval
    self.leading = leading
    self.maxWait = maxWait.map { max($0, interval) }
    self.pendingDeadline = origin
    self.burstLimit = origin
  }

  // MARK: - Consumer

  /// The consumer calls `next()`.
  @inlinable
  mutating func next() -> NextAction {
    consumption.next(operator: "debounce")
  }

  /// The consumer is about to suspend; something may have become ready since ``next()``.
  /// Returns the outcome to resume it with at once, or `nil` when it was stored and waits.
  @inlinable
  mutating func suspend(_ consumer: Consumer) -> Result<Element?, Failure>? {
    consumption.suspend(consumer, operator: "debounce")
  }

  /// Moves to finished, releasing everything the running state held.
  @inlinable
  mutating func finish() {
    consumption.finish()
    parkedTimer = nil
    pendingElement = nil
    inBurst = false
  }

  /// The consumer's task was cancelled, or its iterator was dropped.
  @inlinable
  mutating func cancelled() -> Resumptions {
    let timer = consumption.isRunning ? parkedTimer : nil
    let (consumer, upstream) = consumption.cancelled()
    finish()
    return Resumptions(
      consumer: consumer.map { ($0, .success(nil)) }, timer: timer, upstream: upstream)
  }

  // MARK: - Upstream

  /// The task reading the upstream was created. Returns it when it must be cancelled at once
  /// because the consumer is already gone.
  @inlinable
  mutating func upstreamStarted(_ upstream: Upstream) -> Upstream? {
    consumption.upstreamStarted(upstream)
  }

  /// The upstream produced `element` at `now`. A burst whose deadline is due by `now` ends first,
  /// emitting its pending element (an element arriving exactly at the deadline comes after the
  /// timer); then the element starts a burst (emitted at once with `leading`) or joins the
  /// current one as its pending element.
  @inlinable
  mutating func upstreamProduced(_ element: Element, at now: Instant) -> ProduceAction {
    guard consumption.isRunning else { return .stop }
    var action = ProduceAction.none
    if inBurst, pendingDeadline <= now {
      inBurst = false
      if let pending = pendingElement.take(), let consumer = emit(pending) {
        action = .resumeConsumer(consumer, pending)
      }
    }
    let deadline = now.advanced(by: interval)
    if !inBurst {
      inBurst = true
      pendingDeadline = deadline
      if let maxWait { burstLimit = now.advanced(by: maxWait) }
      if leading {
        // Nothing is pending and nothing was emitted above (the previous burst ended unnoticed
        // with nothing pending, or the consumer took what it emitted): the timer stays parked.
        if let consumer = emit(element) { action = .resumeConsumer(consumer, element) }
        return action
      }
    } else {
      pendingDeadline = maxWait == nil ? deadline : min(deadline, burstLimit)
    }
    pendingElement = element
    if let timer = parkedTimer.take() {
      // A parked timer means nothing was pending, so no element was emitted above.
      action = .resumeTimer(timer)
    }
    return action
  }

  /// The upstream finished: the pending element is emitted at once, then the finish.
  @inlinable
  mutating func upstreamFinished() -> Resumptions {
    guard consumption.isRunning else { return Resumptions() }
    var resumptions = Resumptions()
    if let pending = pendingElement.take(), let consumer = emit(pending) {
      resumptions.consumer = (consumer, .success(pending))
    }
    return ended(.finished, resumptions)
  }

  /// The upstream failed: the pending element is dropped and the failure delivered at once (an
  /// element already due is delivered before it).
  @inlinable
  mutating func upstreamFailed(_ failure: Failure) -> Resumptions {
    guard consumption.isRunning else { return Resumptions() }
    pendingElement = nil
    return ended(.failed(failure), Resumptions())
  }

  @inlinable
  mutating func ended(_ end: Consumption.End, _ resumptions: Resumptions) -> Resumptions {
    var resumptions = resumptions
    resumptions.timer = parkedTimer.take()
    if let waiting = consumption.ended(end) { resumptions.consumer = waiting }
    return resumptions
  }

  // MARK: - Timer

  /// Nothing is emitted on the timer after the upstream ended: the pending element was flushed.
  @inlinable
  var needsTimerAfterUpstreamEnded: Bool { false }

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
    guard consumption.isRunning, consumption.end == nil else { return false }
    if pendingElement != nil { return true }
    parkedTimer = timer
    return nil
  }

  /// The timer woke at `now`. Emits the pending element when it is due, which ends the burst;
  /// returns the consumer to resume with it, if one waits.
  @inlinable
  mutating func timerFired(at now: Instant) -> (Consumer, Element)? {
    guard consumption.isRunning, let pending = pendingElement, pendingDeadline <= now else {
      return nil
    }
    pendingElement = nil
    inBurst = false
    return emit(pending).map { ($0, pending) }
  }

  /// Emits `element`: the waiting consumer takes it (and is returned), or it becomes the due
  /// element, replacing an older one the busy consumer has not taken.
  @inlinable
  mutating func emit(_ element: Element) -> Consumer? {
    if let consumer = consumption.takeConsumer() { return consumer }
    consumption.ready = element
    return nil
  }
}
