import MarbleNotation
import PushReference

/// A cold push input: each subscriber receives every event of the marble — an element when its
/// tick has come *and* the subscriber has demand, the end once every element before it was taken.
/// The push twin of the pull harness's `AsyncTestSource`, which lets each iterator read every
/// event: with it, a subscriber without demand makes the input wait instead of losing the value.
final class ColdMarblePublisher: Publisher {
  typealias Output = String
  typealias Failure = MarbleFailure

  private let scheduler: VirtualTimeScheduler
  private let tick: Duration
  private let events: [(tick: Int, event: MarbleEvent)]

  init(scheduler: VirtualTimeScheduler, tick: Duration, timeline: MarbleTimeline) {
    self.scheduler = scheduler
    self.tick = tick
    events = timeline.events
  }

  /// The subscriptions made, each told at every tick what has become due.
  private var replays: [any DueEventsDelivering] = []

  func receive<S: Subscriber>(subscriber: S) where S.Input == String, S.Failure == MarbleFailure {
    let subscription = Replay(subscriber: subscriber, publisher: self)
    replays.append(subscription)
    subscriber.receive(subscription: subscription)
  }

  /// Delivers what has become due to every subscriber, as its demand allows. The harness calls
  /// it at each tick after the timers of that tick, where a hot input would send.
  func deliverDueEvents() {
    for replay in replays { replay.deliver() }
  }

  /// One subscriber's position in the marble.
  private final class Replay<S: Subscriber>: Subscription, DueEventsDelivering
  where S.Input == String, S.Failure == MarbleFailure {
    private var subscriber: S?
    private let publisher: ColdMarblePublisher
    private var next = 0
    private var demand = Subscribers.Demand.none

    init(subscriber: S, publisher: ColdMarblePublisher) {
      self.subscriber = subscriber
      self.publisher = publisher
    }

    func request(_ demand: Subscribers.Demand) {
      self.demand += demand
      deliver()
    }

    func cancel() {
      subscriber = nil
    }

    /// Delivers every event that is due, as far as the demand allows.
    func deliver() {
      let now = publisher.scheduler.now.offset
      while let subscriber, next < publisher.events.count {
        let (eventTick, event) = publisher.events[next]
        guard publisher.tick * eventTick <= now else { return }
        switch event {
        case .value(let value):
          guard demand > 0 else { return }
          demand -= 1
          next += 1
          demand += subscriber.receive(value)
        case .finish, .failure:
          next = publisher.events.count
          self.subscriber = nil
          subscriber.receive(completion: event == .finish ? .finished : .failure(MarbleFailure()))
        }
      }
    }
  }
}

/// A subscription that delivers the events that have become due.
private protocol DueEventsDelivering: AnyObject {
  func deliver()
}
