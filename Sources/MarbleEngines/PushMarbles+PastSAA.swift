import MarbleNotation
import PushReference

extension PushMarbles {
  /// `withLatestFrom` (RxSwift's semantics), `prefixUntil`, `timeout:N` (with a custom error),
  /// `delay:N` and `retry:N` on the push engine.
  static func evaluatePastSAA(
    _ operation: MarbleOperator, inputs: [String], tick: Duration
  ) throws -> [MarbleTimeline] {
    switch operation {
    case .withLatestFrom:
      return try recordPushMarbles(inputs, tick: tick, render: concatenatedParts) { s, _ in
        s[0].withLatestFrom(s[1])
      }
    case .prefixUntil:
      return try recordPushMarbles(inputs, tick: tick) { s, _ in
        s[0].prefix(untilOutputFrom: s[1])
      }
    case .timeout(let ticks):
      return try recordPushMarbles(inputs, tick: tick, drainTicks: operation.drainTicks) {
        s, scheduler in
        s[0].timeout(.init(tick * ticks), scheduler: scheduler, customError: { MarbleFailure() })
      }
    case .delay(let ticks):
      return try recordPushMarbles(inputs, tick: tick, drainTicks: operation.drainTicks) {
        s, scheduler in s[0].delay(for: .init(tick * ticks), scheduler: scheduler)
      }
    case .retry(let attempts, nil):
      let runs = try inputs.map { marble throws(MarbleSyntaxError) in
        try MarbleTimeline(parsing: marble)
      }
      return try recordPushMarbles([], tick: tick, drainTicks: operation.drainTicks) {
        _, scheduler in
        RestartingMarblePublisher(runs: runs, scheduler: scheduler, tick: tick).retry(attempts)
      }
    case .retry:
      throw MarbleOperatorError(
        "operator retry with \(operation.unsupportedSetting(on: .push) ?? "a backoff"): "
          + "the push engine does not support it")
    default:
      preconditionFailure("\(operation.name) is not one of the operators past SAA")
    }
  }
}
