import PushReference
import Testing

/// Ports of OpenCombine's `ThrottleTests`, expectations unchanged. OpenCombine's scheduler
/// records each call and each scheduled date; ours cannot, so those assertions become what they
/// imply on our ``VirtualTimeScheduler``: how many actions are queued and when the next is due.
/// `executeScheduledActions()` is ``VirtualTimeScheduler/run(within:)``.
@Suite struct ThrottlePortTests {
  private struct Helper {
    let scheduler = VirtualTimeScheduler()
    let subscription = CustomSubscription()
    let publisher: CustomPublisher<Int, TestingError>
    let tracking: TrackingSubscriber<Int, TestingError>

    init(
      initialDemand: Subscribers.Demand?, receiveValueDemand: Subscribers.Demand,
      interval: VirtualTimeScheduler.SchedulerTimeType.Stride, latest: Bool
    ) {
      publisher = CustomPublisher(subscription: subscription)
      tracking = TrackingSubscriber(
        receiveSubscription: { subscription in
          if let initialDemand { subscription.request(initialDemand) }
        },
        receiveValue: { _ in receiveValueDemand })
      publisher.throttle(for: interval, scheduler: scheduler, latest: latest).subscribe(tracking)
    }

    func executeScheduledActions() {
      scheduler.run(within: .seconds(100_000))
    }

    var scheduledDate: Duration? { scheduler.nextDeadline?.offset }
  }

