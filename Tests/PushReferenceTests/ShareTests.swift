import PushReference
import Testing

@Suite struct ShareTests {
  @Test func subscribersShareOneUpstreamSubscription() {
    let subject = PassthroughSubject<Int, Never>()
    let subscriptions = Counter()
    let shared = subject.handleSubscription { subscriptions.increment() }.share()
    var first: [Int] = []
    var second: [Int] = []
    let a = shared.sink { first.append($0) }
    let b = shared.sink { second.append($0) }
    subject.send(1)
    #expect(subscriptions.value == 1)
    #expect(first == [1])
    #expect(second == [1])
    _ = (a, b)
  }

  @Test func lateSubscribersMissEarlierValues() throws {
    let outputs = try recordPushMarbles(["a-b-c-|"], consumers: [0, 3]) { inputs, _ in
      inputs[0].share()
    }
    #expect(outputs.map(\.description) == ["a-b-c-|", "----c-|"])
  }

  @Test func sharedDebounceRunsOneTimerForEverySubscriber() throws {
    let outputs = try recordPushMarbles(["ab---c--|"], consumers: [0, 1]) { inputs, scheduler in
      inputs[0].debounce(for: .milliseconds(2), scheduler: scheduler).share()
    }
    #expect(outputs.map(\.description) == ["---b---c|", "---b---c|"])
  }

  @Test func cancellingTheLastSubscriberCancelsTheUpstream() {
    let subject = PassthroughSubject<Int, Never>()
    let cancellations = Counter()
    let shared = subject.handleCancel { cancellations.increment() }.share()
    let a = shared.sink { _ in }
    let b = shared.sink { _ in }
    a.cancel()
    #expect(cancellations.value == 0)
    b.cancel()
    #expect(cancellations.value == 1)
  }

  @Test func laterSubscriberReconnectsAfterAllCancelled() {
    let subject = PassthroughSubject<Int, Never>()
    let subscriptions = Counter()
    let shared = subject.handleSubscription { subscriptions.increment() }.share()
    var received: [Int] = []
    let first = shared.sink { received.append($0) }
    subject.send(1)
    first.cancel()
    subject.send(2)
    let second = shared.sink { received.append($0 * 10) }
    subject.send(3)
    #expect(subscriptions.value == 2)
    #expect(received == [1, 30])
    _ = second
  }

  @Test func subscriberWithoutDemandLosesTheValue() {
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.share()
    let hungry = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
    let idle = RecordingSubscriber<Int, Never>(initialDemand: .none)
    shared.subscribe(hungry)
    shared.subscribe(idle)
    subject.send(1)
    idle.request(.max(1))
    subject.send(2)
    #expect(hungry.values == [1, 2])
    #expect(idle.values == [2])
  }

  @Test func subscriberAfterCompletionGetsOnlyTheCompletion() {
    let subject = PassthroughSubject<Int, Never>()
    let subscriptions = Counter()
    let shared = subject.handleSubscription { subscriptions.increment() }.share()
    let first = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
    shared.subscribe(first)
    subject.send(1)
    subject.send(completion: .finished)
    let late = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
    shared.subscribe(late)
    #expect(first.completion == .finished)
    #expect(late.values.isEmpty)
    #expect(late.completion == .finished)
    #expect(subscriptions.value == 1)
  }

  @Test func shareOfACurrentValueSubjectGivesTheValueToTheFirstSubscriberOnly() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let shared = subject.share()
    var first: [Int] = []
    var second: [Int] = []
    let a = shared.sink { first.append($0) }
    let b = shared.sink { second.append($0) }
    subject.send(1)
    #expect(first == [0, 1])
    #expect(second == [1])
    _ = (a, b)
  }

  @Test func sharesAreEqualOnlyToThemselves() {
    let subject = PassthroughSubject<Int, Never>()
    let shared = subject.share()
    #expect(shared == shared)
    #expect(shared != subject.share())
  }
}

extension Publisher {
  /// Calls `body` each time a subscriber subscribes to this publisher.
  fileprivate func handleSubscription(_ body: @escaping () -> Void) -> AnyPublisher<Output, Failure>
  {
    HandleEvents(upstream: self, onSubscribe: body, onCancel: {}).eraseToAnyPublisher()
  }

  /// Calls `body` each time a subscription to this publisher is cancelled.
  fileprivate func handleCancel(_ body: @escaping () -> Void) -> AnyPublisher<Output, Failure> {
    HandleEvents(upstream: self, onSubscribe: {}, onCancel: body).eraseToAnyPublisher()
  }
}

/// A minimal `handleEvents`: reports subscriptions and cancellations.
private struct HandleEvents<Upstream: Publisher>: Publisher {
  typealias Output = Upstream.Output
  typealias Failure = Upstream.Failure

  let upstream: Upstream
  let onSubscribe: () -> Void
  let onCancel: () -> Void

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    onSubscribe()
    CancelTracking(upstream: upstream, onCancel: onCancel).subscribe(subscriber)
  }
}
