import PushReference
import Testing

/// Ports of OpenCombine's `SwitchToLatestTests`, expectations unchanged. Not ported:
/// `testSwitchToLatestSequenceWithSink` and `testRequestOneByOne` (they need
/// `Publishers.Sequence`, which PushReference does not re-create), the `assertCrashes` tests
/// and the reflection tests.
@Suite struct SwitchToLatestPortTests {
  typealias Nested = CustomPublisher<Int, TestingError>
  typealias Outer = CustomPublisher<Nested, TestingError>

  private func subscribe(
    initialDemand: Subscribers.Demand?, receiveValueDemand: Subscribers.Demand
  ) -> (Outer, CustomSubscription, TrackingSubscriber<Int, TestingError>) {
    let subscription = CustomSubscription()
    let outer = Outer(subscription: subscription)
    let tracking = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { subscription in
        if let initialDemand { subscription.request(initialDemand) }
      },
      receiveValue: { _ in receiveValueDemand })
    outer.switchToLatest().subscribe(tracking)
    return (outer, subscription, tracking)
  }

  /// Ports `testSendsChildValuesFromLatestOuterPublisher`.
  @Test func sendsOnlyTheLatestChildsValues() {
    let upstream = PassthroughSubject<PassthroughSubject<Int, TestingError>, TestingError>()
    let child1 = PassthroughSubject<Int, TestingError>()
    let child2 = PassthroughSubject<Int, TestingError>()
    let downstream = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.unlimited)
    })
    upstream.switchToLatest().subscribe(downstream)
    upstream.send(child1)
    upstream.send(child2)
    child1.send(666)
    child2.send(777)
    child1.send(888)
    child2.send(999)
    #expect(downstream.history == [.subscription, .value(777), .value(999)])
  }

  /// Ports `testDemand`: each new child is asked for the outstanding demand, later requests go to
  /// the current child, and a finished outer publisher still forwards requests.
  @Test func demand() throws {
    let (outer, outerSubscription, tracking) = subscribe(
      initialDemand: nil, receiveValueDemand: .max(5))
    #expect(tracking.history == [.subscription])
    #expect(outerSubscription.history == [.requested(.unlimited)])

    let subscription1 = CustomSubscription()
    let nested1 = Nested(subscription: subscription1)
    #expect(outer.send(nested1) == .none)
    #expect(nested1.subscriber != nil)
    #expect(subscription1.history == [])

    let downstream = try #require(tracking.subscription)
    downstream.request(.max(1))
    #expect(subscription1.history == [.requested(.max(1))])
    nested1.send(completion: .finished)
    downstream.request(.max(41))
    downstream.request(.max(1))
    #expect(subscription1.history == [.requested(.max(1))])
    #expect(outerSubscription.history == [.requested(.unlimited)])

    let subscription2 = CustomSubscription()
    let nested2 = Nested(subscription: subscription2)
    #expect(outer.send(nested2) == .none)
    #expect(subscription1.history == [.requested(.max(1))])
    #expect(subscription2.history == [.requested(.max(43))])
    #expect(nested2.send(1) == .max(5))
    #expect(nested2.send(2) == .max(5))
    #expect(subscription2.history == [.requested(.max(43))])

    let subscription3 = CustomSubscription()
    let nested3 = Nested(subscription: subscription3)
    #expect(outer.send(nested3) == .none)
    #expect(subscription2.history == [.requested(.max(43)), .cancelled])
    #expect(subscription3.history == [.requested(.max(51))])

    outer.send(completion: .finished)
    downstream.request(.max(9))
    #expect(subscription3.history == [.requested(.max(51)), .requested(.max(9))])
  }

  /// Ports `testCancelCancels`: the child is cancelled before the outer publisher, once.
  @Test func cancelCancelsChildThenOuter() throws {
    typealias NestedNever = CustomPublisher<Int, Never>
    let upstreamSubscription = CustomSubscription()
    let upstream = CustomPublisher<NestedNever, Never>(subscription: upstreamSubscription)
    let childSubscription = CustomSubscription()
    let child = NestedNever(subscription: childSubscription)
    var downstreamSubscription: (any Subscription)?
    let tracking = TrackingSubscriber<Int, Never>(receiveSubscription: {
      downstreamSubscription = $0
      $0.request(.max(42))
    })
    var childHistoryWhenOuterCancelled: [CustomSubscription.Event] = []
    var outerHistoryWhenChildCancelled: [CustomSubscription.Event] = []
    upstreamSubscription.onCancel = { childHistoryWhenOuterCancelled = childSubscription.history }
    childSubscription.onCancel = { outerHistoryWhenChildCancelled = upstreamSubscription.history }
    upstream.switchToLatest().subscribe(tracking)
    #expect(upstream.send(child) == .none)
    try #require(downstreamSubscription).cancel()
    try #require(downstreamSubscription).cancel()
    #expect(upstreamSubscription.history == [.requested(.unlimited), .cancelled])
    #expect(childSubscription.history == [.requested(.max(42)), .cancelled])
    #expect(childHistoryWhenOuterCancelled == [.requested(.max(42)), .cancelled])
    #expect(outerHistoryWhenChildCancelled == [.requested(.unlimited)])
  }

  /// Ports `testInnerFails`: a child's failure ends the stream and cancels the outer publisher.
  @Test func innerFailureEndsTheStream() {
    let (outer, outerSubscription, tracking) = subscribe(
      initialDemand: .max(1), receiveValueDemand: .max(1))
    let subscription = CustomSubscription()
    let nested = Nested(subscription: subscription)
    #expect(outer.send(nested) == .none)
    #expect(nested.subscriber != nil)
    #expect(nested.send(1) == .max(1))
    #expect(nested.send(2) == .max(1))
    nested.send(completion: .failure(.oops))
    nested.send(completion: .failure(.oops))
    nested.send(completion: .finished)
    #expect(nested.send(-1) == .none)
    #expect(
      tracking.history == [.subscription, .value(1), .value(2), .completion(.failure(.oops))])
    #expect(outerSubscription.history == [.requested(.unlimited), .cancelled])
    #expect(subscription.history == [.requested(.max(1))])
  }

  /// Ports `testSwitchToLatestOuterReceiveSubscriptionTwice`.
  @Test func outerSubscriptionTwiceIsCancelled() throws {
    let outer = Outer(subscription: nil)
    let tracking = TrackingSubscriber<Int, TestingError>()
    outer.switchToLatest().subscribe(tracking)
    #expect(tracking.history == [.subscription])
    let subscription1 = CustomSubscription()
    outer.send(subscription: subscription1)
    #expect(tracking.history == [.subscription])
    #expect(subscription1.history == [.requested(.unlimited)])
    let subscription2 = CustomSubscription()
    outer.send(subscription: subscription2)
    #expect(subscription1.history == [.requested(.unlimited)])
    #expect(subscription2.history == [.cancelled])
    try #require(tracking.subscription).cancel()
    #expect(subscription1.history == [.requested(.unlimited), .cancelled])
    let subscription3 = CustomSubscription()
    outer.send(subscription: subscription3)
    #expect(subscription3.history == [.cancelled])
  }

  /// Ports `testSwitchToLatestInnerReceiveSubscriptionTwice`.
  @Test func innerSubscriptionTwiceIsCancelled() throws {
    let outer = Outer(subscription: CustomSubscription())
    let tracking = TrackingSubscriber<Int, TestingError>()
    outer.switchToLatest().subscribe(tracking)
    let subscription1 = CustomSubscription()
    let nested1 = Nested(subscription: subscription1)
    #expect(outer.send(nested1) == .none)
    #expect(subscription1.history == [])
    let subscription2 = CustomSubscription()
    nested1.send(subscription: subscription2)
    #expect(subscription1.history == [])
    #expect(subscription2.history == [.cancelled])

    let nested2 = Nested(subscription: nil)
    var subscription4Destroyed = false
    do {
      let subscription4 = CustomSubscription(onDeinit: { subscription4Destroyed = true })
      #expect(outer.send(nested2) == .none)
      nested2.send(subscription: subscription4)
      try #require(nested2.subscriber).receive(completion: .finished)
      #expect(subscription4.history == [])
    }
    #expect(subscription4Destroyed)
    let subscription5 = CustomSubscription()
    nested2.send(subscription: subscription5)
    #expect(subscription5.history == [])
  }

  /// Ports `testSwitchToLatestInnerReceiveValueBeforeSubscription`.
  @Test func innerValueBeforeItsSubscriptionIsDelivered() {
    let (outer, _, tracking) = subscribe(initialDemand: .unlimited, receiveValueDemand: .max(42))
    let nested = Nested(subscription: nil)
    #expect(outer.send(nested) == .none)
    #expect(nested.send(1) == .max(42))
    #expect(tracking.history == [.subscription, .value(1)])
  }
}

