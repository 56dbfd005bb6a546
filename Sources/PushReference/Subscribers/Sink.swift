import Synchronization

extension Subscribers {
  /// A subscriber that requests every value and hands values and the completion to closures;
  /// what ``Publisher/sink(receiveCompletion:receiveValue:)`` attaches.
  ///
  /// ```swift
  /// let sink = Subscribers.Sink<Int, Never>(
  ///   receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// subject.subscribe(sink)
  /// sink.cancel()
  /// ```
  ///
  /// Cancelling, or receiving the completion, releases the closures and the subscription.
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, Sendable {
    private struct State {
      var subscription: UncheckedSendable<any Subscription>?
      var receiveValue: UncheckedSendable<(Input) -> Void>?
      var receiveCompletion: UncheckedSendable<(Subscribers.Completion<Failure>) -> Void>?
      var hasSubscription = false
    }

    private let state: Mutex<State>

    /// Creates a sink that calls `receiveCompletion` once and `receiveValue` for each value.
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      state = Mutex(
        State(
          receiveValue: UncheckedSendable(receiveValue),
          receiveCompletion: UncheckedSendable(receiveCompletion)))
    }

    /// Keeps the first subscription and requests ``Subscribers/Demand/unlimited``; cancels any
    /// other (a sink subscribes once).
    public func receive(subscription: any Subscription) {
      let boxed = UncheckedSendable(subscription)
      let accepted = state.withLock { state in
        guard !state.hasSubscription, state.receiveValue != nil else { return false }
        state.hasSubscription = true
        state.subscription = boxed
        return true
      }
      if accepted {
        subscription.request(.unlimited)
      } else {
        subscription.cancel()
      }
    }

    /// Calls the value closure; asks for nothing more (the demand is already unlimited).
    public func receive(_ input: Input) -> Subscribers.Demand {
      state.withLock { $0.receiveValue }?.value(input)
      return .none
    }

    /// Calls the completion closure, then releases everything.
    public func receive(completion: Subscribers.Completion<Failure>) {
      let receiveCompletion = state.withLock { state in
        defer { state = State(hasSubscription: true) }
        return state.receiveCompletion
      }
      receiveCompletion?.value(completion)
    }

    /// Cancels the subscription and releases everything; no value or completion follows.
    ///
    /// As in Combine, cancelling a sink that holds no subscription (none yet, or already
    /// completed) does nothing (OpenCombine
    /// `SinkTests.testDoesNotReleaseClosuresAfterCancellationNoSubscription`).
    public func cancel() {
      let subscription = state.withLock { state -> UncheckedSendable<any Subscription>? in
        guard let subscription = state.subscription else { return nil }
        state = State(hasSubscription: true)
        return subscription
      }
      subscription?.value.cancel()
    }
  }
}

extension Publisher {
  /// Attaches a sink that requests every value: `receiveValue` is called for each value,
  /// `receiveCompletion` once at the end. Keep the returned token; dropping it cancels.
  ///
  /// ```swift
  /// subject
  ///   .sink(receiveCompletion: { print("ended:", $0) }, receiveValue: { print($0) })
  ///   .store(in: &cancellables)
  /// ```
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(
      receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

extension Publisher where Failure == Never {
  /// Attaches a sink that calls `receiveValue` for every value of a publisher that cannot fail.
  ///
  /// ```swift
  /// searchText.sink { print("searching for", $0) }.store(in: &cancellables)
  /// ```
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
