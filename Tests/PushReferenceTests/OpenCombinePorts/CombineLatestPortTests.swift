import PushReference
import Testing

/// Ports of the `CombineLatestTests` of the OpenSwiftUIProject/OpenCombine fork
/// (Tests/OpenCombineTests/PublisherTests/CombineLatestTests.swift), expectations unchanged.
@Suite struct CombineLatestPortTests {
  typealias Child = CustomPublisher<Int, TestingError>

  /// The fork's `getChildrenAndCombineLatestForArity`: children summed by the transform.
  private func childrenAndCombineLatest(arity: Int) -> (
    [(subscription: CustomSubscription, publisher: Child)], AnyPublisher<Int, TestingError>
  ) {
    let children = (0..<arity).map { _ in
      let subscription = CustomSubscription()
      return (subscription: subscription, publisher: Child(subscription: subscription))
    }
    let p = children.map(\.publisher)
    let combined: AnyPublisher<Int, TestingError> =
      switch arity {
      case 2: p[0].combineLatest(p[1]) { $0 + $1 }.eraseToAnyPublisher()
      case 3: p[0].combineLatest(p[1], p[2]) { $0 + $1 + $2 }.eraseToAnyPublisher()
      default: p[0].combineLatest(p[1], p[2], p[3]) { $0 + $1 + $2 + $3 }.eraseToAnyPublisher()
      }
    return (children, combined)
  }

