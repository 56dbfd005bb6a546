import Synchronization

/// One subscriber's grouping, by count, by time, or by time or count: the upstream's subscriber
/// and the downstream's subscription. Values are appended under the lock; a group is published
/// outside it.
final class CollectSubscription<Upstream: Publisher, Context: Scheduler, Downstream: Subscriber>:
  Subscriber, Subscription, Sendable
where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private struct State {
    var downstream: UncheckedSendable<Downstream>?
    var upstream: UncheckedSendable<any Subscription>?
    var timer: UncheckedSendable<any Cancellable>?
    var buffer: UncheckedSendable<[Input]> = UncheckedSendable([])
    var demand = Subscribers.Demand.none
    var hasSubscription = false
  }

  private let state: Mutex<State>
  private let count: Int?
  private let timing: UncheckedSendable<(Context, Context.SchedulerTimeType.Stride)?>

  init(
    downstream: Downstream, count: Int?, timing: (Context, Context.SchedulerTimeType.Stride)?
  ) {
    state = Mutex(State(downstream: UncheckedSendable(downstream)))
    self.count = count
    self.timing = UncheckedSendable(timing)
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
    guard let (scheduler, stride) = timing.value else { return }
    // By time, the upstream is read continuously: its values' arrival must not depend on demand.
    let timer = scheduler.schedule(
      after: scheduler.now.advanced(by: stride), interval: stride,
      tolerance: scheduler.minimumTolerance, options: nil
    ) { [weak self] in self?.timerFired() }
    let cancelNow = state.withLock { state -> Bool in
      guard state.downstream != nil else { return true }
      state.timer = UncheckedSendable(timer)
      return false
    }
    if cancelNow { timer.cancel() }
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let boxed = UncheckedSendable(input)
    let full = state.withLock { state -> (UncheckedSendable<Downstream>, [Input])? in
      guard let downstream = state.downstream else { return nil }
      state.buffer.value.append(boxed.value)
      guard let count, state.buffer.value.count >= count, state.demand > 0 else { return nil }
      return (downstream, take(&state))
    }
    if let (downstream, group) = full { publish(group, to: downstream) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let boxed = UncheckedSendable(completion)
    let ended = state.withLock {
      state -> (UncheckedSendable<Downstream>, [Input], UncheckedSendable<(any Cancellable)?>)? in
      guard let downstream = state.downstream else { return nil }
      let last = state.buffer.value
      let timer = UncheckedSendable(state.timer?.value)
      state = State(hasSubscription: true)
      return (downstream, last, timer)
    }
    guard let (downstream, last, timer) = ended else { return }
    timer.value?.cancel()
    if case .finished = boxed.value, !last.isEmpty { _ = downstream.value.receive(last) }
    downstream.value.receive(completion: boxed.value)
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    let upstream = state.withLock { state -> UncheckedSendable<any Subscription>? in
      guard state.downstream != nil else { return nil }
      state.demand += demand
      return state.upstream
    }
    // By count, demand for n groups is demand for n × count values (Combine's rule).
    if timing.value == nil, let count { upstream?.value.request(demand * count) }
  }

  func cancel() {
    let taken = state.withLock {
      state -> (UncheckedSendable<(any Subscription)?>, UncheckedSendable<(any Cancellable)?>) in
      defer { state = State(hasSubscription: true) }
      return (UncheckedSendable(state.upstream?.value), UncheckedSendable(state.timer?.value))
    }
    taken.1.value?.cancel()
    taken.0.value?.cancel()
  }

  /// A tick of the timer: publishes the group collected since the last one, if any.
  private func timerFired() {
    let due = state.withLock { state -> (UncheckedSendable<Downstream>, [Input])? in
      guard let downstream = state.downstream, !state.buffer.value.isEmpty, state.demand > 0
      else { return nil }
      return (downstream, take(&state))
    }
    if let (downstream, group) = due { publish(group, to: downstream) }
  }

  private func take(_ state: inout State) -> [Input] {
    let group = state.buffer.value
    state.buffer.value = []
    state.demand -= 1
    return group
  }

  private func publish(_ group: [Input], to downstream: UncheckedSendable<Downstream>) {
    let more = downstream.value.receive(group)
    guard more > 0 else { return }
    state.withLock { state in
      if state.downstream != nil { state.demand += more }
    }
  }
}
