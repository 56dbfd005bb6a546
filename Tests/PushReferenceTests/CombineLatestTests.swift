import PushReference
import Testing

@Suite struct CombineLatestTests {
  @Test func pairsTheLatestValues() throws {
    try expectPushMarbles(
      ["a-b-c-|", "-x-y-z|"], "-'ax''bx''by''cy''cz'|", render: joinedPair
    ) {
      inputs, _ in inputs[0].combineLatest(inputs[1])
    }
  }

  @Test func combinesThree() throws {
    try expectPushMarbles(
      ["a--b---|", "-x---y-|", "--1----|"], "--'ax1''bx1'-'by1'-|",
      render: joinedTriple
    ) { inputs, _ in Publishers.CombineLatest3(inputs[0], inputs[1], inputs[2]) }
  }

  @Test func combinesFour() throws {
    try expectPushMarbles(
      ["a---b|", "-x---|", "--1--|", "---p-|"], "---'ax1p''bx1p'|",
      render: joinedQuadruple
    ) { inputs, _ in inputs[0].combineLatest(inputs[1], inputs[2], inputs[3]) }
  }

  @Test func sameTickValuesYieldOneOutputEachInArgumentOrder() throws {
    try expectPushMarbles(["a-b", "x-y"], "'ax'-['bx''by']", render: joinedPair) {
      inputs, _ in inputs[0].combineLatest(inputs[1])
    }
  }

  @Test func finishesOnlyWhenEveryUpstreamHasFinished() throws {
    try expectPushMarbles(["a|", "-x--y--|"], "-'ax'--'ay'--|", render: joinedPair) {
      inputs, _ in inputs[0].combineLatest(inputs[1])
    }
  }

  @Test func upstreamFinishingWithoutValuesStillWaitsForTheOthers() throws {
    try expectPushMarbles(["|", "-x--|"], "----|", render: joinedPair) {
      inputs, _ in inputs[0].combineLatest(inputs[1])
    }
  }

  @Test func failureArrivesAtOnce() throws {
    try expectPushMarbles(["a-^", "-x---y|"], "-'ax'^", render: joinedPair) {
      inputs, _ in inputs[0].combineLatest(inputs[1])
    }
  }

  @Test func failureCancelsTheOtherUpstreams() {
    let failing = PassthroughSubject<Int, TestError>()
    let other = PassthroughSubject<Int, TestError>()
    var otherCancelled = false
    let observedOther = Publishers.Map(upstream: other) { $0 }
    let tracked = CancelTracking(upstream: observedOther) { otherCancelled = true }
    let subscriber = RecordingSubscriber<(Int, Int), TestError>(initialDemand: .unlimited)
    failing.combineLatest(tracked).subscribe(subscriber)
    failing.send(completion: .failure(TestError()))
    #expect(otherCancelled)
    #expect(subscriber.completion == .failure(TestError()))
  }

  @Test func transformVariantMapsTheCombination() throws {
    try expectPushMarbles(["a-b", "x--"], "'a+x'-'b+x'") { inputs, _ in
      inputs[0].combineLatest(inputs[1]) { "\($0)+\($1)" }
    }
  }

  /// As Combine (OpenCombine `testChildDemand`, `testUpstreamExceedsDemand`): the subscriber's
  /// demand is passed to every upstream, so hot upstreams drop what arrives without demand, and
  /// nothing is owed to a later request.
  @Test func valuesWithoutDemandAreLostNotOwed() {
    let left = PassthroughSubject<String, Never>()
    let right = PassthroughSubject<String, Never>()
    let subscriber = RecordingSubscriber<(String, String), Never>(initialDemand: .max(1))
    left.combineLatest(right).subscribe(subscriber)
    left.send("a")
    right.send("x")
    left.send("b")
    subscriber.request(.max(1))
    #expect(subscriber.values.map { $0.0 + $0.1 } == ["ax"])
    right.send("y")
    #expect(subscriber.values.map { $0.0 + $0.1 } == ["ax", "ay"])
  }

  @Test func currentValueSubjectsCombineAtOnce() {
    let text = CurrentValueSubject<String, Never>("")
    let rating = CurrentValueSubject<Int, Never>(0)
    var received: [String] = []
    let cancellable = text.combineLatest(rating) { "\($0)\($1)" }.sink { received.append($0) }
    rating.value = 3
    #expect(received == ["0", "3"])
    _ = cancellable
  }
}

private func joinedPair(_ values: (String, String)) -> String {
  values.0 + values.1
}

private func joinedTriple(_ values: (String, String, String)) -> String {
  values.0 + values.1 + values.2
}

private func joinedQuadruple(_ values: (String, String, String, String)) -> String {
  values.0 + values.1 + values.2 + values.3
}

/// Reports when a subscription to `upstream` is cancelled.
struct CancelTracking<Upstream: Publisher>: Publisher {
  typealias Output = Upstream.Output
  typealias Failure = Upstream.Failure

  let upstream: Upstream
  let onCancel: () -> Void

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    upstream.subscribe(
      AnySubscriber<Output, Failure>(
        receiveSubscription: { subscription in
          subscriber.receive(
            subscription: TrackedSubscription(base: subscription, onCancel: onCancel))
        },
        receiveValue: { subscriber.receive($0) },
        receiveCompletion: { subscriber.receive(completion: $0) }))
  }

  private struct TrackedSubscription: Subscription {
    let base: any Subscription
    let onCancel: () -> Void
    func request(_ demand: Subscribers.Demand) { base.request(demand) }
    func cancel() {
      onCancel()
      base.cancel()
    }
  }
}
