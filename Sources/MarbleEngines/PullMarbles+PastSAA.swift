import AsyncOps
import AsyncOpsTesting
import MarbleNotation

extension PullMarbles {
  /// `withLatestFrom`, `prefixUntil`, `timeout:N`, `delay:N` and `retry` on the pull engine.
  static func evaluatePastSAA(
    _ operation: MarbleOperator, inputs: [String], tick: Duration
  ) async throws -> [MarbleTimeline] {
    switch operation {
    case .withLatestFrom:
      return try await recordMarbles(inputs, tick: tick, render: concatenatedParts) { s, _ in
        s[0].withLatestFrom(s[1])
      }
    case .prefixUntil:
      return try await recordMarbles(inputs, tick: tick) { s, _ in
        s[0].prefix(untilOutputFrom: s[1])
      }
    case .timeout(let ticks):
      // Timeout rule 2: the CLI's lines use a custom error, so both engines draw `^`.
      return try await recordMarbles(inputs, tick: tick, drainTicks: operation.drainTicks) {
        s, clock in
        s[0].timeout(
          after: tick * ticks, clock: clock, customError: { TestSourceFailure(source: "timeout") })
      }
    case .delay(let ticks):
      return try await recordMarbles(inputs, tick: tick, drainTicks: operation.drainTicks) {
        s, clock in s[0].delay(for: tick * ticks, clock: clock)
      }
    case .retry(let attempts, let backoff):
      // Cold inputs: each attempt plays its marble from its first tick (Retry rule 3).
      let runs = try inputs.map { marble throws(MarbleSyntaxError) in
        try MarbleTimeline(parsing: marble)
      }
      guard let backoff else {
        return try await recordMarbles([], tick: tick, drainTicks: operation.drainTicks) {
          _, clock in ColdMarbleSource(runs: runs, clock: clock, tick: tick).retry(attempts)
        }
      }
      return try await recordMarbles([], tick: tick, drainTicks: operation.drainTicks) {
        _, clock in
        ColdMarbleSource(runs: runs, clock: clock, tick: tick)
          .retry(attempts, delay: { _ in tick * backoff }, clock: clock)
      }
    default:
      preconditionFailure("\(operation.name) is not one of the operators past SAA")
    }
  }
}
