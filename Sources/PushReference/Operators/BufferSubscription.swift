import Synchronization

/// One subscriber's buffer: the upstream's subscriber and the downstream's subscription.
///
/// Values and the completion are delivered by one drain loop at a time (`isDraining`): a
/// downstream that requests more from inside `receive(_:)` only adds demand, which the running
/// loop then serves, so values are never delivered out of order or re-entrantly.
final class BufferSubscription<Downstream: Subscriber>: Subscriber, Subscription, Sendable {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private enum Stage {
    case awaitingSubscription
    case subscribed(UncheckedSendable<any Subscription>)
    case terminated
  }

  private struct State {
    var stage = Stage.awaitingSubscription
    var demand = Subscribers.Demand.none
    var values: [UncheckedSendable<Input>] = []
    var completion: UncheckedSendable<Subscribers.Completion<Failure>>?
    var isDraining = false
  }

  /// What one step of the drain loop delivers.
  private enum Delivery {
    case value(UncheckedSendable<Input>)
    case completion(UncheckedSendable<Subscribers.Completion<Failure>>)
  }

  private let state = Mutex(State())
  private let downstream: UncheckedSendable<Downstream>
  private let size: Int
  private let prefetch: Publishers.PrefetchStrategy
  private let whenFull: UncheckedSendable<Publishers.BufferingStrategy<Failure>>

  init(
    downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy,
    whenFull: Publishers.BufferingStrategy<Failure>
  ) {
    self.downstream = UncheckedSendable(downstream)
    self.size = size
    self.prefetch = prefetch
    self.whenFull = UncheckedSendable(whenFull)
  }

  func receive(subscription: any Subscription) {
    let boxed = UncheckedSendable(subscription)
    let accepted = state.withLock { state in
      guard case .awaitingSubscription = state.stage else { return false }
      state.stage = .subscribed(boxed)
      return true
    }
    guard accepted else { return subscription.cancel() }
    subscription.request(prefetch == .keepFull ? .max(size) : .unlimited)
    downstream.value.receive(subscription: self)
  }

  /// What a value that arrived led to.
  private enum Arrival {
    case ignored, buffered
    case failed(UncheckedSendable<any Subscription>)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let outcome = state.withLock { state -> Arrival in
      guard case .subscribed(let upstream) = state.stage, state.completion == nil else {
        return .ignored
      }
      if state.values.count >= size {
        switch whenFull.value {
        case .dropNewest:
          return .buffered  // dropped; the drain below may still deliver older values
        case .dropOldest:
          state.values.removeFirst()
        case .customError(let makeError):
          state.completion = UncheckedSendable(.failure(makeError()))
          return .failed(upstream)
        }
      }
      state.values.append(UncheckedSendable(input))
      return .buffered
    }
    switch outcome {
    case .ignored:
      return .none
    case .failed(let upstream):
      upstream.value.cancel()
      drain()
      return .none
    case .buffered:
      return drain()
    }
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let accepted = state.withLock { state in
      guard case .subscribed = state.stage, state.completion == nil else { return false }
      state.completion = UncheckedSendable(completion)
      return true
    }
    if accepted { drain() }
  }

  func request(_ demand: Subscribers.Demand) {
    let upstream = state.withLock { state -> UncheckedSendable<any Subscription>? in
      guard case .subscribed(let upstream) = state.stage else { return nil }
      state.demand += demand
      return upstream
    }
    guard let upstream else { return }
    let more = drain()
    if more > 0 { upstream.value.request(more) }
  }

  func cancel() {
    let upstream = state.withLock { state -> UncheckedSendable<any Subscription>? in
      defer {
        state.stage = .terminated
        state.values = []
      }
      if case .subscribed(let upstream) = state.stage { return upstream }
      return nil
    }
    upstream?.value.cancel()
  }

  /// Delivers what the downstream's demand allows, then the completion when nothing waits before
  /// it (a failure at once while there is no demand). Returns how many more values to ask the
  /// upstream for (`.keepFull`: one per value delivered); `.none` when another drain runs.
  @discardableResult
  private func drain() -> Subscribers.Demand {
    var refill = Subscribers.Demand.none
    let started = state.withLock { state in
      guard !state.isDraining else { return false }
      state.isDraining = true
      return true
    }
    guard started else { return .none }
    while let delivery = nextDelivery() {
      switch delivery {
      case .value(let value):
        let more = downstream.value.receive(value.value)
        state.withLock { $0.demand += more }
        if prefetch == .keepFull { refill += 1 }
      case .completion(let completion):
        downstream.value.receive(completion: completion.value)
        return .none
      }
    }
    return refill
  }

  /// The next thing to deliver, or `nil` (and the drain ends) when nothing may be delivered now.
  private func nextDelivery() -> Delivery? {
    state.withLock { state in
      guard case .subscribed = state.stage else {
        state.isDraining = false
        return nil
      }
      if state.demand > 0, !state.values.isEmpty {
        state.demand -= 1
        return .value(state.values.removeFirst())
      }
      if let completion = state.completion {
        let failed = if case .failure = completion.value { true } else { false }
        if state.values.isEmpty || (failed && state.demand == 0) {
          state.stage = .terminated
          state.values = []
          state.isDraining = false
          return .completion(completion)
        }
      }
      state.isDraining = false
      return nil
    }
  }
}
