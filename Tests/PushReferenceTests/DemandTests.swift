import PushReference
import Testing

@Suite struct DemandArithmeticTests {
  @Test func addingCountsSums() {
    #expect(Subscribers.Demand.max(2) + .max(3) == .max(5))
    #expect(Subscribers.Demand.max(2) + 1 == .max(3))
  }

  @Test func unlimitedAbsorbsAddition() {
    #expect(Subscribers.Demand.unlimited + .max(1) == .unlimited)
    #expect(Subscribers.Demand.max(1) + .unlimited == .unlimited)
  }

  @Test func overflowBecomesUnlimited() {
    #expect(Subscribers.Demand.max(Int.max) + .max(1) == .unlimited)
    #expect(Subscribers.Demand.max(Int.max / 2 + 1) * 2 == .unlimited)
  }

  @Test func subtractionStopsAtNone() {
    #expect(Subscribers.Demand.max(3) - .max(1) == .max(2))
    #expect(Subscribers.Demand.max(1) - 5 == .none)
    #expect(Subscribers.Demand.max(4) - .unlimited == .none)
    #expect(Subscribers.Demand.unlimited - .max(1) == .unlimited)
  }

  @Test func multiplicationScalesCounts() {
    #expect(Subscribers.Demand.max(3) * 4 == .max(12))
    #expect(Subscribers.Demand.unlimited * 0 == .unlimited)
  }

  @Test func unlimitedIsGreaterThanAnyCount() {
    #expect(Subscribers.Demand.unlimited > Int.max)
    #expect(Subscribers.Demand.unlimited > .max(Int.max))
    #expect(Subscribers.Demand.unlimited.max == nil)
    #expect(Subscribers.Demand.none == 0)
    #expect(Subscribers.Demand.max(2) < 3)
  }

  @Test func descriptionNamesTheDemand() {
    #expect(Subscribers.Demand.unlimited.description == "unlimited")
    #expect(Subscribers.Demand.max(2).description == "max(2)")
  }
}

@Suite struct DemandDeliveryTests {
  @Test func subscriberRequestingOneGetsOneValue() {
    let subject = PassthroughSubject<Int, Never>()
    let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
    subject.subscribe(subscriber)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    #expect(subscriber.values == [1])
  }

  @Test func subscriberWithoutDemandLosesSubjectValues() {
    let subject = PassthroughSubject<Int, Never>()
    let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
    subject.subscribe(subscriber)
    subject.send(1)
    subscriber.request(.max(1))
    subject.send(2)
    subject.send(3)
    #expect(subscriber.values == [2])
  }

  @Test func demandReturnedFromReceiveIsAdded() {
    let subject = PassthroughSubject<Int, Never>()
    let subscriber = RecordingSubscriber<Int, Never>(
      initialDemand: .max(1), demandPerValue: .max(1))
    subject.subscribe(subscriber)
    for value in 1...4 { subject.send(value) }
    #expect(subscriber.values == [1, 2, 3, 4])
  }

  @Test func completionArrivesWithoutDemand() {
    let subject = PassthroughSubject<Int, Never>()
    let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
    subject.subscribe(subscriber)
    subject.send(completion: .finished)
    #expect(subscriber.completion == .finished)
  }

  @Test func filterAsksForAReplacementOfADroppedValue() {
    let subject = PassthroughSubject<Int, Never>()
    let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
    subject.filter { $0 > 2 }.subscribe(subscriber)
    for value in 1...4 { subject.send(value) }
    #expect(subscriber.values == [3])
  }
}
