import MarbleNotation
import PushReference

/// A cold marble input for the push engine: each subscription plays a marble from its first
/// tick, counted from the instant it subscribed, on the virtual-time scheduler (values as they
/// fall due, whatever the demand: the marble recorder asks for everything). Subscription k (from
/// 0) plays `runs[k]`, the last run for every later one — the push twin of
/// `ColdMarbleSource` (AsyncOpsTesting), with the same `offset` into each tick.
final class RestartingMarblePublisher: Publisher {
  typealias Output = String
  typealias Failure = MarbleFailure

  private let runs: [MarbleTimeline]
  private let scheduler: VirtualTimeScheduler
  private let tick: Duration
  private let offset: Duration
  private var subscriptions = 0

  init(
    runs: [MarbleTimeline], scheduler: VirtualTimeScheduler, tick: Duration,
    offset: Duration = .zero
  ) {
    self.runs = runs
    self.scheduler = scheduler
    self.tick = tick
    self.offset = offset
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == String, S.Failure == MarbleFailure {
    let run = runs[min(subscriptions, runs.count - 1)]
    subscriptions += 1
    let play = Play(subscriber: subscriber)
    subscriber.receive(subscription: play)
    let start = scheduler.now.offset + offset
    for (eventTick, event) in run.events {
      scheduler.schedule(after: .init(offset: start + tick * eventTick)) { play.deliver(event) }
    }
  }

  /// One subscription's play of its marble.
  private final class Play<S: Subscriber>: Subscription
  where S.Input == String, S.Failure == MarbleFailure {
    private var subscriber: S?

    init(subscriber: S) {
      self.subscriber = subscriber
    }

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {
      subscriber = nil
    }

    func deliver(_ event: MarbleEvent) {
      guard let subscriber else { return }
      switch event {
      case .value(let value):
        _ = subscriber.receive(value)
      case .finish:
        self.subscriber = nil
        subscriber.receive(completion: .finished)
      case .failure:
        self.subscriber = nil
        subscriber.receive(completion: .failure(MarbleFailure()))
      }
    }
  }
}
