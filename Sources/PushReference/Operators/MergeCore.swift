import Synchronization

/// The one implementation behind ``Publishers/Merge``, ``Publishers/Merge3`` and
/// ``Publishers/MergeMany``.
///
/// Semantics (Combine's `Merge`): every value of any upstream is passed on as it arrives; the
/// merge finishes when every upstream has finished; the first failure is delivered at once and
/// the other upstreams are cancelled. Demand: every downstream request is passed on to every
/// upstream; a value that arrives while the downstream has no demand waits (in arrival order)
/// until it asks, and a value that arrives while another is being delivered waits its turn, so
/// delivery never recurses.
final class MergeCore<Downstream: Subscriber>: Subscription, Sendable {
  typealias Output = Downstream.Input
  typealias Failure = Downstream.Failure

  private struct State {
    var downstream: UncheckedSendable<Downstream>?
    var upstreams: [UncheckedSendable<any Subscription>?]
    var unfinished: Int
    var demand = Subscribers.Demand.none
    /// Everything the downstream has asked for so far: what an upstream that attaches late is
    /// asked for.
    var requested = Subscribers.Demand.none
    var waiting: [UncheckedSendable<Output>] = []
    var isSending = false
    /// The finish, once every upstream finished while values still waited.
    var finishAfterWaiting = false
    var isTerminated = false

    var attachedUpstreams: [UncheckedSendable<any Subscription>] { upstreams.compactMap { $0 } }

    mutating func terminate() {
      isTerminated = true
      downstream = nil
      upstreams = upstreams.map { _ in nil }
      waiting = []
    }
  }

  private let state: Mutex<State>

  init(downstream: Downstream, arity: Int) {
    state = Mutex(
      State(
        downstream: UncheckedSendable(downstream),
        upstreams: Array(repeating: nil, count: arity), unfinished: arity))
  }

  /// Subscribes the downstream, then each upstream in argument order.
  func start(_ subscribeUpstream: [(MergeCore) -> Void]) {
    state.withLock { $0.downstream }?.value.receive(subscription: self)
    if subscribeUpstream.isEmpty { complete(.finished, at: nil) }
    for subscribe in subscribeUpstream { subscribe(self) }
  }

  func attach(_ subscription: any Subscription, at index: Int) {
    let boxed = UncheckedSendable(subscription)
    let requested = state.withLock { state -> Subscribers.Demand? in
      guard !state.isTerminated, state.upstreams[index] == nil else { return nil }
      state.upstreams[index] = boxed
      return state.requested
    }
    guard let requested else { return subscription.cancel() }
    if requested > 0 { subscription.request(requested) }
  }

  func receive(_ value: Output) {
    state.withLock { state in
      guard !state.isTerminated else { return }
      state.waiting.append(UncheckedSendable(value))
    }
    drain()
  }

  /// Completion of upstream `index` (`nil`: there is no upstream at all).
  func complete(_ completion: Subscribers.Completion<Failure>, at index: Int?) {
    let (downstream, others) = state.withLock {
      state -> (UncheckedSendable<Downstream>?, [UncheckedSendable<any Subscription>]) in
      guard !state.isTerminated else { return (nil, []) }
      if let index { state.upstreams[index] = nil }
      if case .finished = completion {
        state.unfinished -= 1
        guard state.unfinished <= 0 else { return (nil, []) }
        if !state.waiting.isEmpty || state.isSending {
          state.finishAfterWaiting = true
          return (nil, [])
        }
      }
      let others = state.attachedUpstreams
      let downstream = state.downstream
      state.terminate()
      return (downstream, others)
    }
    for other in others { other.value.cancel() }
    downstream?.value.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    let upstreams = state.withLock { state -> [UncheckedSendable<any Subscription>] in
      guard !state.isTerminated else { return [] }
      state.demand += demand
      state.requested += demand
      return state.attachedUpstreams
    }
    for upstream in upstreams { upstream.value.request(demand) }
    drain()
  }

  func cancel() {
    let upstreams = state.withLock { state in
      defer { state.terminate() }
      return state.attachedUpstreams
    }
    for upstream in upstreams { upstream.value.cancel() }
  }

  private enum Step {
    case deliver(UncheckedSendable<Downstream>, UncheckedSendable<Output>)
    case finish(UncheckedSendable<Downstream>)
    case stop
  }

  /// Delivers waiting values while there is demand, one at a time, then a finish that waited.
  private func drain() {
    while true {
      let step = state.withLock { state -> Step in
        guard !state.isTerminated, !state.isSending, let downstream = state.downstream else {
          return .stop
        }
        if state.waiting.isEmpty {
          guard state.finishAfterWaiting else { return .stop }
          state.terminate()
          return .finish(downstream)
        }
        guard state.demand > 0 else { return .stop }
        if state.demand != .unlimited { state.demand -= 1 }
        state.isSending = true
        return .deliver(downstream, state.waiting.removeFirst())
      }
      switch step {
      case .stop:
        return
      case .finish(let downstream):
        downstream.value.receive(completion: .finished)
        return
      case .deliver(let downstream, let value):
        let more = downstream.value.receive(value.value)
        let upstreams = state.withLock { state -> [UncheckedSendable<any Subscription>] in
          state.isSending = false
          guard !state.isTerminated, more > 0 else { return [] }
          state.demand += more
          state.requested += more
          return state.attachedUpstreams
        }
        for upstream in upstreams { upstream.value.request(more) }
      }
    }
  }
}

/// The subscriber that feeds one upstream of a merge into its core.
struct MergeSide<Downstream: Subscriber>: Subscriber {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  let core: MergeCore<Downstream>
  let index: Int

  func receive(subscription: any Subscription) { core.attach(subscription, at: index) }

  func receive(_ input: Input) -> Subscribers.Demand {
    core.receive(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    core.complete(completion, at: index)
  }
}
