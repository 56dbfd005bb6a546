import Synchronization

/// What ``PassthroughSubject`` and ``CurrentValueSubject`` share: the subscriptions in the order
/// they were made, the completion, and (for a current-value subject) the current value.
@usableFromInline
final class SubjectCore<Output, Failure: Error>: Sendable {
  private struct State {
    var conduits: [SubjectConduit<Output, Failure>] = []
    var completion: UncheckedSendable<Subscribers.Completion<Failure>>?
    /// `nil` for a passthrough subject.
    var currentValue: UncheckedSendable<Output>?
  }

  private let state: Mutex<State>

  init(currentValue: Output?) {
    state = Mutex(State(currentValue: currentValue.map(UncheckedSendable.init)))
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

  /// A subject relays whatever its upstream produces: it asks for everything, unless it has
  /// already completed.
  func send(subscription: any Subscription) {
    if isCompleted {
      subscription.cancel()
    } else {
      subscription.request(.unlimited)
    }
  }

  func remove(_ conduit: SubjectConduit<Output, Failure>) {
    state.withLock { $0.conduits.removeAll { $0 === conduit } }
  }
}
