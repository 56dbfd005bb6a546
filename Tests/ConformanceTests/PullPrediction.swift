import MarbleEngines
import MarbleNotation

/// What the pull engine must produce, computed from what the push engine produced and the
/// differences the rules document (Engines rule 2) — nothing else may differ.
struct PullPrediction {
  /// The pull outputs, one per consumer.
  var outputs: [MarbleTimeline]
  /// The documented differences that make `outputs` differ from the push outputs.
  var differences: Set<DocumentedDifference>

  init(push: [MarbleTimeline], for randomCase: RandomCase) {
    switch randomCase.operation {
    case .debounce(let interval):
      outputs = [Self.debounce(push: push[0], input: randomCase.inputs[0], interval: interval)]
    case .combineLatest:
      outputs = [Self.combineLatest(push: push[0], inputs: randomCase.inputs)]
    case .share(let consumers, let replay):
      outputs = zip(push, consumers).map { output, start in
        Self.share(push: output, input: randomCase.inputs[0], start: start, replay: replay)
      }
    case .throttle:
      outputs = [Self.throttle(push: push[0], input: randomCase.inputs[0])]
    case .removeDuplicates, .removeDuplicatesIgnoringCase, .mapLatest, .debounceWithOptions,
      .currentValue, .buffer, .fanIn, .chunks, .chunksByTime, .chunksByTimeOrCount, .timer, .scan,
      .adjacentPairs, .withLatestFrom, .prefixUntil, .timeout, .delay, .retry, .shareWithLeaves:
      // (merge, zip and chain are pinned by the conformance table, not drawn at random.)
      // mapLatest rule 6: push's switchToLatest agrees. (The debounce options are pull only and
      // never drawn.)
      outputs = push
    }
    differences = []
    if outputs != push {
      switch randomCase.family {
      case .debounce: differences.insert(.debounceFinishFlushesThePendingElement)
      case .combineLatest: differences.insert(.combineLatestFinishesWhenABaseFinishesEmpty)
      case .share: differences.insert(.shareReplayIsPullOnly)
      case .throttle: differences.insert(.throttleFailureDropsThePendingElement)
      case .removeDuplicates, .mapLatest, .chunks: break
      }
    }
  }

  /// debounce rule 4: when the input finishes with an element pending — the last element, at
  /// tick t, with t + interval after the finish's tick — pull emits it just before the finish;
  /// push has dropped it. (At t + interval equal to the finish's tick, the timer fires first in
  /// both engines: Debounce rule 3 and Time rule 2.)
  static func debounce(
    push: MarbleTimeline, input: [[MarbleEvent]], interval: Int
  ) -> MarbleTimeline {
    let events = MarbleTimeline(ticks: input).events
    guard interval > 0, let finish = events.last, finish.event == .finish,
      let last = events.last(where: { !$0.event.isTerminal }),
      last.tick + interval > finish.tick
    else { return push }
    var output = push
    let finishIndex = output.ticks[safe: finish.tick]?.firstIndex(of: .finish)
    guard let finishIndex else { return push }
    output.ticks[finish.tick].insert(last.event, at: finishIndex)
    return output
  }

  /// throttle rule 5: when the input fails at tick f, pull delivers the failure at once and drops
  /// a pending element, while push waits like a finish (the pending element at its due tick,
  /// then the failure). So pull is push's elements up to tick f, then `^` at f — with nothing
  /// pending that is push itself. (A pending element due exactly at f was emitted by its timer
  /// before the failure arrived, in both engines.)
  static func throttle(push: MarbleTimeline, input: [[MarbleEvent]]) -> MarbleTimeline {
    let events = MarbleTimeline(ticks: input).events
    guard let failure = events.first(where: { $0.event == .failure }) else { return push }
    let kept = push.events.filter { $0.tick <= failure.tick && !$0.event.isTerminal }
    return MarbleTimeline(events: kept + [(tick: failure.tick, event: .failure)])
  }

  /// combineLatest rule 3: in delivery order (tick by tick, inputs in argument order), the first
  /// end that is either a failure or the finish of a base that never produced decides. A failure
  /// ends both engines alike. An empty finish ends pull at once — no tuple can have been emitted
  /// yet — while push waits for every base (and may still fail).
  static func combineLatest(push: MarbleTimeline, inputs: [[[MarbleEvent]]]) -> MarbleTimeline {
    var produced = Array(repeating: false, count: inputs.count)
    let tickCount = inputs.map(\.count).max() ?? 0
    for tick in 0..<tickCount {
      for (index, input) in inputs.enumerated() where tick < input.count {
        for event in input[tick] {
          switch event {
          case .value: produced[index] = true
          case .failure: return push
          case .finish where !produced[index]:
            return MarbleTimeline(events: [(tick: tick, event: .finish)])
          case .finish: break
          }
        }
      }
    }
    return push
  }

  /// share rules 3 and 7: a consumer registered at `start` first receives, in pull only, the last
  /// `replay` elements produced before it registered — at `start`, before anything else. (The
  /// input is quiet until the first consumer, so every earlier element was produced.)
  static func share(
    push: MarbleTimeline, input: [[MarbleEvent]], start: Int, replay: Int
  ) -> MarbleTimeline {
    let earlier = MarbleTimeline(ticks: input).events.filter {
      $0.tick < start && !$0.event.isTerminal
    }
    let replayed = earlier.suffix(replay).map(\.event)
    guard !replayed.isEmpty else { return push }
    var output = push
    while output.ticks.count <= start { output.ticks.append([]) }
    output.ticks[start].insert(contentsOf: replayed, at: 0)
    return output
  }
}

extension Array {
  subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