/// Ports of OpenCombine's `DeferredTests`, `JustTests` and `SetFailureTypeTests` (their
/// behavioural core), and of `DelayTests`' basic timing — what `mapLatest` on the push engine is
/// made of.
@Suite struct MapLatestBuildingBlocksPortTests {
  /// Ports `DeferredTests.testDeferredCreatedAfterSubscription`: the publisher is made at each
  /// subscription.
  @Test func deferredMakesItsPublisherAtEachSubscription() {
    var made = 0
    let deferred = Deferred { () -> Just<Int> in
      made += 1
      return Just(42)
    }
    #expect(made == 0)
    let tracking = TrackingSubscriber<Int, Never>(receiveSubscription: { $0.request(.unlimited) })
    deferred.subscribe(tracking)
    deferred.subscribe(TrackingSubscriber<Int, Never>())
    #expect(made == 2)
    #expect(tracking.history == [.subscription, .value(42), .completion(.finished)])
  }

  /// Ports `JustTests.testJustNoInitialDemand` and `testJustWithDemand` (visible part): the
  /// value waits for demand, then comes with the finish.
  @Test func justWaitsForDemand() throws {
    let tracking = TrackingSubscriber<Int, Never>()
    Just(42).subscribe(tracking)
    #expect(tracking.history == [.subscription])
    try #require(tracking.subscription).request(.max(1))
    #expect(tracking.history == [.subscription, .value(42), .completion(.finished)])
    try #require(tracking.subscription).request(.max(1))
    #expect(tracking.history == [.subscription, .value(42), .completion(.finished)])
  }

  /// Ports `SetFailureTypeTests.testBasicBehavior` (visible part).
  @Test func setFailureTypePassesValuesAndTheFinish() {
    let tracking = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.unlimited)
    })
    Just(7).setFailureType(to: TestingError.self).subscribe(tracking)
    #expect(tracking.history == [.subscription, .value(7), .completion(.finished)])
  }

  /// Ports the timing of `DelayTests.testBasicBehavior`: the value and the finish come the
  /// interval later.
  @Test func delayDeliversValueAndFinishTheIntervalLater() {
    let scheduler = VirtualTimeScheduler()
    let tracking = TrackingSubscriber<Int, Never>(receiveSubscription: { $0.request(.unlimited) })
    Just(1).delay(for: .seconds(3), scheduler: scheduler).subscribe(tracking)
    #expect(tracking.history == [.subscription])
    scheduler.advance(by: .seconds(2))
    #expect(tracking.history == [.subscription])
    scheduler.advance(by: .seconds(1))
    #expect(tracking.history == [.subscription, .value(1), .completion(.finished)])
  }
}
