import PushReference
import Testing

/// Ports of OpenCombine's `DebounceTests`, expectations unchanged. OpenCombine's scheduler
/// records every call made to it; ours cannot, so the scheduler-history assertions become what
/// they imply on our ``VirtualTimeScheduler``: how many actions are queued (a cancelled timer is
/// no longer queued; OpenCombine counts the deinit of its cancellation tokens).
@Suite struct DebouncePortTests {
  private struct Helper {
    let scheduler = VirtualTimeScheduler()
    let subscription = CustomSubscription()
    let publisher: CustomPublisher<Int, TestingError>
    let tracking: TrackingSubscriber<Int, TestingError>

    init(initialDemand: Subscribers.Demand?, receiveValueDemand: Subscribers.Demand) {
      publisher = CustomPublisher(subscription: subscription)
      tracking = TrackingSubscriber(
        receiveSubscription: { subscription in
          if let initialDemand { subscription.request(initialDemand) }
        },
        receiveValue: { _ in receiveValueDemand })
      publisher.debounce(for: .nanoseconds(13), scheduler: scheduler).subscribe(tracking)
    }

    func rewind(to nanoseconds: Int) {
      scheduler.advance(to: .init(offset: .nanoseconds(nanoseconds)))
    }
  }

  /// Ports `testBasicBehavior`: superseded timers are cancelled, and the finish is delivered
  /// through the scheduler.
  @Test func keepsTheLastValueCancelsSupersededTimersAndSchedulesTheFinish() {
    let helper = Helper(initialDemand: .max(2), receiveValueDemand: .max(1))
    #expect(helper.tracking.history == [.subscription])
    #expect(helper.subscription.history == [.requested(.unlimited)])
    #expect(helper.scheduler.pendingActionCount == 0)

    #expect(helper.publisher.send(1) == .none)
    #expect(helper.scheduler.pendingActionCount == 1)
    helper.rewind(to: 4)
    #expect(helper.publisher.send(2) == .none)
    helper.rewind(to: 9)
    #expect(helper.publisher.send(3) == .none)
    #expect(helper.scheduler.pendingActionCount == 1, "superseded timers are cancelled")

    helper.rewind(to: 200)
    #expect(helper.tracking.history == [.subscription, .value(3)])
    #expect(helper.subscription.history == [.requested(.unlimited)])

    helper.publisher.send(completion: .finished)
    helper.publisher.send(completion: .failure(.oops))
    #expect(helper.publisher.send(-1) == .none)
    #expect(helper.tracking.history == [.subscription, .value(3)], "the finish is scheduled")
    #expect(helper.scheduler.pendingActionCount == 1)

    helper.rewind(to: 300)
    #expect(helper.tracking.history == [.subscription, .value(3), .completion(.finished)])
    #expect(helper.subscription.history == [.requested(.unlimited)])
    #expect(helper.scheduler.pendingActionCount == 0)
  }

  /// Ports `testFinishBeforeDue` (whose upstream fails, despite its name).
  @Test func failureBeforeTheDeadlineDropsTheValueAndIsScheduled() {
    let helper = Helper(initialDemand: .max(1), receiveValueDemand: .none)
    #expect(helper.publisher.send(1) == .none)
    helper.rewind(to: 4)
    helper.publisher.send(completion: .failure(.oops))
    #expect(helper.tracking.history == [.subscription])
    #expect(helper.subscription.history == [.requested(.unlimited)])
    helper.rewind(to: 100)
    #expect(helper.tracking.history == [.subscription, .completion(.failure(.oops))])
    #expect(helper.scheduler.pendingActionCount == 0, "the value's timer was cancelled")
  }

  /// Ports `testFailBeforeDue` (whose upstream finishes, despite its name).
  @Test func finishBeforeTheDeadlineDropsTheValueAndIsScheduled() {
    let helper = Helper(initialDemand: .max(1), receiveValueDemand: .none)
    #expect(helper.publisher.send(1) == .none)
    helper.rewind(to: 4)
    helper.publisher.send(completion: .finished)
    #expect(helper.tracking.history == [.subscription])
    helper.rewind(to: 100)
    #expect(helper.tracking.history == [.subscription, .completion(.finished)])
    #expect(helper.scheduler.pendingActionCount == 0)
  }

  /// Ports `testCancelBeforeDue`.
  @Test func cancellingBeforeTheDeadlineCancelsUpstreamAndTimer() throws {
    let helper = Helper(initialDemand: .max(1), receiveValueDemand: .none)
    #expect(helper.publisher.send(1) == .none)
    helper.rewind(to: 4)
    try #require(helper.tracking.subscription).cancel()
    #expect(helper.tracking.history == [.subscription])
    #expect(helper.subscription.history == [.requested(.unlimited), .cancelled])
    #expect(helper.scheduler.pendingActionCount == 0, "the timer is cancelled")
    helper.rewind(to: 100)
    #expect(helper.tracking.history == [.subscription])
    #expect(helper.subscription.history == [.requested(.unlimited), .cancelled])
  }

  /// Ports the first part of `testDemand`: a value due while the subscriber has no demand is
  /// lost; a later request does not bring it back.
  @Test func valueDueWithoutDemandIsLost() throws {
    let helper = Helper(initialDemand: nil, receiveValueDemand: .none)
    #expect(helper.tracking.history == [.subscription])
    #expect(helper.subscription.history == [.requested(.unlimited)])
    #expect(helper.publisher.send(1) == .none)
    helper.rewind(to: 100)
    #expect(helper.tracking.history == [.subscription])
    try #require(helper.tracking.subscription).request(.max(3))
    helper.rewind(to: 200)
    #expect(helper.tracking.history == [.subscription])
    #expect(helper.subscription.history == [.requested(.unlimited)])
  }
}
