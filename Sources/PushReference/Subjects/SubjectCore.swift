import Synchronization

/// What ``PassthroughSubject`` and ``CurrentValueSubject`` share: the subscriptions in the order
/// they were made, the completion, (for a current-value subject) the current value, and the
/// upstream subscriptions the subject was given with `send(subscription:)`.
@usableFromInline
final class SubjectCore<Output, Failure: Error>: Sendable {
  private struct State {
    var conduits: [SubjectConduit<Output, Failure>] = []
    var completion: UncheckedSendable<Subscribers.Completion<Failure>>?
    /// `nil` for a passthrough subject.
    var currentValue: UncheckedSendable<Output>?
    /// Every upstream subscription received, kept so that demand can reach it later and so
    /// that it is cancelled with the subject.
    var upstreams: [UncheckedSendable<any Subscription>] = []
    /// Whether `.unlimited` has been requested from the upstreams. A current-value subject
    /// requests at once (it always has a value to offer); a passthrough subject only once one of
    /// its subscribers has demand, as Combine does (OpenCombine `testSendSubscription`).
    var hasRequestedUpstream: Bool
  }

  private let state: Mutex<State>

  init(currentValue: Output?) {
    state = Mutex(
      State(
        currentValue: currentValue.map(UncheckedSendable.init),
        hasRequestedUpstream: currentValue != nil))
  }

  deinit {
    // Combine cancels the upstream subscriptions of a subject that goes away
    // (OpenCombine `testCancelsUpstreamSubscriptionsOnDeinit`).
    let upstreams = state.withLock { $0.upstreams }
    for upstream in upstreams { upstream.value.cancel() }
  }

  /// The current value, boxed (so that an optional `Output` is not flattened); `nil` for a
  /// passthrough subject.
  var currentValue: UncheckedSendable<Output>? {
    state.withLock { $0.currentValue }
  }

  /// Whether the subject has completed.
  var isCompleted: Bool {
    state.withLock { $0.completion != nil }
  }

  func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
    let replays = state.withLock { $0.currentValue != nil }
    let conduit = SubjectConduit(
      subject: self, downstream: AnySubscriber(subscriber), replaysCurrentValue: replays)
    let completion = state.withLock { state in
      if state.completion == nil { state.conduits.append(conduit) }
      return state.completion
    }
    if let completion {
      subscriber.receive(subscription: Subscriptions.empty)
      subscriber.receive(completion: completion.value)
    } else {
      subscriber.receive(subscription: conduit)
    }
  }

  func send(_ value: Output) {
    let boxed = UncheckedSendable(value)
    let conduits = state.withLock { state -> [SubjectConduit<Output, Failure>] in
      guard state.completion == nil else { return [] }
      if state.currentValue != nil { state.currentValue = boxed }
      return state.conduits
    }
    for conduit in conduits {
      conduit.offer(value)
    }
  }

  /// Makes `value` current — even after completion, as Combine's `value` setter does
  /// (OpenCombine `testChangeValueAfterCompletion`) — and sends it unless completed.
  func setCurrentValue(_ value: Output) {
    let boxed = UncheckedSendable(value)
    let isCompleted = state.withLock { state in
      state.currentValue = boxed
      return state.completion != nil
    }
    if !isCompleted { send(value) }
  }

  func send(completion: Subscribers.Completion<Failure>) {
    let boxed = UncheckedSendable(completion)
    let conduits = state.withLock { state -> [SubjectConduit<Output, Failure>] in
      guard state.completion == nil else { return [] }
      state.completion = boxed
      defer { state.conduits = [] }
      return state.conduits
    }
    for conduit in conduits {
      conduit.complete(completion)
    }
  }

  /// A subject relays whatever its upstream produces: it asks for everything — at once if some
  /// subscriber already had demand (or it holds a current value), else at the first demand.
  func send(subscription: any Subscription) {
    let boxed = UncheckedSendable(subscription)
    let requestsNow = state.withLock { state -> Bool? in
      guard state.completion == nil else { return nil }
      state.upstreams.append(boxed)
      return state.hasRequestedUpstream
    }
    switch requestsNow {
    case nil: subscription.cancel()
    case true?: subscription.request(.unlimited)
    case false?: break
    }
  }

  /// A subscriber has requested: the first demand of any subscriber opens the upstreams.
  func subscriberDidRequest() {
    let upstreams = state.withLock { state -> [UncheckedSendable<any Subscription>] in
      guard !state.hasRequestedUpstream else { return [] }
      state.hasRequestedUpstream = true
      return state.upstreams
    }
    for upstream in upstreams { upstream.value.request(.unlimited) }
  }

  func remove(_ conduit: SubjectConduit<Output, Failure>) {
    state.withLock { $0.conduits.removeAll { $0 === conduit } }
  }
}
