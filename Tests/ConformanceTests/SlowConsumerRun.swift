import AsyncOps
import AsyncOpsTesting
import MarbleNotation
import PushReference
import Synchronization

/// Runs an operator on marble inputs with consumers that do not keep up, on both engines — the
/// demand-limited counterpart of `MarbleEvaluation`, whose consumers always keep up.
///
/// A consumer is `nil` (keeps up: unlimited demand, or `next()` called again at once) or a number
/// of ticks it is busy after each element: in pull it sleeps that long on the test clock before
/// calling `next()` again; in push it requests `.max(1)` when it subscribes and `.max(1)` again
/// that long after each value (a subscriber "requesting one at a time"). Every consumer starts at
/// tick 0; ticks, timers and inputs are ordered as in the marble runners.
enum SlowConsumerRun {
  /// Which kind of push input feeds the operator.
  enum PushInputs {
    /// `PassthroughSubject`s: a value sent while nobody has demand is lost (Combine's subjects).
    case hot
    /// ``ColdMarblePublisher``s: each subscriber gets every event, as its demand allows — like the
    /// pull engine's `AsyncTestSource`.
    case cold
  }

  /// The pull engine: `build` makes the sequence under test from the inputs; `render` writes an
  /// element.
  static func pull<Output: AsyncSequence & Sendable>(
    _ inputs: [String], consumers: [Int?], tick: Duration = .milliseconds(1),
    render: @escaping @Sendable (Output.Element) -> String,
    build: @escaping @Sendable ([AsyncTestSource<String>]) -> Output
  ) async throws -> [String] {
    let timelines = try inputs.map { try MarbleTimeline(parsing: $0) }
    return try await withVirtualTime { time in
      let sources = timelines.indices.map { AsyncTestSource<String>(name: "input \($0 + 1)") }
      let output = build(sources)
      let logs = consumers.map { _ in EventLog(tick: tick) }
      await withTaskGroup(of: Void.self) { group in
        for (log, busyTicks) in zip(logs, consumers) {
          group.addTask {
            do {
              for try await element in output {
                log.record(.value(render(element)), at: time.clock.now.offset)
                if let busyTicks { try await time.clock.sleep(for: tick * busyTicks) }
              }
              log.record(.finish, at: time.clock.now.offset)
            } catch is CancellationError {
            } catch {
              log.record(.failure, at: time.clock.now.offset)
            }
          }
        }
        await time.settle()
        for tickIndex in 0..<(timelines.map(\.ticks.count).max() ?? 0) {
          await time.advance(to: .zero.advanced(by: tick * tickIndex))
          for (source, timeline) in zip(sources, timelines) where tickIndex < timeline.ticks.count {
            for event in timeline.ticks[tickIndex] {
              source.deliver(event)
              await time.settle()
            }
          }
        }
        try? await time.runUntilIdle(within: tick * 1000)
        for log in logs { log.close() }
        group.cancelAll()
      }
      return logs.map(\.marble)
    }
  }

  /// The push engine: `build` makes the publisher under test from the inputs and the scheduler.
  static func push<Output: Publisher>(
    _ inputs: [String], from kind: PushInputs, consumers: [Int?],
    tick: Duration = .milliseconds(1),
    render: @escaping (Output.Output) -> String,
    build: ([AnyPublisher<String, MarbleFailure>], VirtualTimeScheduler) -> Output
  ) throws -> [String] where Output.Failure == MarbleFailure {
    let timelines = try inputs.map { try MarbleTimeline(parsing: $0) }
    let scheduler = VirtualTimeScheduler()
    let hot = timelines.map { _ in PassthroughSubject<String, MarbleFailure>() }
    let cold = timelines.map { ColdMarblePublisher(scheduler: scheduler, tick: tick, timeline: $0) }
    let publishers =
      kind == .hot
      ? hot.map { $0.eraseToAnyPublisher() } : cold.map { $0.eraseToAnyPublisher() }
    let output = build(publishers, scheduler)
    let logs = consumers.map { _ in EventLog(tick: tick) }
    let subscribers = zip(logs, consumers).map { log, busyTicks in
      OneAtATimeSubscriber<Output.Output>(
        log: log, busyTicks: busyTicks, tick: tick, scheduler: scheduler, render: render)
    }
    for subscriber in subscribers { output.subscribe(subscriber) }
    scheduler.advance()
    for tickIndex in 0..<(timelines.map(\.ticks.count).max() ?? 0) {
      scheduler.advance(to: .init(offset: tick * tickIndex))
      guard kind == .hot else {
        for input in cold { input.deliverDueEvents() }
        scheduler.advance()
        continue
      }
      for (subject, timeline) in zip(hot, timelines) where tickIndex < timeline.ticks.count {
        for event in timeline.ticks[tickIndex] {
          subject.deliver(event)
          scheduler.advance()
        }
      }
    }
    scheduler.run(within: tick * 1000)
    for log in logs { log.close() }
    for subscriber in subscribers { subscriber.cancel() }
    return logs.map(\.marble)
  }
}

/// The events one consumer received, at the tick each arrived.
final class EventLog: Sendable {
  private struct State {
    var events: [(tick: Int, event: MarbleEvent)] = []
    var isClosed = false
  }

  private let tick: Duration
  private let state = Mutex(State())

  init(tick: Duration) {
    self.tick = tick
  }

  func record(_ event: MarbleEvent, at offset: Duration) {
    let tickIndex = Int((offset / tick).rounded(.down))
    state.withLock { state in
      if !state.isClosed { state.events.append((tick: tickIndex, event: event)) }
    }
  }

  func close() {
    state.withLock { $0.isClosed = true }
  }

  var marble: String {
    MarbleTimeline(events: state.withLock { $0.events }).description
  }
}

/// A push subscriber that keeps up (`busyTicks == nil`: unlimited demand) or requests one value at
/// a time, `busyTicks` after the previous one.
final class OneAtATimeSubscriber<Input>: Subscriber {
  typealias Failure = MarbleFailure

  private let log: EventLog
  private let busyTicks: Int?
  private let tick: Duration
  private let scheduler: VirtualTimeScheduler
  private let render: (Input) -> String
  private var subscription: (any Subscription)?

  init(
    log: EventLog, busyTicks: Int?, tick: Duration, scheduler: VirtualTimeScheduler,
    render: @escaping (Input) -> String
  ) {
    self.log = log
    self.busyTicks = busyTicks
    self.tick = tick
    self.scheduler = scheduler
    self.render = render
  }

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    subscription.request(busyTicks == nil ? .unlimited : .max(1))
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    log.record(.value(render(input)), at: scheduler.now.offset)
    guard let busyTicks else { return .none }
    if busyTicks == 0 { return .max(1) }
    scheduler.schedule(after: scheduler.now.advanced(by: .init(tick * busyTicks))) {
      [weak self] in
      self?.subscription?.request(.max(1))
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<MarbleFailure>) {
    switch completion {
    case .finished: log.record(.finish, at: scheduler.now.offset)
    case .failure: log.record(.failure, at: scheduler.now.offset)
    }
    subscription = nil
  }

  func cancel() {
    subscription?.cancel()
    subscription = nil
  }
}
