import PushReference
import Synchronization

/// A subscriber that records what it receives and requests only what the test tells it to.
final class RecordingSubscriber<Input, Failure: Error>: Subscriber, Sendable {
  enum Event {
    case value(Input)
    case completion(Subscribers.Completion<Failure>)
  }

  private struct State {
    var subscription: UncheckedBox<any Subscription>?
    var events: [UncheckedBox<Event>] = []
  }

  private let state = Mutex(State())
  private let initialDemand: Subscribers.Demand
  private let demandPerValue: Subscribers.Demand

  /// Requests `initialDemand` on subscription and returns `demandPerValue` for each value.
  init(initialDemand: Subscribers.Demand, demandPerValue: Subscribers.Demand = .none) {
    self.initialDemand = initialDemand
    self.demandPerValue = demandPerValue
  }

  var values: [Input] {
    state.withLock { $0.events }.compactMap {
      if case .value(let value) = $0.value { value } else { nil }
    }
  }

  var completion: Subscribers.Completion<Failure>? {
    state.withLock { $0.events }.lazy.compactMap {
      if case .completion(let completion) = $0.value { completion } else { nil }
    }.first
  }

  var hasSubscription: Bool { state.withLock { $0.subscription != nil } }

  func request(_ demand: Subscribers.Demand) {
    state.withLock { $0.subscription }?.value.request(demand)
  }

  func cancel() {
    state.withLock { $0.subscription }?.value.cancel()
  }

  func receive(subscription: any Subscription) {
    let boxed = UncheckedBox(subscription)
    state.withLock { $0.subscription = boxed }
    if initialDemand > 0 { subscription.request(initialDemand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let boxed = UncheckedBox(Event.value(input))
    state.withLock { $0.events.append(boxed) }
    return demandPerValue
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let boxed = UncheckedBox(Event.completion(completion))
    state.withLock { $0.events.append(boxed) }
  }
}

/// Lets a test keep non-Sendable values in a Mutex; tests run on one thread.
struct UncheckedBox<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// A counter a sink closure can update.
final class Counter: Sendable {
  private let count = Mutex(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}

/// A collector of values a sink closure can append to.
final class Collected<Value: Sendable>: Sendable {
  private let items = Mutex<[Value]>([])
  var values: [Value] { items.withLock { $0 } }
  func append(_ value: Value) { items.withLock { $0.append(value) } }
}

/// An error for failure tests.
struct TestError: Error, Equatable {}
