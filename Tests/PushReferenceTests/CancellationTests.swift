import PushReference
import Testing

@Suite struct CancellationTests {
  @Test func noValuesArriveAfterCancel() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let cancellable = subject.sink { received.append($0) }
    subject.send(1)
    cancellable.cancel()
    subject.send(2)
    #expect(received == [1])
  }

  @Test func noCompletionArrivesAfterCancel() {
    let subject = PassthroughSubject<Int, Never>()
    var completions = 0
    let cancellable = subject.sink(
      receiveCompletion: { _ in completions += 1 }, receiveValue: { _ in })
    cancellable.cancel()
    subject.send(completion: .finished)
    #expect(completions == 0)
  }

  @Test func anyCancellableCancelsOnDeinit() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var cancellable: AnyCancellable? = subject.sink { received.append($0) }
    subject.send(1)
    #expect(cancellable != nil)
    cancellable = nil
    subject.send(2)
    #expect(received == [1])
  }

  @Test func storedCancellablesLiveAsLongAsTheirSet() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var cancellables: Set<AnyCancellable> = []
    subject.sink { received.append($0) }.store(in: &cancellables)
    subject.send(1)
    cancellables.removeAll()
    subject.send(2)
    #expect(received == [1])
  }

  @Test func cancellablesCanBeStoredInAnArray() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    var cancellables: [AnyCancellable] = []
    subject.sink { received.append($0) }.store(in: &cancellables)
    subject.sink { received.append($0 * 10) }.store(in: &cancellables)
    subject.send(1)
    cancellables.removeAll()
    subject.send(2)
    #expect(received == [1, 10])
  }

  @Test func cancelRunsItsActionOnce() {
    var runs = 0
    let cancellable = AnyCancellable { runs += 1 }
    cancellable.cancel()
    cancellable.cancel()
    #expect(runs == 1)
  }

  @Test func cancellingADebounceCancelsItsUpstream() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let cancellable = subject.debounce(for: .milliseconds(10), scheduler: scheduler)
      .sink { received.append($0) }
    subject.send(1)
    cancellable.cancel()
    scheduler.advance(by: .milliseconds(10))
    #expect(received.isEmpty)
  }

  @Test func cancellingACombineLatestCancelsEveryUpstream() {
    let left = PassthroughSubject<Int, Never>()
    let right = PassthroughSubject<Int, Never>()
    var received: [String] = []
    let cancellable = left.combineLatest(right) { "\($0)\($1)" }.sink { received.append($0) }
    left.send(1)
    cancellable.cancel()
    right.send(2)
    left.send(3)
    #expect(received.isEmpty)
  }
}
