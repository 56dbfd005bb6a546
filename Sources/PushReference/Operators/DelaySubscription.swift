import Synchronization

/// One subscriber's delay: demand passes straight to the upstream; each event is scheduled
/// `interval` after it arrived; nothing is delivered after a cancellation.
final class DelaySubscription<Upstream: Publisher, Context: Scheduler, Downstream: Subscriber>:
  Subscriber, Subscription, Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private struct State {
    var downstream: UncheckedSendable<Downstream>?
    var upstream: UncheckedSendable<any Subscription>?
    var hasSubscription = false
  }

  private let state: Mutex<State>
  private let interval: UncheckedSendable<Context.SchedulerTimeType.Stride>
  private let scheduler: UncheckedSendable<Context>

  init(downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context) {
    state = Mutex(State(downstream: UncheckedSendable(downstream)))
    self.interval = UncheckedSendable(interval)
    self.scheduler = UncheckedSendable(scheduler)
  }

  func receive(subscription: any Subscription) {
    let boxed = UncheckedSendable(subscription)
    let downstream = state.withLock { state -> UncheckedSendable<Downstream>? in
      guard !state.hasSubscription, let downstream = state.downstream else { return nil }
      state.hasSubscription = true
      state.upstream = boxed
      return downstream
    }
    guard let downstream else { return subscription.cancel() }
    downstream.value.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let boxed = UncheckedSendable(input)
    later { [self] downstream in
      let more = downstream.receive(boxed.value)
      if more > 0 { state.withLock { $0.upstream }?.value.request(more) }
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let boxed = UncheckedSendable(completion)
    later { [self] downstream in
      state.withLock { $0 = State(hasSubscription: true) }
      downstream.receive(completion: boxed.value)
    }
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.upstream }?.value.request(demand)
  }

  func cancel() {
    let upstream = state.withLock { state in
      defer { state = State(hasSubscription: true) }
      return state.upstream
    }
    upstream?.value.cancel()
  }

  /// Runs `deliver` `interval` from now, unless the subscription has ended by then.
  private func later(_ deliver: @escaping (Downstream) -> Void) {
    let scheduler = scheduler.value
    scheduler.schedule(
      after: scheduler.now.advanced(by: interval.value), tolerance: scheduler.minimumTolerance,
      options: nil
    ) { [self] in
      guard let downstream = state.withLock({ $0.downstream }) else { return }
      deliver(downstream.value)
    }
  }
}
