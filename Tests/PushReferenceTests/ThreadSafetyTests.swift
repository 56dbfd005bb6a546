import PushReference
import Testing

@Suite struct ThreadSafetyTests {
  /// Checked by the compiler (`requireSendable`), and at run time by using two of them from
  /// another task.
  @Test func subjectsSchedulerAndTokensAreSendable() async {
    func requireSendable<T: Sendable>(_: T.Type) {}
    requireSendable(PassthroughSubject<Int, Never>.self)
    requireSendable(CurrentValueSubject<Int, Never>.self)
    requireSendable(AnyCancellable.self)
    requireSendable(VirtualTimeScheduler.self)
    requireSendable(Subscribers.Demand.self)
    requireSendable(Subscribers.Completion<MarbleFailure>.self)
    let subject = CurrentValueSubject<Int, Never>(0)
    let demand = Subscribers.Demand.max(2)
    let doubled = await Task.detached {
      subject.value = 5
      return demand * 2
    }.value
    #expect(subject.value == 5)
    #expect(doubled == .max(4))
  }

  @Test func concurrentSendsAreAllDeliveredToASink() async {
    let subject = PassthroughSubject<Int, Never>()
    let received = Collected<Int>()
    let cancellable = subject.sink { received.append($0) }
    await withTaskGroup(of: Void.self) { group in
      for value in 0..<1_000 {
        group.addTask { subject.send(value) }
      }
    }
    #expect(received.values.sorted() == Array(0..<1_000))
    _ = cancellable
  }

  @Test func concurrentValueWritesLeaveOneOfTheWrittenValues() async {
    let subject = CurrentValueSubject<Int, Never>(-1)
    await withTaskGroup(of: Void.self) { group in
      for value in 0..<100 {
        group.addTask { subject.value = value }
      }
    }
    #expect((0..<100).contains(subject.value))
  }
}
