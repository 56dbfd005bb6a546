import PushReference
import Testing

/// Ports of OpenCombine's `FilterTests` and `RemoveDuplicatesTests` (their shared generic
/// tests, run for `filter` and `removeDuplicates`), expectations unchanged.
@Suite struct FilteringPortTests {
  typealias Upstream = CustomPublisher<Int, TestingError>

  enum Operator: String, CaseIterable, CustomTestStringConvertible {
    case filter, removeDuplicates
    var testDescription: String { rawValue }

    /// An operator whose closure is never called in the generic tests.
    func make(_ upstream: Upstream) -> AnyPublisher<Int, TestingError> {
      switch self {
      case .filter: upstream.filter { _ in true }.eraseToAnyPublisher()
      case .removeDuplicates: upstream.removeDuplicates().eraseToAnyPublisher()
      }
    }
  }

  private func subscribe(
    _ operation: Operator, initialDemand: Subscribers.Demand,
    receiveValueDemand: Subscribers.Demand
  ) -> (Upstream, CustomSubscription, TrackingSubscriber<Int, TestingError>) {
    let subscription = CustomSubscription()
    let publisher = Upstream(subscription: subscription)
    let tracking = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { $0.request(initialDemand) }, receiveValue: { _ in receiveValueDemand })
    operation.make(publisher).subscribe(tracking)
    return (publisher, subscription, tracking)
  }

  /// Ports `RemoveDuplicatesTests.testRemoveDuplicatesBasicBehavior` (its third, `==`, case,
  /// through `FilterTests.testBasicBehavior`): a dropped value asks for one more, and a second
  /// completion is not forwarded.
  @Test func removeDuplicatesBasicBehavior() {
    let (publisher, subscription, tracking) = subscribe(
      .removeDuplicates, initialDemand: .max(2), receiveValueDemand: .max(4))
    #expect(subscription.history == [.requested(.max(2))])
    let input: [(Int, Subscribers.Demand)] = [
      (1, .max(4)), (2, .max(4)), (2, .max(1)), (50, .max(4)), (30, .max(4)), (10, .max(4)),
      (-1, .max(4)), (51, .max(4)), (52, .max(4)),
    ]
    for (value, expectedDemand) in input {
      #expect(publisher.send(value) == expectedDemand)
    }
    publisher.send(completion: .finished)
    publisher.send(completion: .failure(.oops))
    let expected: [TrackingEvent<Int, TestingError>] =
      [.subscription] + [1, 2, 50, 30, 10, -1, 51, 52].map { .value($0) } + [.completion(.finished)]
    #expect(tracking.history == expected)
  }

  /// Ports `FilterTests.testUpstreamFinishesWithError` (run by `RemoveDuplicatesTests` too).
  @Test(arguments: Operator.allCases) func nothingIsForwardedAfterAFailure(_ operation: Operator) {
    let (publisher, subscription, tracking) = subscribe(
      operation, initialDemand: .max(3), receiveValueDemand: .max(10))
    #expect(tracking.history == [.subscription])
    #expect(subscription.history == [.requested(.max(3))])
    publisher.send(completion: .failure(.oops))
    #expect(tracking.history == [.subscription, .completion(.failure(.oops))])
    publisher.send(completion: .failure(.oops))
    #expect(tracking.history == [.subscription, .completion(.failure(.oops))])
    #expect(publisher.send(73) == .none)
    publisher.send(completion: .finished)
    #expect(tracking.history == [.subscription, .completion(.failure(.oops))])
    #expect(subscription.history == [.requested(.max(3))])
  }

  /// Ports `FilterTests.testUpstreamFinishesImmediately`.
  @Test(arguments: Operator.allCases) func nothingIsForwardedAfterAFinish(_ operation: Operator) {
    let (publisher, subscription, tracking) = subscribe(
      operation, initialDemand: .max(3), receiveValueDemand: .max(10))
    publisher.send(completion: .finished)
    #expect(tracking.history == [.subscription, .completion(.finished)])
    publisher.send(completion: .failure(.oops))
    #expect(tracking.history == [.subscription, .completion(.finished)])
    #expect(publisher.send(73) == .none)
    #expect(tracking.history == [.subscription, .completion(.finished)])
    #expect(subscription.history == [.requested(.max(3))])
  }

  /// Ports `FilterTests.testCancelAlreadyCancelled`.
  @Test(arguments: Operator.allCases) func cancelIsForwardedOnce(_ operation: Operator) throws {
    let (publisher, subscription, tracking) = subscribe(
      operation, initialDemand: .unlimited, receiveValueDemand: .none)
    try #require(tracking.subscription).cancel()
    #expect(publisher.send(42) == .none)
    publisher.send(completion: .finished)
    #expect(subscription.history == [.requested(.unlimited), .cancelled])
    try #require(tracking.subscription).request(.unlimited)
    try #require(tracking.subscription).cancel()
    #expect(subscription.history == [.requested(.unlimited), .cancelled])
    publisher.send(completion: .failure(.oops))
    publisher.send(completion: .finished)
    #expect(subscription.history == [.requested(.unlimited), .cancelled])
    #expect(tracking.history == [.subscription])
  }

  /// Ports `FilterTests.testNoDemand`.
  @Test(arguments: Operator.allCases) func nothingIsRequestedWithoutDemand(_ operation: Operator) {
    let subscription = CustomSubscription()
    let publisher = Upstream(subscription: subscription)
    operation.make(publisher).subscribe(TrackingSubscriber<Int, TestingError>())
    #expect(subscription.history.isEmpty)
  }

  /// Ports `FilterTests.testFilterRemovesElements` and `testFilteringOtherFilters`.
  @Test func filterRemovesElementsAndComposes() {
    var results: [Int] = []
    let publisher = Upstream(subscription: CustomSubscription())
    let first = publisher.filter { $0.isMultiple(of: 2) }.sink(
      receiveCompletion: { _ in }, receiveValue: { results.append($0) })
    for value in 1...5 { _ = publisher.send(value) }
    #expect(results == [2, 4])
    first.cancel()

    results = []
    let chained = Upstream(subscription: CustomSubscription())
    let second = chained.filter { $0.isMultiple(of: 3) }.filter { $0.isMultiple(of: 5) }.sink(
      receiveCompletion: { _ in }, receiveValue: { results.append($0) })
    for value in 1...15 { _ = chained.send(value) }
    #expect(results == [15])
    second.cancel()
  }
}
