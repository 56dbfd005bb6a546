import Synchronization

/// The one implementation behind ``Publishers/Zip`` and ``Publishers/Zip3``: a buffer of values
/// per upstream.
///
/// Semantics (Combine's `Zip`, Zip rule 3): values are buffered without limit;
/// when every buffer holds a value, the first of each is taken into one output; the zip finishes
/// when an upstream has finished and its buffer is empty; the first failure is delivered at once
/// and the other upstreams are cancelled. Demand: every downstream request is passed on to every
/// upstream; an output waits while the downstream has no demand.
final class ZipCore<Downstream: Subscriber>: Subscription, Sendable {
  typealias Output = Downstream.Input
  typealias Failure = Downstream.Failure

  private struct State {
    var downstream: UncheckedSendable<Downstream>?
    var upstreams: [UncheckedSendable<any Subscription>?]
    var buffers: [[UncheckedSendable<Any>]]
    var finished: [Bool]
    var demand = Subscribers.Demand.none
    var requested = Subscribers.Demand.none
    var isSending = false
    var isTerminated = false

    var attachedUpstreams: [UncheckedSendable<any Subscription>] { upstreams.compactMap { $0 } }

    /// Whether an upstream has finished with nothing left in its buffer.
    var isExhausted: Bool {
      zip(finished, buffers).contains { $0 && $1.isEmpty }
    }

    mutating func terminate() {
      isTerminated = true
      downstream = nil
      upstreams = upstreams.map { _ in nil }
      buffers = buffers.map { _ in [] }
    }
  }

  private let state: Mutex<State>
  private let combine: UncheckedSendable<([Any]) -> Output>

  /// Creates the core for `arity` upstreams; `combine` builds an output from one value of each.
  init(downstream: Downstream, arity: Int, combine: @escaping ([Any]) -> Output) {
    state = Mutex(
      State(
        downstream: UncheckedSendable(downstream),
        upstreams: Array(repeating: nil, count: arity),
        buffers: Array(repeating: [], count: arity), finished: Array(repeating: false, count: arity)
      ))
    self.combine = UncheckedSendable(combine)
  }

  /// Subscribes the downstream, then each upstream in argument order.
  func start(_ subscribeUpstream: [(ZipCore) -> Void]) {
    state.withLock { $0.downstream }?.value.receive(subscription: self)
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

  func receive(_ value: Any, at index: Int) {
    state.withLock { state in
      guard !state.isTerminated, !state.finished[index] else { return }
      state.buffers[index].append(UncheckedSendable(value))
    }
    drain()
  }

  func complete(_ completion: Subscribers.Completion<Failure>, at index: Int) {
    let (downstream, others) = state.withLock {
      state -> (UncheckedSendable<Downstream>?, [UncheckedSendable<any Subscription>]) in
      guard !state.isTerminated, !state.finished[index] else { return (nil, []) }
      state.finished[index] = true
      state.upstreams[index] = nil
      if case .finished = completion, !state.isExhausted || state.isSending { return (nil, []) }
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
    case deliver(UncheckedSendable<Downstream>, [Any])
    case finish(UncheckedSendable<Downstream>, [UncheckedSendable<any Subscription>])
    case stop
  }

  /// Delivers complete outputs while there is demand, then the finish once an upstream is
  /// exhausted.
  private func drain() {
    while true {
      let step = state.withLock { state -> Step in
        guard !state.isTerminated, !state.isSending, let downstream = state.downstream else {
          return .stop
        }
        if state.isExhausted {
          let others = state.attachedUpstreams
          state.terminate()
          return .finish(downstream, others)
        }
        guard state.demand > 0, state.buffers.allSatisfy({ !$0.isEmpty }) else { return .stop }
        if state.demand != .unlimited { state.demand -= 1 }
        state.isSending = true
        let values = state.buffers.indices.map { state.buffers[$0].removeFirst().value }
        return .deliver(downstream, values)
      }
      switch step {
      case .stop:
        return
      case .finish(let downstream, let others):
        for other in others { other.value.cancel() }
        downstream.value.receive(completion: .finished)
        return
      case .deliver(let downstream, let values):
        let more = downstream.value.receive(combine.value(values))
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

/// The subscriber that feeds one upstream of a zip into its core.
struct ZipSide<Input, Downstream: Subscriber>: Subscriber {
  typealias Failure = Downstream.Failure

  let core: ZipCore<Downstream>
  let index: Int

  func receive(subscription: any Subscription) { core.attach(subscription, at: index) }

  func receive(_ input: Input) -> Subscribers.Demand {
    core.receive(input, at: index)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    core.complete(completion, at: index)
  }
}
