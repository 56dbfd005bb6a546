import Synchronization

/// One subscriber's switch: the outer publisher's subscriber, the downstream's subscription, and
/// the bookkeeping of the current inner publisher (identified by a generation, so that a
/// cancelled inner publisher that still sends is ignored).
final class SwitchToLatestSubscription<Inner: Publisher, Downstream: Subscriber>: Subscriber,
  Subscription, Sendable
where Downstream.Input == Inner.Output, Downstream.Failure == Inner.Failure {
  typealias Input = Inner
  typealias Failure = Inner.Failure
  private typealias Boxed = UncheckedSendable<any Subscription>

  private struct State {
    var downstream: UncheckedSendable<Downstream>?
    var outer: Boxed?
    var hasOuterSubscription = false
    var isOuterFinished = false
    /// The current inner publisher's generation; `nil` once it has finished.
    var activeGeneration: UInt64?
    var generation: UInt64 = 0
    var inner: Boxed?
    /// The downstream's outstanding demand.
    var demand = Subscribers.Demand.none
    var isTerminated = false

    /// Forgets everything; returns the subscriptions to cancel.
    mutating func terminate() -> [Boxed] {
      defer { self = State(isTerminated: true) }
      // Combine cancels the inner publisher first (OpenCombine `testCancelCancels`).
      return [inner, outer].compactMap { $0 }
    }
  }

  private let state: Mutex<State>

  init(downstream: Downstream) {
    state = Mutex(State(downstream: UncheckedSendable(downstream)))
  }

  // MARK: The outer publisher

  func receive(subscription: any Subscription) {
    let boxed = UncheckedSendable(subscription)
    let accepted = state.withLock { state in
      guard !state.isTerminated, !state.hasOuterSubscription else { return false }
      state.hasOuterSubscription = true
      state.outer = boxed
      return true
    }
    guard accepted else { return subscription.cancel() }
    subscription.request(.unlimited)
  }

  func receive(_ input: Inner) -> Subscribers.Demand {
    let started = state.withLock { state -> (UInt64, Boxed?)? in
      guard !state.isTerminated, !state.isOuterFinished else { return nil }
      state.generation += 1
      state.activeGeneration = state.generation
      defer { state.inner = nil }
      return (state.generation, state.inner)
    }
    guard let (generation, previous) = started else { return .none }
    previous?.value.cancel()
    input.subscribe(InnerSubscriber(parent: self, generation: generation))
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let (downstream, cancelled) = state.withLock {
      state -> (UncheckedSendable<Downstream>?, [Boxed]) in
      guard !state.isTerminated, !state.isOuterFinished else { return (nil, []) }
      state.outer = nil
      if case .finished = completion, state.activeGeneration != nil {
        state.isOuterFinished = true
        return (nil, [])
      }
      let downstream = state.downstream
      return (downstream, state.terminate())
    }
    for subscription in cancelled { subscription.value.cancel() }
    downstream?.value.receive(completion: completion)
  }

  // MARK: The downstream

  func request(_ demand: Subscribers.Demand) {
    let inner = state.withLock { state -> Boxed? in
      guard !state.isTerminated else { return nil }
      state.demand += demand
      return state.inner
    }
    inner?.value.request(demand)
  }

  func cancel() {
    let cancelled = state.withLock { $0.terminate() }
    for subscription in cancelled { subscription.value.cancel() }
  }

  // MARK: The inner publishers

  fileprivate func innerReceive(subscription: any Subscription, generation: UInt64) {
    let boxed = UncheckedSendable(subscription)
    let decision = state.withLock { state -> InnerSubscriptionDecision in
      guard !state.isTerminated else { return .cancel }
      // An inner publisher that has finished: Combine leaves what it sends alone
      // (OpenCombine `testSwitchToLatestInnerReceiveSubscriptionTwice`).
      if state.activeGeneration == nil, state.generation == generation { return .ignore }
      guard state.activeGeneration == generation, state.inner == nil else { return .cancel }
      state.inner = boxed
      return .accept(state.demand)
    }
    switch decision {
    case .accept(let demand): if demand > 0 { subscription.request(demand) }
    case .ignore: break
    case .cancel: subscription.cancel()
    }
  }

  fileprivate func innerReceive(_ value: Inner.Output, generation: UInt64) -> Subscribers.Demand {
    let downstream = state.withLock { state -> UncheckedSendable<Downstream>? in
      guard !state.isTerminated, state.activeGeneration == generation, state.demand > 0 else {
        return nil
      }
      state.demand -= 1
      return state.downstream
    }
    guard let downstream else { return .none }
    let more = downstream.value.receive(value)
    if more > 0 {
      state.withLock { state in
        if !state.isTerminated { state.demand += more }
      }
    }
    return more
  }

  fileprivate func innerReceive(
    completion: Subscribers.Completion<Failure>, generation: UInt64
  ) {
    let (downstream, cancelled) = state.withLock {
      state -> (UncheckedSendable<Downstream>?, [Boxed]) in
      guard !state.isTerminated, state.activeGeneration == generation else { return (nil, []) }
      state.inner = nil
      state.activeGeneration = nil
      if case .finished = completion, !state.isOuterFinished { return (nil, []) }
      let downstream = state.downstream
      return (downstream, state.terminate())
    }
    for subscription in cancelled { subscription.value.cancel() }
    downstream?.value.receive(completion: completion)
  }

  /// What becomes of a subscription an inner publisher hands over.
  private enum InnerSubscriptionDecision {
    case accept(Subscribers.Demand)
    case ignore
    case cancel
  }

  /// The subscriber given to one inner publisher.
  private struct InnerSubscriber: Subscriber {
    typealias Input = Inner.Output
    typealias Failure = Inner.Failure

    let parent: SwitchToLatestSubscription
    let generation: UInt64

    func receive(subscription: any Subscription) {
      parent.innerReceive(subscription: subscription, generation: generation)
    }

    func receive(_ input: Inner.Output) -> Subscribers.Demand {
      parent.innerReceive(input, generation: generation)
    }

    func receive(completion: Subscribers.Completion<Inner.Failure>) {
      parent.innerReceive(completion: completion, generation: generation)
    }
  }
}
