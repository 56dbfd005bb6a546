import PushReference

/// What a ``TrackingSubscriber`` saw, in order: the small equivalent of OpenCombine's
/// `TrackingSubscriber.Event` that the ported tests compare against. (OpenCombine records the
/// subscription's description, such as `"CombineLatest"`; the ports record only that one came.)
enum TrackingEvent<Input: Equatable, Failure: Error & Equatable>: Equatable, CustomStringConvertible
{
  case subscription
  case value(Input)
  case completion(Subscribers.Completion<Failure>)

  var description: String {
    switch self {
    case .subscription: "subscription"
    case .value(let value): "value(\(value))"
    case .completion(let completion): "completion(\(completion))"
    }
  }
}

extension TrackingEvent: Sendable where Input: Sendable, Failure: Sendable {}

/// A subscriber that records every event and does what the test's closures say: the equivalent
/// of OpenCombine's `TrackingSubscriberBase`. By default it requests nothing.
final class TrackingSubscriber<Input: Equatable, Failure: Error & Equatable>: Subscriber {
  private(set) var history: [TrackingEvent<Input, Failure>] = []
  private(set) var subscription: (any Subscription)?
  private let onSubscription: (any Subscription) -> Void
  private let onValue: (Input) -> Subscribers.Demand
  private let onCompletion: (Subscribers.Completion<Failure>) -> Void

  init(
    receiveSubscription: @escaping (any Subscription) -> Void = { _ in },
    receiveValue: @escaping (Input) -> Subscribers.Demand = { _ in .none },
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void = { _ in }
  ) {
    onSubscription = receiveSubscription
    onValue = receiveValue
    onCompletion = receiveCompletion
  }

  /// The values received, in order.
  var values: [Input] {
    history.compactMap { if case .value(let value) = $0 { value } else { nil } }
  }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    history.append(.subscription)
    onSubscription(subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    history.append(.value(input))
    return onValue(input)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    history.append(.completion(completion))
    onCompletion(completion)
  }
}

/// A subscription that records what it is asked: OpenCombine's `CustomSubscription`.
final class CustomSubscription: Subscription {
  enum Event: Equatable, CustomStringConvertible {
    case requested(Subscribers.Demand)
    case cancelled

    var description: String {
      switch self {
      case .requested(let demand): "requested(\(demand))"
      case .cancelled: "cancelled"
      }
    }
  }

  private(set) var history: [Event] = []
  var onCancel: () -> Void = {}
  private let onDeinit: () -> Void

  init(onDeinit: @escaping () -> Void = {}) {
    self.onDeinit = onDeinit
  }

  deinit { onDeinit() }

  func request(_ demand: Subscribers.Demand) {
    history.append(.requested(demand))
  }

  func cancel() {
    history.append(.cancelled)
    onCancel()
  }
}

/// A publisher the test drives by hand, ignoring demand: OpenCombine's `CustomPublisherBase`.
/// On subscription it hands its ``CustomSubscription`` (if any) to the subscriber.
final class CustomPublisher<Output, Failure: Error>: Publisher {
  private(set) var subscriber: AnySubscriber<Output, Failure>?
  let subscription: CustomSubscription?

  init(subscription: CustomSubscription?) {
    self.subscription = subscription
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    self.subscriber = AnySubscriber(subscriber)
    if let subscription { subscriber.receive(subscription: subscription) }
  }

  /// Sends `value` to the subscriber whatever its demand; returns the demand it returned.
  func send(_ value: Output) -> Subscribers.Demand {
    subscriber?.receive(value) ?? .none
  }

  func send(completion: Subscribers.Completion<Failure>) {
    subscriber?.receive(completion: completion)
  }

  func send(subscription: any Subscription) {
    subscriber?.receive(subscription: subscription)
  }
}

/// OpenCombine's `TestingError`.
enum TestingError: Error, Equatable {
  case oops
}
