import PushReference
import Synchronization
import Testing

/// Ports of OpenCombine's `ShareTests`, expectations unchanged.
@Suite struct SharePortTests {
  /// Ports `ShareTests.testBasicBehavior`.
  @Test func basicBehavior() {
    let subscription = CustomSubscription()
    let publisher = CustomPublisher<Int, TestingError>(subscription: subscription)
    let share = publisher.share()
    #expect(subscription.history == [])
    let tracking = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { $0.request(.max(42)) }, receiveValue: { .max($0) })
    share.subscribe(tracking)
    #expect(subscription.history == [.requested(.unlimited)])
    #expect(tracking.history == [.subscription])
    #expect(publisher.send(1) == .none)
    #expect(publisher.send(2) == .none)
    #expect(publisher.send(3) == .none)
    publisher.send(completion: .failure(.oops))
    #expect(subscription.history == [.requested(.unlimited)])
    #expect(
      tracking.history == [
        .subscription, .value(1), .value(2), .value(3), .completion(.failure(.oops)),
      ])
  }

  /// Ports `ShareTests.testLateSubscriber`.
  @Test func lateSubscriber() {
    let subscription = CustomSubscription()
    let publisher = CustomPublisher<Int, TestingError>(subscription: subscription)
    let share = publisher.share()
    let early = TrackingSubscriber<Int, TestingError>(receiveSubscription: { $0.request(.max(3)) })
    share.subscribe(early)
    #expect(publisher.subscriber != nil)
    #expect(subscription.history == [.requested(.unlimited)])
    for value in 1...4 { #expect(publisher.send(value) == .none) }
    #expect(early.history == [.subscription, .value(1), .value(2), .value(3)])

    let late = TrackingSubscriber<Int, TestingError>(receiveSubscription: { $0.request(.max(2)) })
    share.subscribe(late)
    for value in 5...7 { #expect(publisher.send(value) == .none) }
    #expect(subscription.history == [.requested(.unlimited)])
    #expect(early.history == [.subscription, .value(1), .value(2), .value(3)])
    #expect(late.history == [.subscription, .value(5), .value(6)])

    publisher.send(completion: .finished)
    let latest = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.none)
    })
    share.subscribe(latest)
    #expect(subscription.history == [.requested(.unlimited)])
    #expect(
      early.history == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
    #expect(late.history == [.subscription, .value(5), .value(6), .completion(.finished)])
    #expect(latest.history == [.subscription, .completion(.finished)])
  }

  /// Ports `ShareTests.testEquatable`.
  @Test func equatable() {
    let publisher = CustomPublisher<Int, TestingError>(subscription: nil)
    let share1 = publisher.share()
    let share2 = publisher.share()
    #expect(share1 == share1)
    #expect(share2 == share2)
    #expect(share1 != share2)
    #expect(share2 != share1)
  }
}

/// Ports of OpenCombine's `MapTests`, expectations unchanged: `map` passes the subscription
/// straight through.
@Suite struct MapPortTests {
  /// Ports `MapTests.testError`.
  @Test func failurePassesThrough() {
    let tracking = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.unlimited)
    })
    let publisher = PassthroughSubject<Int, TestingError>()
    publisher.map { $0 * 2 }.subscribe(tracking)
    publisher.send(completion: .failure(.oops))
    #expect(tracking.history == [.subscription, .completion(.failure(.oops))])
  }

  /// Ports `MapTests.testRange`.
  @Test func range() {
    let publisher = PassthroughSubject<Int, TestingError>()
    let map = publisher.map { $0 * 2 }
    let tracking = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.unlimited)
    })
    publisher.send(1)
    map.subscribe(tracking)
    publisher.send(2)
    publisher.send(3)
    publisher.send(completion: .finished)
    publisher.send(5)
    #expect(tracking.history == [.subscription, .value(4), .value(6), .completion(.finished)])
  }

  /// Ports `MapTests.testNoDemand`, `testDemandSubscribe` and `testDemandSend`.
  @Test func demandPassesThrough() {
    let idle = CustomSubscription()
    CustomPublisher<Int, TestingError>(subscription: idle).map { $0 * 2 }
      .subscribe(TrackingSubscriber<Int, TestingError>())
    #expect(idle.history.isEmpty)

    let asking = CustomSubscription()
    CustomPublisher<Int, TestingError>(subscription: asking).map { $0 * 2 }
      .subscribe(
        TrackingSubscriber<Int, TestingError>(receiveSubscription: { $0.request(.max(42)) }))
    #expect(asking.history == [.requested(.max(42))])

    let publisher = CustomPublisher<Int, TestingError>(subscription: CustomSubscription())
    publisher.map { $0 * 2 }.subscribe(
      TrackingSubscriber<Int, TestingError>(receiveValue: { _ in .max(4) }))
    #expect(publisher.send(0) == .max(4))
  }

  /// Ports `MapTests.testCompletion`.
  @Test func completion() {
    let subscription = CustomSubscription()
    let publisher = CustomPublisher<Int, TestingError>(subscription: subscription)
    let tracking = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.unlimited)
    })
    publisher.map { $0 * 2 }.subscribe(tracking)
    publisher.send(completion: .finished)
    #expect(subscription.history == [.requested(.unlimited)])
    #expect(tracking.history == [.subscription, .completion(.finished)])
  }

  /// Ports `MapTests.testCancel` and `testCancelAlreadyCancelled`.
  @Test func cancelPassesThroughEveryTime() throws {
    let subscription = CustomSubscription()
    let publisher = CustomPublisher<Int, TestingError>(subscription: subscription)
    let tracking = TrackingSubscriber<Int, TestingError>(receiveSubscription: {
      $0.request(.unlimited)
    })
    publisher.map { $0 * 2 }.subscribe(tracking)
    let downstream = try #require(tracking.subscription)
    downstream.cancel()
    #expect(subscription.history == [.requested(.unlimited), .cancelled])
    downstream.request(.unlimited)
    downstream.cancel()
    #expect(
      subscription.history == [
        .requested(.unlimited), .cancelled, .requested(.unlimited), .cancelled,
      ])
  }
}

