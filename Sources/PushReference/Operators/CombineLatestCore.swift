import Synchronization

/// The one implementation behind ``Publishers/CombineLatest``, ``Publishers/CombineLatest3`` and
/// ``Publishers/CombineLatest4``: an element-indexed table of the latest value of each upstream.
///
/// Semantics (Combine's): nothing until every upstream has produced; then one output per
/// upstream value, with the latest of the others; finished only when every upstream has finished;
/// the first failure is delivered at once and the other upstreams are cancelled. Upstreams are
/// read without limit; an output made while the subscriber has no demand is not queued, but the
/// subscriber is owed the latest combination when it next requests.
final class CombineLatestCore<Downstream: Subscriber>: Subscription, Sendable {
  typealias Output = Downstream.Input
  typealias Failure = Downstream.Failure

  private struct State {
    var downstream: UncheckedSendable<Downstream>?
    var upstreams: [UncheckedSendable<any Subscription>?]
    /// The latest value of each upstream, type-erased; `nil` until it has produced one.
    var latest: [UncheckedSendable<Any>?]
    var producedCount = 0
    var finished: [Bool]
    var demand = Subscribers.Demand.none
    /// Whether a combination was made while the subscriber had no demand.
    var owesLatest = false
    var isTerminated = false

    init(downstream: Downstream, arity: Int) {
      self.downstream = UncheckedSendable(downstream)
      upstreams = Array(repeating: nil, count: arity)
      latest = Array(repeating: nil, count: arity)
      finished = Array(repeating: false, count: arity)
    }

    /// Forgets everything: no value, completion or request has any effect after this.
    mutating func terminate() {
      isTerminated = true
      downstream = nil
      upstreams = upstreams.map { _ in nil }
      latest = latest.map { _ in nil }
    }

    /// The combination of the latest values, once every upstream has produced.
    var combination: [Any]? {
      producedCount == latest.count ? latest.map { $0!.value } : nil
    }
  }

  private let state: Mutex<State>
  private let combine: UncheckedSendable<([Any]) -> Output>

  /// Creates the core for `arity` upstreams; `combine` builds the output from their latest
  /// values, in argument order.
  init(downstream: Downstream, arity: Int, combine: @escaping ([Any]) -> Output) {
    state = Mutex(State(downstream: downstream, arity: arity))
    self.combine = UncheckedSendable(combine)
  }

  /// Subscribes the downstream, then each upstream in argument order.
  func start(_ subscribeUpstream: [(CombineLatestCore) -> Void]) {
    state.withLock { $0.downstream }?.value.receive(subscription: self)
    for subscribe in subscribeUpstream {
      subscribe(self)
    }
  }

  func attach(_ subscription: any Subscription, at index: Int) {
    let boxed = UncheckedSendable(subscription)
    let accepted = state.withLock { state in
      guard !state.isTerminated, state.upstreams[index] == nil else { return false }
      state.upstreams[index] = boxed
      return true
    }
    if accepted {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()
    }
  }

  func receive(_ value: Any, at index: Int) {
    let boxed = UncheckedSendable(value)
    let delivery = state.withLock { state -> (UncheckedSendable<Downstream>, [Any])? in
      guard !state.isTerminated else { return nil }
      if state.latest[index] == nil { state.producedCount += 1 }
      state.latest[index] = boxed
      guard let combination = state.combination, let downstream = state.downstream else {
        return nil
      }
      guard state.demand > 0 else {
        state.owesLatest = true
        return nil
      }
      state.demand -= 1
      return (downstream, combination)
    }
    if let (downstream, combination) = delivery {
      deliver(combination, to: downstream)
    }
  }

  func complete(_ completion: Subscribers.Completion<Failure>, at index: Int) {
    let (downstream, others) = state.withLock {
      state -> (UncheckedSendable<Downstream>?, [UncheckedSendable<any Subscription>]) in
      guard !state.isTerminated, !state.finished[index] else { return (nil, []) }
      state.finished[index] = true
      state.upstreams[index] = nil
      if case .finished = completion, state.finished.contains(false) { return (nil, []) }
      let others = state.upstreams.compactMap { $0 }
      let downstream = state.downstream
      state.terminate()
      return (downstream, others)
    }
    for other in others { other.value.cancel() }
    downstream?.value.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    let delivery = state.withLock { state -> (UncheckedSendable<Downstream>, [Any])? in
      guard !state.isTerminated else { return nil }
      state.demand += demand
      guard state.owesLatest, state.demand > 0, let combination = state.combination,
        let downstream = state.downstream
      else { return nil }
      state.owesLatest = false
      state.demand -= 1
      return (downstream, combination)
    }
    if let (downstream, combination) = delivery {
      deliver(combination, to: downstream)
    }
  }

  func cancel() {
    let upstreams = state.withLock { state in
      defer { state.terminate() }
      return state.upstreams.compactMap { $0 }
    }
    for upstream in upstreams { upstream.value.cancel() }
  }

  private func deliver(_ combination: [Any], to downstream: UncheckedSendable<Downstream>) {
    let more = downstream.value.receive(combine.value(combination))
    guard more > 0 else { return }
    state.withLock { state in
      if !state.isTerminated { state.demand += more }
    }
  }
}
