import PushReference
import Testing

/// Ports of OpenCombine's `SinkTests`, expectations unchanged (the description and reflection
/// tests have no equivalent).
@Suite struct SinkPortTests {
  typealias Sut = Subscribers.Sink<Int, Never>

  /// Ports `SinkTests.testSubscription`.
  @Test func keepsTheFirstSubscriptionAndCancelsOthers() {
    let sink = Sut(receiveCompletion: { _ in }, receiveValue: { _ in })
    let subscription1 = CustomSubscription()
    sink.receive(subscription: subscription1)
    #expect(subscription1.history == [.requested(.unlimited)])
    let subscription2 = CustomSubscription()
    sink.receive(subscription: subscription2)
    #expect(!subscription1.history.contains(.cancelled))
    #expect(subscription2.history == [.cancelled])
    sink.receive(subscription: subscription1)
    #expect(subscription1.history == [.requested(.unlimited), .cancelled])
    sink.receive(completion: .finished)
    #expect(subscription1.history == [.requested(.unlimited), .cancelled], "not cancelled again")
    let subscription3 = CustomSubscription()
    sink.receive(subscription: subscription3)
    #expect(subscription3.history == [.cancelled])
  }

  /// Ports `SinkTests.testReceiveValue`.
  @Test func receivesValuesUntilTheCompletion() {
    var value = 0
    var completion: Subscribers.Completion<Never>?
    let sink = Sut(receiveCompletion: { completion = $0 }, receiveValue: { value = $0 })
    let publisher = PassthroughSubject<Int, Never>()
    #expect(sink.receive(12) == .none)
    #expect(value == 12)
    #expect(completion == nil)
    publisher.subscribe(sink)
    publisher.send(42)
    #expect(value == 42)
    #expect(completion == nil)
    publisher.send(completion: .finished)
    #expect(value == 42)
    #expect(completion != nil)
    #expect(sink.receive(100) == .none)
    #expect(value == 42)
    publisher.subscribe(sink)
    publisher.send(1_000_000)
    #expect(value == 42)
    sink.cancel()
    publisher.send(-1)
    #expect(value == 42)
  }

  /// Ports `SinkTests.testReceiveValueWithoutSubscription`.
  @Test func receivesWithoutASubscriptionUntilTheCompletion() {
    var valueCounter = 0
    var completionCounter = 0
    let sink = Subscribers.Sink<Void, TestingError>(
      receiveCompletion: { _ in completionCounter += 1 }, receiveValue: { valueCounter += 1 })
    #expect(sink.receive(()) == .none)
    #expect(valueCounter == 1)
    #expect(completionCounter == 0)
    sink.receive(completion: .finished)
    #expect(completionCounter == 1)
    #expect(sink.receive(()) == .none)
    sink.receive(completion: .finished)
    sink.receive(completion: .failure(.oops))
    sink.cancel()
    #expect(valueCounter == 1)
    #expect(completionCounter == 1)
  }

  enum Termination: CaseIterable, CustomTestStringConvertible {
    case cancel, finish, fail
    var testDescription: String { "\(self)" }
  }

  /// Ports `SinkTests.testClosuresLifecycle` and its six cases
  /// (`testDoesNotReleaseClosuresAfterCancellationNoSubscription`, `testReleasesClosures...`):
  /// a completion releases the closures; a cancellation does only if the sink had a subscription.
  @Test(arguments: [false, true], Termination.allCases)
  func releasesItsClosures(receiveSubscription: Bool, termination: Termination) {
    final class Cleanup {
      let onDeinit: () -> Void
      init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
      deinit { onDeinit() }
    }
    var valueClosureDestroyed = false
    var completionClosureDestroyed = false
    let sink: Subscribers.Sink<Void, TestingError>
    do {
      let valueCleanup = Cleanup { valueClosureDestroyed = true }
      let completionCleanup = Cleanup { completionClosureDestroyed = true }
      sink = .init(
        receiveCompletion: { _ in _ = completionCleanup }, receiveValue: { _ = valueCleanup })
    }
    if receiveSubscription { sink.receive(subscription: CustomSubscription()) }
    #expect(!valueClosureDestroyed)
    #expect(!completionClosureDestroyed)
    switch termination {
    case .cancel: sink.cancel()
    case .finish: sink.receive(completion: .finished)
    case .fail: sink.receive(completion: .failure(.oops))
    }
    let releases = termination != .cancel || receiveSubscription
    withExtendedLifetime(sink) {
      #expect(valueClosureDestroyed == releases)
      #expect(completionClosureDestroyed == releases)
    }
  }

  /// Ports `SinkTests.testRecursiveCompletion`.
  @Test func aCompletionReceivedFromTheCompletionClosureIsIgnored() {
    var recursionCounter = 10
    var delayedSink: Sut?
    let sink = Sut(
      receiveCompletion: {
        if recursionCounter == 0 { return }
        recursionCounter -= 1
        delayedSink?.receive(completion: $0)
      },
      receiveValue: { _ in })
    delayedSink = sink
    sink.receive(subscription: CustomSubscription())
    sink.receive(completion: .finished)
    #expect(recursionCounter == 9)
    delayedSink = nil
  }

  /// Ports `SinkTests.testPublisherOperator`.
  @Test func sinkOperatorStopsWhenItsTokenIsCancelledOrDropped() {
    var value = 0
    let publisher = PassthroughSubject<Int, Never>()
    let sink = publisher.sink(receiveValue: { value = $0 })
    #expect(value == 0)
    publisher.send(42)
    #expect(value == 42)
    sink.cancel()
    publisher.send(1)
    #expect(value == 42)
    do {
      _ = publisher.sink(receiveValue: { value = $0 })
    }
    publisher.send(100)
    #expect(value == 42)
  }
}
