/// The logic of ``AsyncDebounceSequence``, as a pure value: no locks, no tasks, no continuations
/// resumed. Each event is a `mutating` method that returns what the caller must do.
///
/// The waiting parties are generic tokens so that the machine can be unit-tested synchronously:
/// `Consumer` is the continuation of a consumer suspended in `next()`, `TimerWaiter` the
/// continuation of the timer task parked while nothing is pending, `Upstream` the handle of the
/// task that reads the base.
///
/// Options (Debounce rules 8–10): a *burst* starts with an element that arrives while the
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
  // The consumer's and the timer's events, and the upstream's start, are the half shared with
  // throttle (`ClockDrivenStateMachine+TimerHalf`); this type decides what an element, the end
  // and the timer's wake-up do.

  @inlinable
  static var operatorName: StaticString { "debounce" }

  // The running state is kept in flat stored properties rather than in an enum payload: the hot
  // path (an element while the consumer is busy) then updates `pending` in place instead of
  // copying the whole state out of an enum and back, which costs more than the rest together.
  // Outside `.running` every optional property below `consumption` is `nil`.
  @usableFromInline var consumption = SingleConsumerState<Failure, Consumer, Upstream, Element?>()
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

  /// Moves to finished, releasing everything the running state held.
  @inlinable
  mutating func finish() {
    releaseRunningState()
    inBurst = false
  }

  // MARK: - Upstream

  /// The upstream produced `element` at `now`. A burst whose deadline is due by `now` ends first,
  /// emitting its pending element (an element arriving exactly at the deadline comes after the
  /// timer); then the element starts a burst (emitted at once with `leading`) or joins the
  /// current one as its pending element.
  ///
  /// Joining the burst under way is almost every element's step: it is kept small enough to
  /// inline into the reader's lock, and the burst's edges are apart.
  @inlinable @inline(__always)
  mutating func upstreamProduced(
    _ element: Element, at now: Instant
  ) -> ClockDrivenProduceAction<Element, Consumer, TimerWaiter> {
    guard inBurst, now < pendingDeadline, consumption.isRunning else {
      return upstreamProducedAtBurstEdge(element, at: now)
    }
    defer { checkInvariants() }
    let deadline = now.advanced(by: interval)
    pendingDeadline = maxWait == nil ? deadline : min(deadline, burstLimit)
    return makePending(element, after: .none)
  }

  /// ``upstreamProduced(_:at:)`` when the element does not join a burst under way: the burst's
  /// deadline has passed, no burst is under way, or the iteration has ended.
  @inlinable
  mutating func upstreamProducedAtBurstEdge(
    _ element: Element, at now: Instant
  ) -> ClockDrivenProduceAction<Element, Consumer, TimerWaiter> {
    defer { checkInvariants() }
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
    return makePending(element, after: action)
  }

  /// The upstream finished: the pending element is emitted at once, then the finish.
  @inlinable
  mutating func upstreamFinished() -> ClockDrivenResumptions<
    Element, Failure, Consumer, TimerWaiter, Upstream
  > {
    defer { checkInvariants() }
    guard consumption.isRunning else { return Resumptions() }
    var resumptions = Resumptions()
    if let pending = pendingElement.take(), let consumer = emit(pending) {
      resumptions.consumer = (consumer, .success(pending))
    }
    return ended(.finished, after: resumptions)
  }

  /// The upstream failed: the pending element is dropped and the failure delivered at once (an
  /// element already due is delivered before it).
  @inlinable
  mutating func upstreamFailed(
    _ failure: Failure
  ) -> ClockDrivenResumptions<Element, Failure, Consumer, TimerWaiter, Upstream> {
    defer { checkInvariants() }
    guard consumption.isRunning else { return Resumptions() }
    pendingElement = nil
    return ended(.failed(failure))
  }

  // MARK: - Timer

  /// Nothing is emitted on the timer after the upstream ended: the pending element was flushed.
  @inlinable
  var needsTimerAfterUpstreamEnded: Bool { false }

  /// The timer woke at `now`. Emits the pending element when it is due, which ends the burst;
  /// returns the consumer to resume with it, if one waits.
  @inlinable
  mutating func timerFired(at now: Instant) -> (Consumer, Element)? {
    defer { checkInvariants() }
    guard consumption.isRunning, let pending = pendingElement, pendingDeadline <= now else {
      return nil
    }
    pendingElement = nil
    inBurst = false
    return emit(pending).map { ($0, pending) }
  }

  /// Asserts the invariants (a no-op in release builds): the shared half's, and a pending element
  /// belongs to a burst.
  @inlinable
  func checkInvariants() {
    checkTimerHalfInvariants()
    assert(pendingElement == nil || inBurst, "debounce: an element is pending outside a burst")
  }
}
