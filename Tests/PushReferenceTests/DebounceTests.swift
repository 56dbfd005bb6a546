import PushReference
import Testing

@Suite struct DebounceTests {
  /// Apple's documentation example: interval 500 ms.
  @Test func applesDocumentedExample() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    var received: [(value: Int, at: Duration)] = []
    let cancellable = subject.debounce(for: .milliseconds(500), scheduler: scheduler)
      .sink { received.append(($0, scheduler.now.offset)) }
    let inputs: [(Int, Duration)] = [
      (0, .zero), (1, .milliseconds(250)), (2, .milliseconds(1_000)),
      (3, .milliseconds(1_250)), (4, .milliseconds(1_500)), (5, .milliseconds(2_000)),
    ]
    for (value, time) in inputs {
      scheduler.advance(to: .init(offset: time))
      subject.send(value)
    }
    scheduler.advance(by: .seconds(1))
    #expect(received.map(\.value) == [1, 4, 5])
    #expect(received.map(\.at) == [.milliseconds(750), .milliseconds(2_000), .milliseconds(2_500)])
    _ = cancellable
  }

  @Test func applesDocumentedExampleAsMarbles() throws {
    try expectPushMarbles(["01--234-5"], "---1----4-5", tick: .milliseconds(250)) {
      inputs, scheduler in inputs[0].debounce(for: .milliseconds(500), scheduler: scheduler)
    }
  }

  @Test func keepsTheLastOfABurst() throws {
    try expectPushMarbles(["abcd----e---f-g----|"], "------d----e-----g-|") {
      inputs, scheduler in inputs[0].debounce(for: .milliseconds(3), scheduler: scheduler)
    }
  }

  @Test func finishDropsThePendingValue() throws {
    try expectPushMarbles(["a-b|"], "---|") { inputs, scheduler in
      inputs[0].debounce(for: .milliseconds(3), scheduler: scheduler)
    }
  }

  @Test func failureDropsThePendingValueAndArrivesAtOnce() throws {
    try expectPushMarbles(["a-b^"], "---^") { inputs, scheduler in
      inputs[0].debounce(for: .milliseconds(3), scheduler: scheduler)
    }
  }

  @Test func valueAtThePendingDeadlineComesAfterTheTimer() throws {
    try expectPushMarbles(["a--b"], "---a--b") { inputs, scheduler in
      inputs[0].debounce(for: .milliseconds(3), scheduler: scheduler)
    }
  }

  @Test func zeroIntervalPassesEveryValueThrough() throws {
    try expectPushMarbles(["a[bc]-d|"], "a[bc]-d|") { inputs, scheduler in
      inputs[0].debounce(for: .zero, scheduler: scheduler)
    }
  }

  @Test func valueDueWithoutDemandIsLost() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
    subject.debounce(for: .milliseconds(1), scheduler: scheduler).subscribe(subscriber)
    subject.send(1)
    scheduler.advance(by: .milliseconds(1))
    subscriber.request(.max(1))
    subject.send(2)
    scheduler.advance(by: .milliseconds(1))
    #expect(subscriber.values == [2])
  }

  @Test func eachSubscriberHasItsOwnTimer() throws {
    let outputs = try recordPushMarbles(["a-b----"], consumers: [0, 2]) { inputs, scheduler in
      inputs[0].debounce(for: .milliseconds(2), scheduler: scheduler)
    }
    // The second subscriber starts at tick 2, after the first one's timer for `a` fired.
    #expect(outputs.map(\.description) == ["--a-b", "----b"])
  }
}
