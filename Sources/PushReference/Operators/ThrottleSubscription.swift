import Synchronization

/// One subscriber's throttle: the upstream's subscriber and the downstream's subscription.
///
/// At most one emission is scheduled at a time; it publishes the pending value (the latest or the
/// first, as configured), then the pending completion if the upstream has completed meanwhile.
final class ThrottleSubscription<
  Upstream: Publisher, Context: Scheduler, Downstream: Subscriber
>: Subscriber, Subscription, Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private enum Stage {
    case awaitingSubscription
    case subscribed(UncheckedSendable<any Subscription>)
    /// The upstream has completed; the completion waits in `pendingCompletion`.
    case completing
    case terminated
  }

  private struct State {
    var stage = Stage.awaitingSubscription
    var downstream: UncheckedSendable<Downstream>?
    var demand = Subscribers.Demand.none
    var pendingValue: UncheckedSendable<Input>?
    var pendingCompletion: UncheckedSendable<Subscribers.Completion<Failure>>?
    var lastEmission: UncheckedSendable<Context.SchedulerTimeType>?

    var hasScheduledEmission: Bool { pendingValue != nil || pendingCompletion != nil }

    var isSubscribed: Bool {
      if case .subscribed = stage { return true }
      return false
    }
  }

  /// What the emissions need: immutable after init.
  private struct Timing {
    let interval: Context.SchedulerTimeType.Stride
    let scheduler: Context
    let latest: Bool
  }

  private let state: Mutex<State>
  private let timing: UncheckedSendable<Timing>

  init(
    downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
    latest: Bool
  ) {
    state = Mutex(State(downstream: UncheckedSendable(downstream)))
    timing = UncheckedSendable(Timing(interval: interval, scheduler: scheduler, latest: latest))
  }

  func receive(subscription: any Subscription) {
    let boxed = UncheckedSendable(subscription)
    let downstream = state.withLock { state -> UncheckedSendable<Downstream>? in
      guard case .awaitingSubscription = state.stage else { return nil }
      state.stage = .subscribed(boxed)
      return state.downstream
    }
    guard let downstream else { return subscription.cancel() }
    downstream.value.receive(subscription: self)
    // Throttle reads its upstream continuously: arrival times must not depend on the demand.
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let timing = timing.value
    let now = timing.scheduler.now
    let boxed = UncheckedSendable(input)
    let boxedNow = UncheckedSendable(now)
    let scheduled = state.withLock { state -> UncheckedSendable<Context.SchedulerTimeType>? in
      guard state.isSubscribed, state.demand > 0 else { return nil }
      if state.hasScheduledEmission {
        if timing.latest { state.pendingValue = boxed }
        return nil
      }
      state.demand -= 1
      state.pendingValue = boxed
      guard let lastEmission = state.lastEmission?.value else { return boxedNow }
      return UncheckedSendable(max(boxedNow.value, lastEmission.advanced(by: timing.interval)))
    }
    guard let emissionTime = scheduled?.value else { return .none }
    if emissionTime == now {
      timing.scheduler.schedule(options: nil) { [weak self] in self?.emit() }
    } else {
      timing.scheduler.schedule(
        after: emissionTime, tolerance: timing.scheduler.minimumTolerance, options: nil
      ) { [weak self] in self?.emit() }
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let boxed = UncheckedSendable(completion)
    let schedulesNow = state.withLock { state -> Bool in
      guard state.isSubscribed else { return false }
      state.stage = .completing
      let waitsForValue = state.hasScheduledEmission
      state.pendingCompletion = boxed
      return !waitsForValue
    }
    if schedulesNow {
      timing.value.scheduler.schedule(options: nil) { [weak self] in self?.emit() }
    }
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    state.withLock { state in
      if state.isSubscribed { state.demand += demand }
    }
  }

  func cancel() {
    let upstream = state.withLock { state -> UncheckedSendable<any Subscription>? in
      defer { state = State(stage: .terminated) }
      if case .subscribed(let upstream) = state.stage { return upstream }
      return nil
    }
    upstream?.value.cancel()
  }

  /// Publishes the pending value, then the pending completion.
  private func emit() {
    let now = timing.value.scheduler.now
    let taken = state.withLock {
      state -> (
        UncheckedSendable<Downstream>, UncheckedSendable<Input>?,
        UncheckedSendable<Subscribers.Completion<Failure>>?
      )? in
      guard let downstream = state.downstream else { return nil }
      switch state.stage {
      case .awaitingSubscription, .terminated: return nil
      case .subscribed, .completing: break
      }
      let value = state.pendingValue
      let completion = state.pendingCompletion
      state.pendingValue = nil
      state.pendingCompletion = nil
      if value != nil { state.lastEmission = UncheckedSendable(now) }
      if completion != nil { state = State(stage: .terminated) }
      return (downstream, value, completion)
    }
    guard let (downstream, value, completion) = taken else { return }
    let more = value.map { downstream.value.receive($0.value) } ?? .none
    if let completion { downstream.value.receive(completion: completion.value) }
    guard more > 0 else { return }
    state.withLock { state in
      if state.isSubscribed { state.demand += more }
    }
  }
}
