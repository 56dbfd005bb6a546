import Synchronization

/// The subscriber and subscription behind ``Publishers/Filter`` and
/// ``Publishers/RemoveDuplicates``: passes each value on or drops it (asking the upstream for one
/// more instead), and — as Combine's operators do, since they stand between the two as a
/// subscription of their own — forwards nothing after a completion or a cancellation, and
/// cancels the upstream once (OpenCombine `FilterTests.testUpstreamFinishesWithError`,
/// `testCancelAlreadyCancelled`).
final class DroppingSubscription<Downstream: Subscriber>: Subscriber, Subscription, Sendable {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private enum Stage {
    case awaitingSubscription
    case subscribed(UncheckedSendable<any Subscription>)
    case ended
  }

  private let downstream: UncheckedSendable<Downstream>
  /// Whether a value is passed on; called serially, as the upstream delivers values.
  private let passes: UncheckedSendable<(Input) -> Bool>
  private let stage = Mutex(Stage.awaitingSubscription)

  init(downstream: Downstream, passes: @escaping (Input) -> Bool) {
    self.downstream = UncheckedSendable(downstream)
    self.passes = UncheckedSendable(passes)
  }

  func receive(subscription: any Subscription) {
    let boxed = UncheckedSendable(subscription)
    let accepted = stage.withLock { stage in
      guard case .awaitingSubscription = stage else { return false }
      stage = .subscribed(boxed)
      return true
    }
    guard accepted else { return subscription.cancel() }
    downstream.value.receive(subscription: self)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard isSubscribed else { return .none }
    return passes.value(input) ? downstream.value.receive(input) : .max(1)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let isFirst = stage.withLock { stage in
      guard case .subscribed = stage else { return false }
      stage = .ended
      return true
    }
    if isFirst { downstream.value.receive(completion: completion) }
  }

  func request(_ demand: Subscribers.Demand) {
    let upstream = stage.withLock { stage -> UncheckedSendable<any Subscription>? in
      if case .subscribed(let upstream) = stage { return upstream }
      return nil
    }
    upstream?.value.request(demand)
  }

  func cancel() {
    let upstream = stage.withLock { stage -> UncheckedSendable<any Subscription>? in
      defer { stage = .ended }
      if case .subscribed(let upstream) = stage { return upstream }
      return nil
    }
    upstream?.value.cancel()
  }

  private var isSubscribed: Bool {
    stage.withLock { stage in
      if case .subscribed = stage { return true }
      return false
    }
  }
}
