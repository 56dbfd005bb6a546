import MarbleNotation
import PushReference

/// The push engine's side of ``MarbleEvaluation``.
enum PushMarbles {
  static func evaluate(
    _ operation: MarbleOperator, inputs: [String], tick: Duration
  ) throws -> [MarbleTimeline] {
    switch operation {
    case .debounce(let ticks):
      return try recordPushMarbles(inputs, tick: tick, drainTicks: operation.drainTicks) {
        subjects, scheduler in
        subjects[0].debounce(for: .init(tick * ticks), scheduler: scheduler)
      }
    case .debounceWithOptions:
      // Combine's debounce has neither option: `unsupportedSetting(on: .push)` names them.
      throw MarbleOperatorError(
        "operator debounce with \(operation.unsupportedSetting(on: .push) ?? "options"): "
          + "the push engine does not support it")
    case .throttle(let ticks, let latest):
      return try PushMarbleOperation.throttle(ticks: ticks, latest: latest)
        .evaluate(inputs: inputs, tick: tick)
    case .mapLatest(let ticks):
      return try PushMarbleOperation.mapLatest(ticks: ticks).evaluate(inputs: inputs, tick: tick)
    case .removeDuplicates:
      return try recordPushMarbles(inputs, tick: tick) { subjects, _ in
        subjects[0].removeDuplicates()
      }
    case .removeDuplicatesIgnoringCase:
      return try recordPushMarbles(inputs, tick: tick) { subjects, _ in
        subjects[0].removeDuplicates { $0.lowercased() == $1.lowercased() }
      }
    case .currentValue:
      throw MarbleOperatorError(
        "operator currentValue: \(operation.unsupportedSetting(on: .push) ?? "pull only"): "
          + "the push engine does not support it")
    case .share(let consumers, _):
      // Combine's share() has no replay: a replay count applies to the pull engine only.
      return try recordPushMarbles(inputs, tick: tick, consumers: consumers) { subjects, _ in
        subjects[0].share()
      }
    case .shareWithLeaves(let consumers, let leaves, _, let stop):
      return try shareWithLeavesMarbles(
        inputs, tick: tick, consumers: consumers, leaves: leaves, stop: stop)
    case .combineLatest:
      return try combineLatestMarbles(inputs, tick: tick)
    case .buffer(let policy):
      return try recordPushMarbles(inputs, tick: tick) { subjects, _ in
        subjects[0].buffer(
          size: policy.size, prefetch: policy.prefetch, whenFull: policy.whenFull())
      }
    case .fanIn(let fanIn):
      return try fanInMarbles(fanIn, inputs, tick: tick)
    case .chunks, .chunksByTime, .chunksByTimeOrCount, .timer:
      return try evaluateChunksOrTimer(operation, inputs: inputs, tick: tick)
    case .scan:
      return try recordPushMarbles(inputs, tick: tick) { subjects, _ in
        subjects[0].scan("", +)
      }
    case .adjacentPairs:
      // What a Combine user writes: keep the last two with `scan`, skip the first element.
      return try recordPushMarbles(inputs, tick: tick) { subjects, _ in
        subjects[0].scan((String?.none, String?.none)) { ($0.1, $1) }
          .filter { $0.0 != nil }
          .map { $0.0! + $0.1! }
      }
    case .withLatestFrom, .prefixUntil, .timeout, .delay, .retry:
      return try evaluatePastSAA(operation, inputs: inputs, tick: tick)
    }
  }

  /// Combine's own types for 2, 3 and 4 inputs; beyond, what a Combine user writes: nested
  /// `combineLatest`, which in a synchronous engine emits exactly as a flat one would.
  private static func combineLatestMarbles(
    _ inputs: [String], tick: Duration
  ) throws -> [MarbleTimeline] {
    let render: (Any) -> String = concatenatedParts
    switch inputs.count {
    case 2:
      return try recordPushMarbles(inputs, tick: tick, render: render) { s, _ in
        Publishers.CombineLatest(s[0], s[1])
      }
    case 3:
      return try recordPushMarbles(inputs, tick: tick, render: render) { s, _ in
        Publishers.CombineLatest3(s[0], s[1], s[2])
      }
    case 4:
      return try recordPushMarbles(inputs, tick: tick, render: render) { s, _ in
        Publishers.CombineLatest4(s[0], s[1], s[2], s[3])
      }
    default:
      return try recordPushMarbles(inputs, tick: tick, render: joinedParts) { s, _ in
        s.dropFirst().reduce(s[0].map { [$0] }.eraseToAnyPublisher()) { combined, next in
          combined.combineLatest(next).map { $0 + [$1] }.eraseToAnyPublisher()
        }
      }
    }
  }
}

/// Writes a nested `combineLatest`'s collected parts as one marble element.
private func joinedParts(_ parts: [String]) -> String {
  parts.joined()
}
