import Synchronization

/// One subscriber's subscription to a subject: its demand, and whether it is still owed the
/// current value.
///
/// A subject does not buffer: a value sent while the subscriber has no demand is lost to it. A
/// current-value subject makes up for that as Combine does: the subscriber is owed the current
/// value, delivered as soon as it requests (first subscription included).
final class SubjectConduit<Output, Failure: Error>: Subscription, Sendable {
  private struct State {
    var subject: SubjectCore<Output, Failure>?
    var downstream: UncheckedSendable<AnySubscriber<Output, Failure>>?
    var demand = Subscribers.Demand.none
    /// Whether the subject is a current-value subject.
    let replaysCurrentValue: Bool
    var owesCurrentValue: Bool
  }

  private let state: Mutex<State>

  init(
    subject: SubjectCore<Output, Failure>, downstream: AnySubscriber<Output, Failure>,
    replaysCurrentValue: Bool
  ) {
    state = Mutex(
      State(
        subject: subject, downstream: UncheckedSendable(downstream),
        replaysCurrentValue: replaysCurrentValue, owesCurrentValue: replaysCurrentValue))
  }

  /// Delivers `value` if the subscriber has demand; otherwise the value is lost to it.
  func offer(_ value: Output) {
    let downstream = state.withLock { state -> UncheckedSendable<AnySubscriber<Output, Failure>>? in
      guard let downstream = state.downstream else { return nil }
      guard state.demand > 0 else {
        state.owesCurrentValue = state.replaysCurrentValue
        return nil
      }
      state.demand -= 1
      state.owesCurrentValue = false
      return downstream
    }
    guard let downstream else { return }
    addDemand(downstream.value.receive(value))
  }

  func request(_ demand: Subscribers.Demand) {
    let (subject, owesCurrentValue) = state.withLock {
      state -> (SubjectCore<Output, Failure>?, Bool) in
      guard state.downstream != nil else { return (nil, false) }
      state.demand += demand
      guard state.owesCurrentValue, state.demand > 0 else { return (state.subject, false) }
      state.owesCurrentValue = false
      return (state.subject, true)
    }
    if demand > 0 { subject?.subscriberDidRequest() }
    guard owesCurrentValue, let value = subject?.currentValue else { return }
    let downstream = state.withLock { state -> UncheckedSendable<AnySubscriber<Output, Failure>>? in
      guard state.downstream != nil else { return nil }
      state.demand -= 1
      return state.downstream
    }
    guard let downstream else { return }
    addDemand(downstream.value.receive(value.value))
  }

  func cancel() {
    let subject = state.withLock { state in
      defer {
        state.subject = nil
        state.downstream = nil
      }
      return state.subject
    }
    subject?.remove(self)
  }

  /// Ends the subscription with `completion` (the subject has already forgotten it).
  func complete(_ completion: Subscribers.Completion<Failure>) {
    let downstream = state.withLock { state in
      defer {
        state.subject = nil
        state.downstream = nil
      }
      return state.downstream
    }
    downstream?.value.receive(completion: completion)
  }

  private func addDemand(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    state.withLock { state in
      if state.downstream != nil { state.demand += demand }
    }
  }
}