  /// Ports `testBasicBehavior`: the first value is scheduled at once, values before it runs
  /// replace it (`latest: true`), the next waits for the interval, and a failure waits for the
  /// pending value.
  @Test func basicBehavior() {
    let helper = Helper(
      initialDemand: .max(100), receiveValueDemand: .max(12), interval: .seconds(1337),
      latest: true)
    #expect(helper.publisher.subscriber != nil, "subscription must be performed synchronously")
    #expect(helper.tracking.history == [.subscription])
    #expect(helper.subscription.history == [.requested(.unlimited)])

    #expect(helper.publisher.send(1) == .none)
    #expect(helper.publisher.send(2) == .none)
    #expect(helper.publisher.send(3) == .none)
    #expect(helper.tracking.history == [.subscription])
    #expect(helper.scheduler.pendingActionCount == 1)
    #expect(helper.scheduledDate == .zero)

    helper.executeScheduledActions()
    #expect(helper.tracking.history == [.subscription, .value(3)])

    #expect(helper.publisher.send(4) == .none)
    #expect(helper.tracking.history == [.subscription, .value(3)])
    #expect(helper.scheduledDate == .seconds(1337))

    helper.publisher.send(completion: .failure(.oops))
    helper.publisher.send(completion: .finished)
    #expect(helper.publisher.send(5) == .none)
    #expect(helper.tracking.history == [.subscription, .value(3)])
    #expect(helper.scheduler.pendingActionCount == 1)

    helper.executeScheduledActions()
    #expect(
      helper.tracking.history == [
        .subscription, .value(3), .value(4), .completion(.failure(.oops)),
      ]
    )
    #expect(helper.subscription.history == [.requested(.unlimited)])
    #expect(helper.scheduler.now.offset == .seconds(1337))
  }

  /// Ports `testThrottleDemand`: `latest: false` keeps the first value; without demand a value
  /// is dropped and nothing is scheduled.
  @Test func demand() {
    let helper = Helper(
      initialDemand: .max(2), receiveValueDemand: .none, interval: .seconds(1337), latest: false)
    #expect(helper.publisher.send(1) == .none)
    #expect(helper.publisher.send(5) == .none)
    #expect(helper.publisher.send(6) == .none)
    #expect(helper.tracking.history == [.subscription])
    #expect(helper.scheduledDate == .zero)
    helper.executeScheduledActions()

    #expect(helper.publisher.send(2) == .none)
    #expect(helper.tracking.history == [.subscription, .value(1)])
    #expect(helper.scheduledDate == .seconds(1337))
    helper.executeScheduledActions()
    #expect(helper.tracking.history == [.subscription, .value(1), .value(2)])

    #expect(helper.publisher.send(3) == .none)
    #expect(helper.tracking.history == [.subscription, .value(1), .value(2)])
    #expect(helper.scheduler.pendingActionCount == 0)
    helper.executeScheduledActions()
    #expect(helper.tracking.history == [.subscription, .value(1), .value(2)])
  }

  /// Ports `testThrottleGap`: a value after the interval has passed is scheduled at once.
  @Test func gap() {
    let helper = Helper(
      initialDemand: .unlimited, receiveValueDemand: .none, interval: .seconds(60), latest: false)
    #expect(helper.publisher.send(0) == .none)
    #expect(helper.scheduledDate == .zero)
    helper.executeScheduledActions()
    #expect(helper.tracking.history == [.subscription, .value(0)])
    #expect(helper.scheduler.pendingActionCount == 0)

    helper.scheduler.advance(by: .seconds(45))
    #expect(helper.publisher.send(1) == .none)
    #expect(helper.scheduledDate == .seconds(60), "60 seconds from the last emission")
    helper.executeScheduledActions()
    #expect(helper.tracking.history == [.subscription, .value(0), .value(1)])

    helper.scheduler.advance(by: .seconds(61))
    #expect(helper.publisher.send(2) == .none)
    #expect(helper.scheduledDate == .seconds(121), "at once: the interval has passed")
    helper.executeScheduledActions()
    #expect(helper.tracking.history == [.subscription, .value(0), .value(1), .value(2)])
    #expect(helper.subscription.history == [.requested(.unlimited)])
  }

  /// Ports `testRequest`.
  @Test func request() throws {
    let helper = Helper(
      initialDemand: nil, receiveValueDemand: .none, interval: .seconds(10), latest: true)
    helper.executeScheduledActions()
    #expect(helper.subscription.history == [.requested(.unlimited)])
    let downstream = try #require(helper.tracking.subscription)
    downstream.request(.max(10))
    downstream.request(.max(4))
    downstream.request(.max(5))
    downstream.request(.none)
    #expect(helper.publisher.send(2000) == .none)
    #expect(helper.tracking.history == [.subscription])
    helper.executeScheduledActions()
    #expect(helper.tracking.history == [.subscription, .value(2000)])
    #expect(helper.subscription.history == [.requested(.unlimited)])
  }

  /// Ports `testCancelAlreadyCancelled`.
  @Test func cancelAlreadyCancelled() throws {
    let helper = Helper(
      initialDemand: .unlimited, receiveValueDemand: .none, interval: .seconds(10), latest: true)
    helper.executeScheduledActions()
    let downstream = try #require(helper.tracking.subscription)
    downstream.cancel()
    downstream.request(.max(42))
    downstream.cancel()
    #expect(helper.subscription.history == [.requested(.unlimited), .cancelled])
    #expect(helper.publisher.send(0) == .none)
    helper.publisher.send(completion: .finished)
    #expect(helper.subscription.history == [.requested(.unlimited), .cancelled])
    #expect(helper.tracking.history == [.subscription])
    #expect(helper.scheduler.pendingActionCount == 0)
  }

  /// Ports `testNoDemandReceivesNoValues` (on our scheduler: OpenCombine uses the
  /// `ImmediateScheduler`, which PushReference does not re-create).
  @Test func noDemandReceivesNoValues() {
    let helper = Helper(
      initialDemand: nil, receiveValueDemand: .none, interval: .milliseconds(1), latest: true)
    #expect(helper.publisher.send(1) == .none)
    helper.executeScheduledActions()
    #expect(helper.tracking.history == [.subscription])
    #expect(helper.subscription.history == [.requested(.unlimited)])
  }

  /// Ports `testCancelWhileReceivingInput`.
  @Test func cancelWhileReceivingInput() {
    let scheduler = VirtualTimeScheduler()
    let subscription = CustomSubscription()
    let publisher = CustomPublisher<Int, TestingError>(subscription: subscription)
    var downstreamSubscription: (any Subscription)?
    let tracking = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: {
        downstreamSubscription = $0
        $0.request(.unlimited)
      },
      receiveValue: { _ in
        downstreamSubscription?.cancel()
        return .max(42)
      })
    publisher.throttle(for: .seconds(60), scheduler: scheduler, latest: true).subscribe(tracking)
    #expect(publisher.send(1) == .none)
    #expect(tracking.history == [.subscription])
    scheduler.run(within: .seconds(1000))
    #expect(tracking.history == [.subscription, .value(1)])
    #expect(subscription.history == [.requested(.unlimited), .cancelled])
  }

  /// Ports `testCancelWhilstScheduledOutput`: a cancelled throttle publishes nothing.
  @Test func cancelWhilstScheduledOutput() throws {
    let helper = Helper(
      initialDemand: .unlimited, receiveValueDemand: .max(42), interval: .seconds(60),
      latest: true)
    #expect(helper.publisher.send(1) == .none)
    try #require(helper.tracking.subscription).cancel()
    helper.executeScheduledActions()
    #expect(helper.tracking.history == [.subscription])
    #expect(helper.subscription.history == [.requested(.unlimited), .cancelled])
  }

  /// Ports `testReceiveCompletionImmediatelyAfterSubscription`: the completion is scheduled.
  @Test func completionWithNothingPendingIsScheduledAtOnce() {
    let helper = Helper(
      initialDemand: .unlimited, receiveValueDemand: .none, interval: .seconds(60), latest: true)
    helper.publisher.send(completion: .failure(.oops))
    #expect(helper.tracking.history == [.subscription])
    #expect(helper.scheduledDate == .zero)
    helper.executeScheduledActions()
    #expect(helper.tracking.history == [.subscription, .completion(.failure(.oops))])
    #expect(helper.subscription.history == [.requested(.unlimited)])
  }

  /// Ports `testReceiveCompletionImmediatelyAfterValue` (its visible part): a finish right after a
  /// pending value waits for it.
  @Test func finishAfterAPendingValueWaitsForIt() {
    let helper = Helper(
      initialDemand: .unlimited, receiveValueDemand: .max(418), interval: .seconds(60),
      latest: true)
    #expect(helper.publisher.send(-1) == .none)
    helper.executeScheduledActions()
    #expect(helper.publisher.send(1000) == .none)
    helper.publisher.send(completion: .finished)
    #expect(helper.tracking.history == [.subscription, .value(-1)])
    #expect(helper.scheduledDate == .seconds(60))
    helper.executeScheduledActions()
    #expect(
      helper.tracking.history == [.subscription, .value(-1), .value(1000), .completion(.finished)])
  }
}
