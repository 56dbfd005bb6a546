import PushReference
import Testing

/// Ports of OpenCombine's `AnySubscriberTests`, expectations unchanged. Not ported: the
/// `combineIdentifier`, description and reflection tests, and the subject-erasing ones
/// (`AnySubscriber(subject)`), which PushReference does not re-create.
@Suite struct AnySubscriberPortTests {
  typealias Sut = AnySubscriber<Int, TestingError>

  /// The events OpenCombine's tests publish, in order.
  private static let events: [TrackingEvent<Int, TestingError>] = [
    .subscription, .subscription, .subscription, .value(31), .value(42), .value(-1),
    .value(141_241_241), .completion(.finished), .completion(.finished),
    .completion(.failure(.oops)),
  ]

  private func publish(_ events: [TrackingEvent<Int, TestingError>], to erased: Sut) {
    for event in events {
      switch event {
      case .subscription: erased.receive(subscription: Subscriptions.empty)
      case .value(let value): _ = erased.receive(value)
      case .completion(let completion): erased.receive(completion: completion)
      }
    }
  }

  /// Ports `AnySubscriberTests.testErasingSubscriber`: every call is forwarded as it is.
  @Test func forwardsEveryCall() {
    let subscriber = TrackingSubscriber<Int, TestingError>()
    let erased = Sut(subscriber)
    publish(Self.events, to: erased)
    #expect(subscriber.history == Self.events)
    let shuffled = Self.events.shuffled()
    publish(shuffled, to: erased)
    #expect(subscriber.history == Self.events + shuffled)
  }

  /// Ports `AnySubscriberTests.testErasingSubscriberSubscription`: an erased subscriber without
  /// demand gets no value from a subject, only its completion.
  @Test func erasedSubscriberWithoutDemandGetsOnlyTheCompletion() {
    let subscriber = TrackingSubscriber<Int, TestingError>()
    let publisher = PassthroughSubject<Int, TestingError>()
    publisher.subscribe(Sut(subscriber))
    for event in Self.events {
      switch event {
      case .subscription: break
      case .value(let value): publisher.send(value)
      case .completion(let completion): publisher.send(completion: completion)
      }
    }
    #expect(subscriber.history == [.subscription, .completion(.finished)])
  }
}
