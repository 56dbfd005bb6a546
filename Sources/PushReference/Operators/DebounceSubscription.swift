import Synchronization

/// One subscriber's debouncer: the upstream's subscriber and the downstream's subscription.
///
/// Each value bumps a generation and schedules a timer for its deadline; a timer whose
/// generation is no longer current does nothing (as in Combine, superseded timers are not
/// cancelled but ignored).
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
    /// Identifies the latest value; a timer set for an older one is stale.
    var generation: UInt64 = 0
    var isTerminated = false
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
    let generation = state.withLock { state -> UInt64? in
      guard !state.isTerminated else { return nil }
      state.generation += 1
      state.pendingValue = boxed
      return state.generation
    }
    guard let generation else { return .none }
    let timing = timing.value
    let deadline = timing.scheduler.now.advanced(by: timing.dueTime)
    timing.scheduler.schedule(
      after: deadline, tolerance: timing.scheduler.minimumTolerance, options: timing.options
    ) { [self] in
      timerFired(generation: generation)
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    // Combine drops the pending value on finish as well as on failure.
    let downstream = state.withLock { state -> UncheckedSendable<Downstream>? in
      guard !state.isTerminated else { return nil }
      defer { state = State(isTerminated: true) }
      return state.downstream
    }
    downstream?.value.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { state in
      if !state.isTerminated { state.demand += demand }
    }
  }

  func cancel() {
    let upstream = state.withLock { state in
      defer { state = State(isTerminated: true) }
      return state.upstream
    }
    upstream?.value.cancel()
  }

  /// Publishes the pending value if `generation` is still the latest and the subscriber has
  /// demand; without demand the value is lost.
  private func timerFired(generation: UInt64) {
    let delivery = state.withLock {
      state -> (UncheckedSendable<Downstream>, UncheckedSendable<Input>)? in
      guard !state.isTerminated, state.generation == generation,
        let pendingValue = state.pendingValue, let downstream = state.downstream
      else { return nil }
      state.pendingValue = nil
      guard state.demand > 0 else { return nil }
      state.demand -= 1
      return (downstream, pendingValue)
    }
    guard let (downstream, value) = delivery else { return }
    let more = downstream.value.receive(value.value)
    guard more > 0 else { return }
    state.withLock { state in
      if !state.isTerminated { state.demand += more }
    }
  }
}