  /// Ports `testSendsExpectedValues`.
  @Test(arguments: 2...4) func sendsTheCombinationOnceEveryChildHasSent(arity: Int) {
    let (children, combineLatest) = childrenAndCombineLatest(arity: arity)
    let downstream = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.unlimited)
    })
    combineLatest.subscribe(downstream)
    for child in children { #expect(child.publisher.send(1) == .none) }
    #expect(downstream.history == [.subscription, .value(arity)])
  }

  /// Ports `testChildDemand`: every downstream request reaches every child, and nothing more.
  @Test(arguments: [Subscribers.Demand.unlimited, .max(1)])
  func downstreamDemandIsPassedToEveryChild(initialDemand: Subscribers.Demand) {
    let (children, combineLatest) = childrenAndCombineLatest(arity: 2)
    let downstream = TrackingSubscriber<Int, TestingError>()
    combineLatest.subscribe(downstream)
    downstream.subscription?.request(initialDemand)
    for child in children { #expect(child.subscription.history == [.requested(initialDemand)]) }
    for child in children { #expect(child.publisher.send(1) == .max(0)) }
    for child in children { #expect(child.subscription.history == [.requested(initialDemand)]) }
    #expect(downstream.history == [.subscription, .value(2)])
    downstream.subscription?.request(.max(2))
    for child in children {
      #expect(child.subscription.history == [.requested(initialDemand), .requested(.max(2))])
    }
  }

  /// Ports `testDownstreamDemandRequestedWhileSendingValue`.
  @Test(arguments: [Subscribers.Demand.unlimited, .max(10)])
  func demandRequestedWhileSendingReachesEveryChild(initialDemand: Subscribers.Demand) {
    let (children, combineLatest) = childrenAndCombineLatest(arity: 2)
    var downstreamSubscription: (any Subscription)?
    let downstream = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: {
        downstreamSubscription = $0
        $0.request(initialDemand)
      },
      receiveValue: { _ in
        downstreamSubscription?.request(.max(666))
        return .none
      })
    combineLatest.subscribe(downstream)
    #expect(children[0].publisher.send(1) == .none)
    #expect(children[1].publisher.send(1) == .max(0))
    for child in children {
      #expect(child.subscription.history == [.requested(initialDemand), .requested(.max(666))])
    }
  }

  /// Ports `testUpstreamValueReceivedWhileSendingValue`: a value that arrives during a delivery
  /// makes no combination of its own (no recursion).
  @Test func valueReceivedWhileSendingIsNotSentReentrantly() {
    let (children, combineLatest) = childrenAndCombineLatest(arity: 2)
    let downstream = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { $0.request(.unlimited) },
      receiveValue: { _ in
        #expect(children[0].publisher.send(1) == .none)
        return .none
      })
    combineLatest.subscribe(downstream)
    #expect(children[0].publisher.send(1) == .none)
    #expect(children[1].publisher.send(1) == .none)
    #expect(downstream.history == [.subscription, .value(2)])
  }

  /// Ports `testUpstreamFinishReceivedWhileSendingValue`.
  @Test func finishReceivedWhileSendingWaitsForTheOtherChild() {
    let (children, combineLatest) = childrenAndCombineLatest(arity: 2)
    let downstream = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { $0.request(.unlimited) },
      receiveValue: { _ in
        children[0].publisher.send(completion: .finished)
        return .none
      })
    combineLatest.subscribe(downstream)
    #expect(children[0].publisher.send(1) == .none)
    #expect(children[0].publisher.send(1) == .none)
    #expect(children[1].publisher.send(1) == .none)
    #expect(downstream.history == [.subscription, .value(2)])
  }

  /// Ports `testCombineLatestCompletesOnlyAfterAllChildrenComplete`.
  @Test func completesOnlyAfterEveryChildCompletes() {
    let upstreamSubscription = CustomSubscription()
    let child1 = Child(subscription: upstreamSubscription)
    let child2 = Child(subscription: upstreamSubscription)
    let downstream = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.unlimited)
    })
    child1.combineLatest(child2) { $0 + $1 }.subscribe(downstream)
    #expect(child1.send(100) == .none)
    #expect(child1.send(200) == .none)
    #expect(child1.send(300) == .none)
    #expect(child2.send(1) == .none)
    child1.send(completion: .finished)
    #expect(downstream.history == [.subscription, .value(301)])
    #expect(child2.send(2) == .none)
    #expect(child2.send(3) == .none)
    #expect(downstream.history == [.subscription, .value(301), .value(302), .value(303)])
    child2.send(completion: .finished)
    #expect(
      downstream.history == [
        .subscription, .value(301), .value(302), .value(303), .completion(.finished),
      ])
    #expect(upstreamSubscription.history == [.requested(.unlimited), .requested(.unlimited)])
  }

  /// Ports `testUpstreamExceedsDemand`: a combination made without demand is dropped, not owed.
  @Test func combinationWithoutDemandIsDropped() {
    let child1 = Child(subscription: CustomSubscription())
    let child2 = Child(subscription: CustomSubscription())
    var downstreamSubscription: (any Subscription)?
    let downstream = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      downstreamSubscription = $0
      $0.request(.max(1))
    })
    child1.combineLatest(child2) { $0 + $1 }.subscribe(downstream)
    #expect(child1.send(100) == .none)
    #expect(child2.send(1) == .none)
    #expect(downstream.history == [.subscription, .value(101)])
    #expect(child1.send(200) == .none)
    #expect(child1.send(300) == .none)
    #expect(child2.send(2) == .none)
    #expect(downstream.history == [.subscription, .value(101)])
    #expect(child2.send(3) == .none)
    downstreamSubscription?.request(.max(1))
    #expect(downstream.history == [.subscription, .value(101)])
  }

  /// Ports `testImmediateFinishWhenOneChildFinishesWithNoSurplus` (Combine waits for every
  /// child; the name is the fork's).
  @Test(arguments: 2...4) func childFinishingEmptyDoesNotFinish(arity: Int) {
    for childToFinish in 0..<arity {
      let (children, combineLatest) = childrenAndCombineLatest(arity: arity)
      let downstream = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
        $0.request(.unlimited)
      })
      combineLatest.subscribe(downstream)
      children[childToFinish].publisher.send(completion: .finished)
      #expect(downstream.history == [.subscription])
      for child in children { #expect(child.subscription.history == [.requested(.unlimited)]) }
    }
  }

  /// Ports `testDelayedFinishWhenOneChildFinishesWithSurplus`.
  @Test(arguments: 2...4) func finishWaitsForEveryChild(arity: Int) {
    for childToSend in 0..<arity {
      for childToFinish in 0..<arity {
        let (children, combineLatest) = childrenAndCombineLatest(arity: arity)
        let downstream = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
          $0.request(.unlimited)
        })
        combineLatest.subscribe(downstream)
        _ = children[childToSend].publisher.send(666)
        children[childToFinish].publisher.send(completion: .finished)
        #expect(downstream.history == [.subscription])
        guard childToSend == childToFinish else { continue }
        for other in 0..<arity where other != childToFinish {
          children[other].publisher.send(completion: .finished)
        }
        #expect(downstream.history == [.subscription, .completion(.finished)])
      }
    }
  }

  /// Ports `testBCancelledAfterAFailed`.
  @Test func failureCancelsTheOtherChild() {
    let child1Subscription = CustomSubscription()
    let child1 = Child(subscription: child1Subscription)
    let child2Subscription = CustomSubscription()
    let child2 = Child(subscription: child2Subscription)
    let downstream = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.unlimited)
    })
    child1.combineLatest(child2) { $0 + $1 }.subscribe(downstream)
    child1.send(completion: .failure(.oops))
    #expect(downstream.history == [.subscription, .completion(.failure(.oops))])
    #expect(child1Subscription.history == [.requested(.unlimited)])
    #expect(child2Subscription.history == [.requested(.unlimited), .cancelled])
  }

  /// Ports `testAValueAfterAChildFinishedWithoutSurplus`.
  @Test func valueAfterAChildFinishedEmptyIsIgnored() {
    let child1 = PassthroughSubject<Int, TestingError>()
    let child2 = PassthroughSubject<Int, TestingError>()
    let downstream = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.unlimited)
    })
    child1.combineLatest(child2) { $0 + $1 }.subscribe(downstream)
    #expect(downstream.history == [.subscription])
    child1.send(completion: .finished)
    child1.send(200)
    child2.send(1)
    #expect(downstream.history == [.subscription])
    child2.send(completion: .finished)
    #expect(downstream.history == [.subscription, .completion(.finished)])
  }
}
