import Synchronization

extension Publishers {
  /// A publisher of the values of `prefix`, then, once it has finished, those of `suffix`.
  ///
  /// `suffix` is subscribed to only when `prefix` has finished (values it published before are
  /// not seen: Combine's `append`); a failure of either ends the concatenation.
  ///
  /// ```swift
  /// cachedPages.append(downloadedPages).sink { show($0) }
  /// ```
  public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
  where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
    /// The upstreams\' output type.
    public typealias Output = Prefix.Output
    /// The upstreams\' shared failure type.
    public typealias Failure = Prefix.Failure

    /// The publisher read first.
    public let prefix: Prefix
    /// The publisher read after `prefix` has finished.
    public let suffix: Suffix

    /// Creates a publisher of `prefix`'s values, then `suffix`'s.
    public init(prefix: Prefix, suffix: Suffix) {
      self.prefix = prefix
      self.suffix = suffix
    }

    /// Attaches `subscriber`, then subscribes to `prefix`.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let core = ConcatenateCore(downstream: subscriber) { core in
        suffix.subscribe(ConcatenateSide(core: core, isSuffix: true))
      }
      subscriber.receive(subscription: core)
      prefix.subscribe(ConcatenateSide(core: core, isSuffix: false))
    }
  }
}

extension Publisher {
  /// The values of this publisher, then, once it has finished, those of `other`.
  ///
  /// ```swift
  /// cachedPages.append(downloadedPages).sink { show($0) }
  /// ```
  public func append<P: Publisher>(_ other: P) -> Publishers.Concatenate<Self, P>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Concatenate(prefix: self, suffix: other)
  }
}

/// The subscription of a ``Publishers/Concatenate``: passes the downstream's demand on to the
/// current upstream, and what remains of it to the suffix.
final class ConcatenateCore<Downstream: Subscriber>: Subscription, Sendable {
  private struct State {
    var downstream: UncheckedSendable<Downstream>?
    var upstream: UncheckedSendable<any Subscription>?
    var demand = Subscribers.Demand.none
    var isTerminated = false
  }

  private let state: Mutex<State>
  private let subscribeSuffix: UncheckedSendable<(ConcatenateCore) -> Void>

  init(downstream: Downstream, subscribeSuffix: @escaping (ConcatenateCore) -> Void) {
    state = Mutex(State(downstream: UncheckedSendable(downstream)))
    self.subscribeSuffix = UncheckedSendable(subscribeSuffix)
  }

  func attach(_ subscription: any Subscription) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      guard !state.isTerminated else { return nil }
      state.upstream = UncheckedSendable(subscription)
      return state.demand
    }
    guard let demand else { return subscription.cancel() }
    if demand > 0 { subscription.request(demand) }
  }

  func receive(_ value: Downstream.Input) -> Subscribers.Demand {
    guard
      let downstream = state.withLock({ state -> UncheckedSendable<Downstream>? in
        guard !state.isTerminated else { return nil }
        if state.demand != .unlimited { state.demand -= 1 }
        return state.downstream
      })
    else { return .none }
    let more = downstream.value.receive(value)
    state.withLock { $0.demand += more }
    return more
  }

  func complete(_ completion: Subscribers.Completion<Downstream.Failure>, isSuffix: Bool) {
    if case .finished = completion, !isSuffix {
      state.withLock { $0.upstream = nil }
      subscribeSuffix.value(self)
      return
    }
    let downstream = state.withLock { state -> UncheckedSendable<Downstream>? in
      defer {
        state.isTerminated = true
        state.downstream = nil
        state.upstream = nil
      }
      return state.isTerminated ? nil : state.downstream
    }
    downstream?.value.receive(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    let upstream = state.withLock { state -> UncheckedSendable<any Subscription>? in
      guard !state.isTerminated else { return nil }
      state.demand += demand
      return state.upstream
    }
    upstream?.value.request(demand)
  }

  func cancel() {
    let upstream = state.withLock { state -> UncheckedSendable<any Subscription>? in
      defer {
        state.isTerminated = true
        state.downstream = nil
        state.upstream = nil
      }
      return state.upstream
    }
    upstream?.value.cancel()
  }
}

/// The subscriber of the prefix or the suffix of a concatenation.
struct ConcatenateSide<Downstream: Subscriber>: Subscriber {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  let core: ConcatenateCore<Downstream>
  let isSuffix: Bool

  func receive(subscription: any Subscription) { core.attach(subscription) }

  func receive(_ input: Input) -> Subscribers.Demand { core.receive(input) }

  func receive(completion: Subscribers.Completion<Failure>) {
    core.complete(completion, isSuffix: isSuffix)
  }
}
