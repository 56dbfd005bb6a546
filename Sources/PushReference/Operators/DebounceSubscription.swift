import Synchronization

/// One subscriber's debouncer: the upstream's subscriber and the downstream's subscription.
///
/// As in Combine, each value cancels the timer of the value it replaces and schedules its own
/// (with the scheduler's repeating `schedule(after:interval:...)`, cancelled when it fires), and
/// a completion is not delivered inside the upstream's call but scheduled on the scheduler
/// (OpenCombine `DebounceTests.testBasicBehavior`, `testFinishBeforeDue`, `testFailBeforeDue`).
final class DebounceSubscription<
  Upstream: Publisher, Context: Scheduler, Downstream: Subscriber
>: Subscriber, Subscription, Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private struct State {
    var downstream: UncheckedSendable<Downstream>?
    var upstream: UncheckedSendable<any Subscription>?
    var demand = Subscribers.Demand.none
    var pendingValue: UncheckedSendable<Input>?
    /// The timer of the pending value; cancelled when a newer value replaces it.
    var timer: UncheckedSendable<any Cancellable>?
    /// Identifies the latest value, so that a timer that was already running when it was
    /// superseded (another thread) does nothing.
    var generation: UInt64 = 0
    /// Whether the upstream has completed; the completion is on its way through the scheduler.
    var isCompleting = false
    var isTerminated = false

    /// Forgets everything; returns the timer to cancel.
    mutating func terminate() -> UncheckedSendable<any Cancellable>? {
      defer { self = State(isTerminated: true) }
      return timer
    }
  }

  private let state: Mutex<State>
  private let timing: UncheckedSendable<Timing>

  /// What the timers need: immutable after init.
  private struct Timing {
    let dueTime: Context.SchedulerTimeType.Stride
    let scheduler: Context
    let options: Context.SchedulerOptions?
  }

  init(
    downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
    options: Context.SchedulerOptions?
  ) {
    state = Mutex(State(downstream: UncheckedSendable(downstream)))
    timing = UncheckedSendable(Timing(dueTime: dueTime, scheduler: scheduler, options: options))
  }

  func receive(subscription: any Subscription) {
    let boxed = UncheckedSendable(subscription)
    let downstream = state.withLock { state -> UncheckedSendable<Downstream>? in
      guard !state.isTerminated, state.upstream == nil else { return nil }
      state.upstream = boxed
      return state.downstream
    }
    guard let downstream else { return subscription.cancel() }
    downstream.value.receive(subscription: self)
    // Debounce reads its upstream continuously: arrival times must not depend on the demand.
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let boxed = UncheckedSendable(input)
    let started = state.withLock { state -> (UInt64, UncheckedSendable<any Cancellable>?)? in
      guard !state.isTerminated, !state.isCompleting else { return nil }
      state.generation += 1
      state.pendingValue = boxed
      defer { state.timer = nil }
      return (state.generation, state.timer)
    }
    guard let (generation, superseded) = started else { return .none }
    superseded?.value.cancel()
    let timing = timing.value
    let deadline = timing.scheduler.now.advanced(by: timing.dueTime)
    // The repeating form is the one that returns a cancellable; the timer is cancelled when it
    // fires, so the interval (which must be positive) never matters.
    let interval: Context.SchedulerTimeType.Stride =
      timing.dueTime > .zero ? timing.dueTime : .nanoseconds(1)
    let timer = timing.scheduler.schedule(
      after: deadline, interval: interval, tolerance: timing.scheduler.minimumTolerance,
      options: timing.options
    ) { [weak self] in
      self?.timerFired(generation: generation)
    }
    let isCurrent = state.withLock { state in
      guard !state.isTerminated, state.generation == generation else { return false }
      state.timer = UncheckedSendable(timer)
      return true
    }
    if !isCurrent { timer.cancel() }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    // Combine drops the pending value on finish as well as on failure, and delivers the
    // completion through the scheduler.
    let timer = state.withLock { state -> UncheckedSendable<any Cancellable>?? in
      guard !state.isTerminated, !state.isCompleting else { return nil }
      state.isCompleting = true
      state.pendingValue = nil
      state.upstream = nil
      defer { state.timer = nil }
      return .some(state.timer)
    }
    guard let timer else { return }
    timer?.value.cancel()
    let boxed = UncheckedSendable(completion)
    timing.value.scheduler.schedule(options: timing.value.options) { [self] in
      let downstream = state.withLock { state -> UncheckedSendable<Downstream>? in
        guard !state.isTerminated else { return nil }
        defer { _ = state.terminate() }
        return state.downstream
      }
      downstream?.value.receive(completion: boxed.value)
    }
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { state in
      if !state.isTerminated { state.demand += demand }
    }
  }

  func cancel() {
    let (upstream, timer) = state.withLock { state in
      let upstream = state.upstream
      return (upstream, state.terminate())
    }
    timer?.value.cancel()
    upstream?.value.cancel()
  }

  /// Publishes the pending value if `generation` is still the latest and the subscriber has
  /// demand; without demand the value is lost.
  private func timerFired(generation: UInt64) {
    typealias Delivery = (UncheckedSendable<Downstream>, UncheckedSendable<Input>)
    let (timer, delivery) = state.withLock {
      state -> (UncheckedSendable<any Cancellable>?, Delivery?) in
      guard !state.isTerminated, state.generation == generation,
        let pendingValue = state.pendingValue, let downstream = state.downstream
      else { return (nil, nil) }
      state.pendingValue = nil
      defer { state.timer = nil }
      guard state.demand > 0 else { return (state.timer, nil) }
      state.demand -= 1
      return (state.timer, (downstream, pendingValue))
    }
    // The timer has fired: cancelling it removes its repeat.
    timer?.value.cancel()
    guard let (downstream, value) = delivery else { return }
    let more = downstream.value.receive(value.value)
    guard more > 0 else { return }
    state.withLock { state in
      if !state.isTerminated { state.demand += more }
    }
  }
}