/// Ports of OpenCombine's `AnyCancellableTests`, expectations unchanged.
@Suite struct AnyCancellablePortTests {
  /// Ports `AnyCancellableTests.testClosureInitialized`.
  @Test func closureRunsOnCancelAndOnDeinit() {
    var fired = false
    let sut = AnyCancellable { fired = true }
    #expect(!fired)
    sut.cancel()
    #expect(fired)
    fired = false
    do {
      _ = AnyCancellable { fired = true }
    }
    #expect(fired, "AnyCancellable should call cancel() on deinit")
  }

  /// Ports `AnyCancellableTests.testCancelableInitialized`.
  @Test func wrappedCancellableIsCancelledOnCancelAndOnDeinit() {
    final class CancellableObject: Cancellable {
      var fired = false
      func cancel() { fired = true }
    }
    let cancellable = CancellableObject()
    let sut = AnyCancellable(cancellable)
    #expect(!cancellable.fired)
    sut.cancel()
    #expect(cancellable.fired)
    cancellable.fired = false
    do {
      _ = AnyCancellable(cancellable)
    }
    #expect(cancellable.fired, "AnyCancellable should call cancel() on deinit")
  }

  /// Ports `AnyCancellableTests.testCancelTwice`.
  @Test func cancelRunsOnce() {
    var counter = 0
    let cancellable = AnyCancellable { counter += 1 }
    #expect(counter == 0)
    cancellable.cancel()
    #expect(counter == 1)
    cancellable.cancel()
    #expect(counter == 1, "the cancel closure runs only once")
  }

  /// Ports `AnyCancellableTests.testStoreInArbitraryCollection` (an `Array` for OpenCombine's
  /// `DisposeBag`, whose call history has no equivalent) and `testStoreInSet`.
  @Test func storeInACollectionAndInASet() {
    var array: [AnyCancellable] = []
    let cancellable1 = AnyCancellable({})
    cancellable1.store(in: &array)
    let cancellable2 = AnyCancellable(cancellable1)
    cancellable2.store(in: &array)
    #expect(array == [cancellable1, cancellable2])

    var set = Set<AnyCancellable>()
    cancellable1.store(in: &set)
    #expect(set == [cancellable1])
    cancellable2.store(in: &set)
    #expect(set == [cancellable1, cancellable2])
    cancellable2.store(in: &set)
    #expect(set == [cancellable1, cancellable2])
  }

  /// Ports the workload of `AnyCancellableTests.testDestructionPerformance`: a chain of 10,000
  /// cancellables is destroyed (once; OpenCombine times 100 runs).
  @Test func aLongChainIsDestroyed() {
    let actionRuns = Mutex(0)
    var anyCancellable: AnyCancellable? = AnyCancellable({ actionRuns.withLock { $0 += 1 } })
    for _ in 0..<10_000 {
      anyCancellable = AnyCancellable(anyCancellable!)
    }
    anyCancellable = nil  // the whole chain is freed (without 10,000 nested calls)
    // The wrappers share the one-shot action: releasing the first wrapped token ran it, once.
    #expect(actionRuns.withLock { $0 } == 1)
  }
}
