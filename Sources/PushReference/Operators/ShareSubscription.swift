import Synchronization

/// One subscriber of a ``Publishers/Share``: relays the shared subject's stream and tells the
/// share, exactly once, when the subscriber is gone (cancelled or completed).
final class ShareSubscription<Upstream: Publisher, Downstream: Subscriber>: Subscriber,
  Subscription, Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  private struct State {
    var share: Publishers.Share<Upstream>?
    var conduit: UncheckedSendable<any Subscription>?
  }

  private let downstream: UncheckedSendable<Downstream>
  private let state: Mutex<State>

  init(downstream: Downstream, share: Publishers.Share<Upstream>) {
    self.downstream = UncheckedSendable(downstream)
    state = Mutex(State(share: share))
  }

  func receive(subscription: any Subscription) {
    let boxed = UncheckedSendable(subscription)
    state.withLock { $0.conduit = boxed }
    downstream.value.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    downstream.value.receive(input)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let share = state.withLock { state in
      defer { state = State() }
      return state.share
    }
    downstream.value.receive(completion: completion)
    share?.release()
  }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.conduit }?.value.request(demand)
  }

  func cancel() {
    let (share, conduit) = state.withLock { state in
      defer { state = State() }
      return (state.share, state.conduit)
    }
    conduit?.value.cancel()
    share?.release()
  }
}
