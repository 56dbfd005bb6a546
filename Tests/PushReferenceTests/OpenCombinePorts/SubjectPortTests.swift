import PushReference
import Testing

/// Ports of OpenCombine's `PassthroughSubjectTests` (Tests/OpenCombineTests/SubjectTests/),
/// expectations unchanged. OpenCombine records a subscription's description; these record only
/// that it came.
@Suite struct PassthroughSubjectPortTests {
  typealias Sut = PassthroughSubject<Int, TestingError>

  /// Ports `PassthroughSubjectTests.testSendSubscription`: the upstream is asked for
  /// everything only once a subscriber has demand.
  @Test func upstreamIsRequestedOnlyOnceASubscriberHasDemand() {
    let subscription1 = CustomSubscription()
    let passthrough = Sut()

    passthrough.send(subscription: subscription1)
    #expect(subscription1.history == [])

    let subscriber1 = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.max(1))
    })
    passthrough.subscribe(subscriber1)
    #expect(subscription1.history == [.requested(.unlimited)])
    #expect(subscriber1.history == [.subscription])

    let subscriber2 = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.max(2))
    })
    passthrough.subscribe(subscriber2)
    #expect(subscription1.history == [.requested(.unlimited)])
    #expect(subscriber1.history == [.subscription])
    #expect(subscriber2.history == [.subscription])

    passthrough.send(subscription: subscription1)
    #expect(subscription1.history == [.requested(.unlimited), .requested(.unlimited)])

    passthrough.send(0)
    passthrough.send(0)

    let subscription2 = CustomSubscription()
    passthrough.send(subscription: subscription2)
    #expect(subscription2.history == [.requested(.unlimited)])
  }

  /// Ports `PassthroughSubjectTests.testCancelsUpstreamSubscriptionsOnDeinit`.
  @Test func upstreamSubscriptionsAreCancelledWhenTheSubjectGoesAway() {
    let subscription = CustomSubscription()
    do {
      let passthrough = Sut()
      for _ in 0..<5 {
        passthrough.send(subscription: subscription)
      }
      #expect(subscription.history == [])
    }
    #expect(subscription.history == Array(repeating: .cancelled, count: 5))
  }

  /// Ports `PassthroughSubjectTests.testSubscriptionAfterCompletion`.
  @Test func subscriberAfterCompletionGetsTheCompletion() {
    let passthrough = Sut()
    passthrough.send(completion: .finished)
    let subscriber = TrackingSubscriber<Int, TestingError>()
    passthrough.subscribe(subscriber)
    #expect(subscriber.history == [.subscription, .completion(.finished)])
  }

  /// Ports the history part of `PassthroughSubjectTests.testCompletion` (the mirror checks of
  /// OpenCombine's conduit internals have no equivalent).
  @Test func nothingAfterTheCompletion() throws {
    let passthrough = Sut()
    let tracking = TrackingSubscriber<Int, TestingError>()
    passthrough.subscribe(tracking)
    try #require(tracking.subscription).request(.max(12))
    passthrough.send(1)
    passthrough.send(completion: .finished)
    #expect(tracking.history == [.subscription, .value(1), .completion(.finished)])
    passthrough.send(completion: .failure(.oops))
    try #require(tracking.subscription).cancel()
    try #require(tracking.subscription).request(.max(3))
    #expect(tracking.history == [.subscription, .value(1), .completion(.finished)])
  }

  /// Ports the history part of `PassthroughSubjectTests.testCancellation`.
  @Test func nothingAfterACancellation() throws {
    let passthrough = Sut()
    let tracking = TrackingSubscriber<Int, TestingError>()
    passthrough.subscribe(tracking)
    try #require(tracking.subscription).request(.max(12))
    passthrough.send(1)
    try #require(tracking.subscription).cancel()
    try #require(tracking.subscription).cancel()
    try #require(tracking.subscription).request(.max(3))
    passthrough.send(2)
    #expect(tracking.history == [.subscription, .value(1)])
  }
}

/// Ports of OpenCombine's `CurrentValueSubjectTests`, expectations unchanged.
@Suite struct CurrentValueSubjectPortTests {
  typealias Sut = CurrentValueSubject<Int, TestingError>

  /// Ports `CurrentValueSubjectTests.testChangeValueAfterCompletion`.
  @Test func settingTheValueAfterCompletionChangesIt() {
    let cvs = Sut(0)
    cvs.send(completion: .finished)
    cvs.value = 42
    #expect(cvs.value == 42)
  }

  /// Ports `CurrentValueSubjectTests.testSendValueAfterCompletion`.
  @Test func sendingAfterCompletionLeavesTheValue() {
    let cvs = Sut(0)
    cvs.send(completion: .finished)
    cvs.send(42)
    #expect(cvs.value == 0)
  }

  /// Ports `CurrentValueSubjectTests.testSubscriptionAfterSend`.
  @Test func subscriberAfterASendGetsThatValue() {
    let cvs = Sut(0)
    let subscriber = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.unlimited)
    })
    cvs.send(2)
    cvs.subscribe(subscriber)
    #expect(subscriber.history == [.subscription, .value(2)])
  }

  /// Ports `CurrentValueSubjectTests.testSubscriptionAfterSet`.
  @Test func subscriberAfterASetGetsThatValue() {
    let cvs = Sut(0)
    let subscriber = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.unlimited)
    })
    cvs.value = 3
    cvs.subscribe(subscriber)
    #expect(subscriber.history == [.subscription, .value(3)])
  }

  /// Ports the first half of `CurrentValueSubjectTests.testSendSubscription`: a current-value
  /// subject asks its upstream for everything at once.
  @Test func upstreamIsRequestedAtOnce() {
    let subscription1 = CustomSubscription()
    let cvs = Sut(1)
    cvs.send(subscription: subscription1)
    #expect(subscription1.history == [.requested(.unlimited)])

    let subscriber1 = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.max(1))
    })
    cvs.subscribe(subscriber1)
    #expect(subscription1.history == [.requested(.unlimited)])
    #expect(subscriber1.history == [.subscription, .value(1)])
  }
}

/// The user-visible consequence of `testSendSubscription`: a share of a current-value subject
/// keeps the value for a subscriber whose demand comes late.
@Suite struct SubjectUpstreamDemandTests {
  @Test func shareOfACurrentValueSubjectKeepsTheValueForLateDemand() {
    let subject = CurrentValueSubject<Int, TestingError>(7)
    let late = TrackingSubscriber<Int, TestingError>()
    subject.share().subscribe(late)
    #expect(late.history == [.subscription])
    late.subscription?.request(.max(1))
    #expect(late.history == [.subscription, .value(7)])
  }
}
