import MarbleNotation
import PushReference

extension PushMarbles {
  /// `chunks:N`, `chunksByTime:T`, `chunksByTimeOrCount:T:N`, `timer:T` on the push engine
  /// (Combine's `collect` and a `Timer.publish`-like timer).
  static func evaluateChunksOrTimer(
    _ operation: MarbleOperator, inputs: [String], tick: Duration
  ) throws -> [MarbleTimeline] {
    let joined: ([String]) -> String = { $0.joined() }
    switch operation {
    case .chunks(let count):
      return try recordPushMarbles(inputs, tick: tick, render: joined) { subjects, _ in
        subjects[0].collect(count)
      }
    case .chunksByTime(let ticks):
      return try recordPushMarbles(inputs, tick: tick, render: joined) { subjects, scheduler in
        subjects[0].collect(.byTime(scheduler, .init(tick * ticks)))
      }
    case .chunksByTimeOrCount(let ticks, let count):
      return try recordPushMarbles(inputs, tick: tick, render: joined) { subjects, scheduler in
        subjects[0].collect(.byTimeOrCount(scheduler, .init(tick * ticks), count))
      }
    case .timer(let ticks):
      return try recordPushMarbles(inputs, tick: tick) { subjects, scheduler in
        timerUntilEnd(of: subjects[0], every: .init(tick * ticks), scheduler: scheduler)
      }
    default:
      preconditionFailure("\(operation.name) is not a chunking or timer operator")
    }
  }

  /// The ticks of a timer (`x`) started now, ended by the completion of `input`: both are
  /// relayed into one subject, whose subscriptions the returned publisher keeps alive.
  private static func timerUntilEnd(
    of input: PassthroughSubject<String, MarbleFailure>,
    every interval: VirtualTimeScheduler.SchedulerTimeType.Stride, scheduler: VirtualTimeScheduler
  ) -> AnyPublisher<String, MarbleFailure> {
    final class Relays {
      var subscriptions: [AnyCancellable] = []
    }
    let output = PassthroughSubject<String, MarbleFailure>()
    let relays = Relays()
    let ticking = Publishers.Timer(every: interval, scheduler: scheduler)
      .sink { _ in output.send("x") }
    relays.subscriptions.append(ticking)
    relays.subscriptions.append(
      input.sink(
        receiveCompletion: { completion in
          ticking.cancel()
          output.send(completion: completion)
        }, receiveValue: { _ in }))
    return output.map { value in withExtendedLifetime(relays) { value } }.eraseToAnyPublisher()
  }
}
