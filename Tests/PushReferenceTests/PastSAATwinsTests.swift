import PushReference
import Testing

/// The push twins of the operators past swift-async-algorithms, where Combine (or RxSwift) does
/// something the marble scenarios do not show.
@Suite struct PastSAATwinsTests {
  @Test func timeoutWithoutACustomErrorFinishes() throws {
    // Combine's rule: without `customError` a timeout is a normal finish (AsyncOps throws).
    try expectPushMarbles(["a----b|"], "a-|") { inputs, scheduler in
      inputs[0].timeout(.init(.milliseconds(2)), scheduler: scheduler)
    }
  }

  @Test func timeoutWithACustomErrorFails() throws {
    try expectPushMarbles(["a----b|"], "a-^") { inputs, scheduler in
      inputs[0].timeout(
        .init(.milliseconds(2)), scheduler: scheduler, customError: { MarbleFailure() })
    }
  }

  @Test func withLatestFromDropsTheValuesBeforeTheOthersFirst() throws {
    let pairs: ((String, String)) -> String = { $0.0 + $0.1 }
    try expectPushMarbles(["ab-c|", "-x"], "---'cx'|", render: pairs) { inputs, _ in
      inputs[0].withLatestFrom(inputs[1])
    }
  }

  @Test func prefixUntilOutputIgnoresTheOthersFailure() throws {
    try expectPushMarbles(["a-b|", "^"], "a-b|") { inputs, _ in
      inputs[0].prefix(untilOutputFrom: inputs[1])
    }
  }

  @Test func retrySubscribesAgainAfterEachFailureUpToItsCount() {
    let failing = FailingPublisher()
    var received: [Int] = []
    var completion: Subscribers.Completion<MarbleFailure>?
    let cancellable = failing.retry(2).sink(
      receiveCompletion: { completion = $0 }, receiveValue: { received.append($0) })
    #expect(failing.subscriptions == 3)
    #expect(received == [1, 1, 1])
    #expect(completion != nil)
    _ = cancellable
  }
}

/// Sends 1, then fails, to each subscriber; counts the subscriptions.
private final class FailingPublisher: Publisher {
  typealias Output = Int
  typealias Failure = MarbleFailure

  var subscriptions = 0

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == MarbleFailure {
    subscriptions += 1
    subscriber.receive(subscription: Subscriptions.empty)
    _ = subscriber.receive(1)
    subscriber.receive(completion: .failure(MarbleFailure()))
  }
}
