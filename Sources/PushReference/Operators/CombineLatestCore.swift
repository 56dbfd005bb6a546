import Synchronization

/// The one implementation behind ``Publishers/CombineLatest``, ``Publishers/CombineLatest3`` and
/// ``Publishers/CombineLatest4``: an element-indexed table of the latest value of each upstream.
///
/// Semantics (Combine's, pinned by the ported OpenCombine `CombineLatestTests`): nothing until
/// every upstream has produced; then one output per upstream value, with the latest of the
/// others; finished only when every upstream has finished; the first failure is delivered at
/// once and the other upstreams are cancelled. Demand: every downstream request is passed on to
/// every upstream; the demand a delivery returns goes to the upstream whose value made the
/// combination only (Apple's Combine; OpenCombine passes it to every upstream — see
/// docs/push-vs-pull.md); a combination made while the downstream
/// has no demand is dropped (`testUpstreamExceedsDemand`); a value that arrives while a
/// combination is being delivered updates the latest values but makes no combination of its
/// own (`testUpstreamValueReceivedWhileSendingValue`), so delivery never recurses.
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
    /// Everything the downstream has asked for so far: what an upstream that attaches late is
    /// asked for.
    var requested = Subscribers.Demand.none
    /// Whether a combination is being delivered downstream (on some thread).
    var isSending = false
    /// A completion that arrived while a combination was being delivered.
    var deferredCompletion: UncheckedSendable<Subscribers.Completion<Failure>>?
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

    var attachedUpstreams: [UncheckedSendable<any Subscription>] {
      upstreams.compactMap { $0 }
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
    let requested = state.withLock { state -> Subscribers.Demand? in
      guard !state.isTerminated, state.upstreams[index] == nil else { return nil }
      state.upstreams[index] = boxed
      return state.requested
    }
    guard let requested else { return subscription.cancel() }
    if requested > 0 { subscription.request(requested) }
  }

  func receive(_ value: Any, at index: Int) {
    let boxed = UncheckedSendable(value)
    let delivery = state.withLock { state -> (UncheckedSendable<Downstream>, [Any])? in
      guard !state.isTerminated, !state.finished[index] else { return nil }
      if state.latest[index] == nil { state.producedCount += 1 }
      state.latest[index] = boxed
      guard !state.isSending, state.demand > 0, let combination = state.combination,
        let downstream = state.downstream
      else { return nil }
      state.demand -= 1
      state.isSending = true
      return (downstream, combination)
    }
    if let (downstream, combination) = delivery {
      deliver(combination, to: downstream, madeBy: index)
    }
  }

  func complete(_ completion: Subscribers.Completion<Failure>, at index: Int) {
    let boxed = UncheckedSendable(completion)
    let (downstream, others) = state.withLock {
      state -> (UncheckedSendable<Downstream>?, [UncheckedSendable<any Subscription>]) in
      guard !state.isTerminated, !state.finished[index] else { return (nil, []) }
      state.finished[index] = true
      state.upstreams[index] = nil
      if case .finished = completion, state.finished.contains(false) { return (nil, []) }
      if state.isSending {
        // Delivered by the thread that is sending, once it is done.
        if state.deferredCompletion == nil { state.deferredCompletion = boxed }
        return (nil, [])
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
  }

  func cancel() {
    let upstreams = state.withLock { state in
      defer { state.terminate() }
      return state.attachedUpstreams
    }
    for upstream in upstreams { upstream.value.cancel() }
  }

  /// Delivers one combination; then passes the demand it returned on to the upstream whose value
  /// made it (`maker`), and delivers a completion that arrived meanwhile.
  private func deliver(
    _ combination: [Any], to downstream: UncheckedSendable<Downstream>, madeBy maker: Int
  ) {
    let more = downstream.value.receive(combine.value(combination))
    let (upstreams, completion, others) = state.withLock {
      state -> (
        [UncheckedSendable<any Subscription>],
        UncheckedSendable<Subscribers.Completion<Failure>>?,
        [UncheckedSendable<any Subscription>]
      ) in
      state.isSending = false
      guard !state.isTerminated else { return ([], nil, []) }
      if let completion = state.deferredCompletion {
        let others = state.attachedUpstreams
        state.terminate()
        return ([], completion, others)
      }
      guard more > 0 else { return ([], nil, []) }
      state.demand += more
      // `requested` (what a late upstream is asked for) counts the downstream's requests only.
      return (state.upstreams[maker].map { [$0] } ?? [], nil, [])
    }
    for upstream in upstreams { upstream.value.request(more) }
    for other in others { other.value.cancel() }
    if let completion { downstream.value.receive(completion: completion.value) }
  }
}
