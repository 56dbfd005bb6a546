import PushReference
import Testing

@Suite struct PassthroughSubjectTests {
  @Test func sendAfterCompletionIsIgnored() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var completions: [Subscribers.Completion<Never>] = []
    let cancellable = subject.sink(
      receiveCompletion: { completions.append($0) }, receiveValue: { received.append($0) })
    subject.send(1)
    subject.send(completion: .finished)
    subject.send(2)
    subject.send(completion: .finished)
    #expect(received == [1])
    #expect(completions == [.finished])
    _ = cancellable
  }

  @Test func lateSubscriberToACompletedSubjectGetsOnlyTheCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(completion: .failure(TestError()))
    let subscriber = RecordingSubscriber<Int, TestError>(initialDemand: .unlimited)
    subject.subscribe(subscriber)
    #expect(subscriber.hasSubscription)
    #expect(subscriber.values.isEmpty)
    #expect(subscriber.completion == .failure(TestError()))
  }

  @Test func lateSubscriberMissesEarlierValues() {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(1)
    var received: [Int] = []
    let cancellable = subject.sink { received.append($0) }
    subject.send(2)
    #expect(received == [2])
    _ = cancellable
  }

  @Test func subscribersReceiveInSubscriptionOrder() {
    let subject = PassthroughSubject<String, Never>()
    var received: [String] = []
    let first = subject.sink { received.append("first \($0)") }
    let second = subject.sink { received.append("second \($0)") }
    subject.send("a")
    #expect(received == ["first a", "second a"])
    _ = (first, second)
  }

  @Test func voidSubjectSendsWithoutArgument() {
    let taps = PassthroughSubject<Void, Never>()
    var count = 0
    let cancellable = taps.sink { count += 1 }
    taps.send()
    taps.send()
    #expect(count == 2)
    _ = cancellable
  }

  @Test func subjectRelaysAnUpstreamItSubscribesTo() {
    let source = PassthroughSubject<Int, Never>()
    let relay = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let sink = relay.sink { received.append($0) }
    let connection = source.subscribe(relay)
    source.send(1)
    connection.cancel()
    source.send(2)
    #expect(received == [1])
    _ = sink
  }
}

@Suite struct CurrentValueSubjectTests {
  @Test func replaysItsValueToANewSubscriber() {
    let subject = CurrentValueSubject<String, Never>("")
    subject.send("c")
    var received: [String] = []
    let cancellable = subject.sink { received.append($0) }
    subject.send("ci")
    #expect(received == ["c", "ci"])
    _ = cancellable
  }

  @Test func eachSubscriberGetsTheValueCurrentWhenItSubscribed() {
    let subject = CurrentValueSubject<Int, Never>(0)
    var first: [Int] = []
    var second: [Int] = []
    let a = subject.sink { first.append($0) }
    subject.value = 1
    let b = subject.sink { second.append($0) }
    subject.value = 2
    #expect(first == [0, 1, 2])
    #expect(second == [1, 2])
    _ = (a, b)
  }

  @Test func valueReadsAndWritesTheCurrentValue() {
    let subject = CurrentValueSubject<Int, Never>(1)
    #expect(subject.value == 1)
    subject.value = 5
    #expect(subject.value == 5)
    subject.send(7)
    #expect(subject.value == 7)
  }

  @Test func optionalValuesAreNotFlattened() {
    let subject = CurrentValueSubject<Int?, Never>(nil)
    var received: [Int?] = []
    let cancellable = subject.sink { received.append($0) }
    subject.send(3)
    #expect(subject.value == 3)
    #expect(received == [nil, 3])
    _ = cancellable
  }

  /// As Combine (OpenCombine `testChangeValueAfterCompletion`, `testSendValueAfterCompletion`):
  /// after completion nothing is delivered; `send` leaves the value, setting `value` changes it.
  @Test func afterCompletionNothingIsDeliveredButSettingTheValueChangesIt() {
    let subject = CurrentValueSubject<Int, Never>(1)
    var received: [Int] = []
    let cancellable = subject.sink { received.append($0) }
    subject.send(completion: .finished)
    subject.send(2)
    #expect(subject.value == 1)
    subject.value = 3
    #expect(received == [1])
    #expect(subject.value == 3)
    _ = cancellable
  }

  @Test func subscriberAfterCompletionGetsOnlyTheCompletion() {
    let subject = CurrentValueSubject<Int, Never>(1)
    subject.send(completion: .finished)
    let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
    subject.subscribe(subscriber)
    #expect(subscriber.values.isEmpty)
    #expect(subscriber.completion == .finished)
  }

  @Test func currentValueWaitsForDemand() {
    let subject = CurrentValueSubject<Int, Never>(1)
    let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
    subject.subscribe(subscriber)
    #expect(subscriber.values.isEmpty)
    subscriber.request(.max(1))
    #expect(subscriber.values == [1])
  }

  @Test func subscriberThatMissedAValueGetsTheCurrentOneOnRequest() {
    let subject = CurrentValueSubject<Int, Never>(1)
    let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
    subject.subscribe(subscriber)
    subject.send(2)
    subject.send(3)
    subscriber.request(.max(1))
    #expect(subscriber.values == [1, 3])
  }
}
