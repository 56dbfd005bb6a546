import Synchronization

/// The subscriber behind `Publisher.subscribe(_:)` with a subject: it relays into the subject.
final class SubjectSubscriber<Relay: Subject>: Subscriber, Cancellable, Sendable {
  typealias Input = Relay.Output
  typealias Failure = Relay.Failure

  private struct State {
    var subject: UncheckedSendable<Relay>?
    var upstream: UncheckedSendable<any Subscription>?
    var isCancelled = false
  }

  private let state: Mutex<State>

  init(_ subject: Relay) {
    state = Mutex(State(subject: UncheckedSendable(subject)))
  }

  func receive(subscription: any Subscription) {
    let boxed = UncheckedSendable(subscription)
    let subject = state.withLock { state -> UncheckedSendable<Relay>? in
      guard !state.isCancelled, state.upstream == nil else { return nil }
      state.upstream = boxed
      return state.subject
    }
    guard let subject else { return subscription.cancel() }
    subject.value.send(subscription: subscription)
  }

  func receive(_ input: Relay.Output) -> Subscribers.Demand {
    state.withLock { $0.subject }?.value.send(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Relay.Failure>) {
    let subject = state.withLock { state in
      defer {
        state.subject = nil
        state.upstream = nil
      }
      return state.subject
    }
    subject?.value.send(completion: completion)
  }

  func cancel() {
    let upstream = state.withLock { state in
      defer {
        state.isCancelled = true
        state.subject = nil
        state.upstream = nil
      }
      return state.upstream
    }
    upstream?.value.cancel()
  }
}
