import PushReference
import Testing

/// The push twin of `buffer(policy:)`: Combine's `buffer(size:prefetch:whenFull:)`, driven by hand
/// with a ``CustomPublisher`` (which ignores demand, as a subject does) and a subscriber that asks
/// for exactly what each test says.
@Suite struct PushBufferTests {
  typealias Tracking = TrackingSubscriber<Int, TestingError>

  /// A buffer of `size` between a hand-driven publisher and a subscriber that asks for
  /// `initialDemand` and nothing more by itself.
  static func make(
    size: Int, prefetch: Publishers.PrefetchStrategy,
    whenFull: Publishers.BufferingStrategy<TestingError>, initialDemand: Subscribers.Demand
  ) -> (CustomPublisher<Int, TestingError>, CustomSubscription, Tracking) {
    let upstream = CustomSubscription()
    let publisher = CustomPublisher<Int, TestingError>(subscription: upstream)
    let subscriber = Tracking(receiveSubscription: {
      if initialDemand > 0 { $0.request(initialDemand) }
    })
    publisher.buffer(size: size, prefetch: prefetch, whenFull: whenFull).subscribe(subscriber)
    return (publisher, upstream, subscriber)
  }

  @Test func keepFullAsksForTheSizeThenOneMorePerValueDelivered() {
    let (publisher, upstream, subscriber) = Self.make(
      size: 3, prefetch: .keepFull, whenFull: .dropNewest, initialDemand: .none)
    #expect(upstream.history == [.requested(.max(3))])
    _ = publisher.send(1)
    _ = publisher.send(2)
    subscriber.subscription?.request(.max(1))
    #expect(subscriber.values == [1])
    #expect(upstream.history == [.requested(.max(3)), .requested(.max(1))])
  }

  @Test func byRequestAsksTheUpstreamForEverything() {
    let (_, upstream, _) = Self.make(
      size: 3, prefetch: .byRequest, whenFull: .dropNewest, initialDemand: .none)
    #expect(upstream.history == [.requested(.unlimited)])
  }

  @Test func valuesWaitUntilTheDownstreamAsksThenComeInOrder() {
    let (publisher, _, subscriber) = Self.make(
      size: 5, prefetch: .byRequest, whenFull: .dropNewest, initialDemand: .none)
    for value in 1...3 { _ = publisher.send(value) }
    #expect(subscriber.values.isEmpty)
    subscriber.subscription?.request(.max(2))
    #expect(subscriber.values == [1, 2])
    subscriber.subscription?.request(.max(5))
    #expect(subscriber.values == [1, 2, 3])
    _ = publisher.send(4)
    #expect(subscriber.values == [1, 2, 3, 4])
  }

  @Test func dropNewestDropsTheValueThatArrivesWhileFull() {
    let (publisher, _, subscriber) = Self.make(
      size: 2, prefetch: .byRequest, whenFull: .dropNewest, initialDemand: .none)
    for value in 1...4 { _ = publisher.send(value) }
    subscriber.subscription?.request(.unlimited)
    #expect(subscriber.values == [1, 2])
  }

  @Test func dropOldestDropsTheOldestWaitingValue() {
    let (publisher, _, subscriber) = Self.make(
      size: 2, prefetch: .byRequest, whenFull: .dropOldest, initialDemand: .none)
    for value in 1...4 { _ = publisher.send(value) }
    subscriber.subscription?.request(.unlimited)
    #expect(subscriber.values == [3, 4])
  }

  @Test func customErrorFailsAndCancelsTheUpstreamWhenFull() {
    let (publisher, upstream, subscriber) = Self.make(
      size: 1, prefetch: .byRequest, whenFull: .customError({ .oops }), initialDemand: .none)
    _ = publisher.send(1)
    _ = publisher.send(2)
    #expect(upstream.history == [.requested(.unlimited), .cancelled])
    #expect(subscriber.history == [.subscription, .completion(.failure(.oops))])
  }

  @Test func aFinishWaitsBehindTheBufferedValues() {
    let (publisher, _, subscriber) = Self.make(
      size: 4, prefetch: .byRequest, whenFull: .dropNewest, initialDemand: .max(1))
    for value in 1...3 { _ = publisher.send(value) }
    publisher.send(completion: .finished)
    #expect(subscriber.history == [.subscription, .value(1)])
    subscriber.subscription?.request(.max(2))
    #expect(
      subscriber.history == [
        .subscription, .value(1), .value(2), .value(3), .completion(.finished),
      ])
  }

  @Test func aFailureWithNoDemandIsDeliveredAtOnceDroppingTheBufferedValues() {
    let (publisher, _, subscriber) = Self.make(
      size: 4, prefetch: .byRequest, whenFull: .dropNewest, initialDemand: .none)
    _ = publisher.send(1)
    publisher.send(completion: .failure(.oops))
    #expect(subscriber.history == [.subscription, .completion(.failure(.oops))])
  }

  @Test func cancellingCancelsTheUpstreamAndDropsTheBuffer() {
    let (publisher, upstream, subscriber) = Self.make(
      size: 4, prefetch: .keepFull, whenFull: .dropNewest, initialDemand: .none)
    _ = publisher.send(1)
    subscriber.subscription?.cancel()
    subscriber.subscription?.request(.unlimited)
    #expect(upstream.history == [.requested(.max(4)), .cancelled])
    #expect(subscriber.values.isEmpty)
  }

  @Test func aSubscriberThatKeepsUpSeesTheUpstreamUnchanged() throws {
    try expectPushMarbles(["a-bc--d-e|"], "a-bc--d-e|") { inputs, _ in
      inputs[0].buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest)
    }
    try expectPushMarbles(["ab-c^"], "ab-c^") { inputs, _ in
      inputs[0].buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest)
    }
  }
}
