import AsyncOps
import AsyncOpsTesting
import MarbleNotation

/// The pull engine's side of ``MarbleEvaluation``.
enum PullMarbles {
  static func evaluate(
    _ operation: MarbleOperator, inputs: [String], tick: Duration
  ) async throws -> [MarbleTimeline] {
    switch operation {
    case .debounce(let ticks):
      return try await recordMarbles(inputs, tick: tick, drainTicks: operation.drainTicks) {
        sources, clock in
        sources[0].debounce(for: tick * ticks, clock: clock)
      }
    case .debounceWithOptions(let ticks, let leading, let maxWait):
      return try await recordMarbles(inputs, tick: tick, drainTicks: operation.drainTicks) {
        sources, clock in
        sources[0].debounce(
          for: tick * ticks, clock: clock, leading: leading, maxWait: maxWait.map { tick * $0 })
      }
    case .throttle(let ticks, let latest):
      return try await recordMarbles(inputs, tick: tick, drainTicks: operation.drainTicks) {
        sources, clock in
        sources[0].throttle(for: tick * ticks, clock: clock, latest: latest)
      }
    case .mapLatest(let ticks):
      // The transform of the marble spelling `mapLatest:N` (docs/semantics.md): wait N ticks on
      // the test clock, answer the element; N = 0 answers at once, in the same tick.
      return try await recordMarbles(inputs, tick: tick, drainTicks: operation.drainTicks) {
        sources, clock in
        sources[0].mapLatest { element in
          if ticks > 0 { try await clock.sleep(for: tick * ticks) }
          return element
        }
      }
    case .removeDuplicates:
      return try await recordMarbles(inputs, tick: tick) { sources, _ in
        sources[0].removeDuplicates()
      }
    case .currentValue(let initial, let consumers):
      // The channel has no failure: an input that fails is refused rather than drawn wrongly.
      let timelines = try inputs.map { marble throws(MarbleSyntaxError) in
        try MarbleTimeline(parsing: marble)
      }
      guard !timelines.contains(where: { $0.ticks.joined().contains(.failure) }) else {
        throw MarbleOperatorError(
          "operator currentValue: an AsyncCurrentValue cannot fail, so its input cannot have ^")
      }
      return try await recordMarbles(inputs, tick: tick, consumers: consumers) { sources, _ in
        let channel = AsyncCurrentValue(initial)
        // Sends each input element at its tick (the body's task: run by the driver in order).
        Task {
          for try await element in sources[0] { channel.send(element) }
          channel.finish()
        }
        return channel
      }
    case .removeDuplicatesIgnoringCase:
      return try await recordMarbles(inputs, tick: tick) { sources, _ in
        sources[0].removeDuplicates { $0.lowercased() == $1.lowercased() }
      }
    case .share(let consumers, let replay):
      return try await recordMarbles(inputs, tick: tick, consumers: consumers) { sources, _ in
        sources[0].share(replay: replay)
      }
    case .shareWithLeaves(let consumers, let leaves, let replay, let stop):
      return try await shareWithLeavesMarbles(
        inputs, tick: tick, consumers: consumers, leaves: leaves, replay: replay, stop: stop)
    case .combineLatest:
      return try await combineLatestMarbles(inputs, tick: tick)
    case .buffer(let policy):
      return try await recordMarbles(inputs, tick: tick) { sources, _ in
        sources[0].buffer(policy: policy.pull)
      }
    case .fanIn(let fanIn):
      return try await fanInMarbles(fanIn, inputs, tick: tick)
    case .chunks, .chunksByTime, .chunksByTimeOrCount, .timer:
      return try await evaluateChunksOrTimer(operation, inputs: inputs, tick: tick)
    case .scan:
      return try await recordMarbles(inputs, tick: tick) { sources, _ in
        sources[0].reductions("", +)
      }
    case .adjacentPairs:
      return try await recordMarbles(inputs, tick: tick, render: concatenatedParts) {
        sources, _ in sources[0].adjacentPairs()
      }
    case .withLatestFrom, .prefixUntil, .timeout, .delay, .retry:
      return try await evaluatePastSAA(operation, inputs: inputs, tick: tick)
    }
  }

  /// One call of `combineLatest` with as many bases as there are inputs (the arity is static in
  /// Swift, so each count is spelled out).
  private static func combineLatestMarbles(
    _ inputs: [String], tick: Duration
  ) async throws -> [MarbleTimeline] {
    let render: @Sendable (Any) -> String = concatenatedParts
    switch inputs.count {
    case 2:
      return try await recordMarbles(inputs, tick: tick, render: render) { s, _ in
        combineLatest(s[0], s[1])
      }
    case 3:
      return try await recordMarbles(inputs, tick: tick, render: render) { s, _ in
        combineLatest(s[0], s[1], s[2])
      }
    case 4:
      return try await recordMarbles(inputs, tick: tick, render: render) { s, _ in
        combineLatest(s[0], s[1], s[2], s[3])
      }
    case 5:
      return try await recordMarbles(inputs, tick: tick, render: render) { s, _ in
        combineLatest(s[0], s[1], s[2], s[3], s[4])
      }
    case 6:
      return try await recordMarbles(inputs, tick: tick, render: render) { s, _ in
        combineLatest(s[0], s[1], s[2], s[3], s[4], s[5])
      }
    case 7:
      return try await recordMarbles(inputs, tick: tick, render: render) { s, _ in
        combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
      }
    default:
      return try await recordMarbles(inputs, tick: tick, render: render) { s, _ in
        combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
      }
    }
  }
}
