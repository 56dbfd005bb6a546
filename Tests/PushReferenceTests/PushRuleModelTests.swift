import PushReference
import TestSupport
import Testing

/// The push `throttle:N`, `throttle:N:first` and `mapLatest:N` checked on seeded random inputs
/// against a direct, tick-by-tick reading of the rules (docs/semantics.md, push) — so that the
/// oracle the pull engine is compared against is itself checked against the specification.
@Suite struct PushRuleModelTests {
  static let casesPerOperator = 2_000

  @Test(arguments: [true, false]) func throttleFollowsTheSemanticsRules(latest: Bool) throws {
    var random = SeededRandom(seed: latest ? 0x7A11 : 0xF125)
    for _ in 0..<Self.casesPerOperator {
      let interval = random.int(in: 0...4)
      let input = RandomMarble.make(&random)
      let operation = PushMarbleOperation.throttle(ticks: interval, latest: latest)
      let actual = try operation.evaluate(inputs: [input.description])[0]
      let expected = ThrottleRules.output(input, interval: interval, latest: latest)
      #expect(actual == expected, "\(operation) on \(input)")
      if actual != expected { return }
    }
  }

  @Test func mapLatestFollowsTheSemanticsRules() throws {
    var random = SeededRandom(seed: 0x3A9)
    for _ in 0..<Self.casesPerOperator {
      let duration = random.int(in: 0...4)
      let input = RandomMarble.make(&random)
      let operation = PushMarbleOperation.mapLatest(ticks: duration)
      let actual = try operation.evaluate(inputs: [input.description])[0]
      let expected = MapLatestRules.output(input, duration: duration)
      #expect(actual == expected, "\(operation) on \(input)")
      if actual != expected { return }
    }
  }
}

/// Throttle rules 1–6, push, tick by tick: timers due at a tick fire before its inputs (Throttle
/// rule 3); an element emitted "at once" is emitted before the next input (Throttle rule 1).
enum ThrottleRules {
  static func output(_ input: MarbleTimeline, interval: Int, latest: Bool) -> MarbleTimeline {
    var output: [(tick: Int, event: MarbleEvent)] = []
    var lastEmission: Int?
    var pending: (value: String, due: Int)?
    var pendingEnd: MarbleEvent?
    var isEnded = false
    func fire(at tick: Int) {
      guard let due = pending?.due, due == tick, let value = pending?.value else { return }
      output.append((tick, .value(value)))
      lastEmission = tick
      pending = nil
      if let end = pendingEnd { output.append((tick, end)) }
    }
    let lastTick = (input.lastEventTick ?? 0) + interval + 1
    for tick in 0...lastTick {
      fire(at: tick)
      for event in input.ticks.indices.contains(tick) ? input.ticks[tick] : [] where !isEnded {
        switch event {
        case .value(let value):
          if pending != nil {
            if latest { pending?.value = value }  // Throttle rule 2
            continue
          }
          let due = lastEmission.map { max(tick, $0 + interval) } ?? tick
          if due == tick {
            output.append((tick, .value(value)))  // Throttle rule 1
            lastEmission = tick
          } else {
            pending = (value, due)  // Throttle rule 2
          }
        case .finish, .failure:
          isEnded = true
          if pending != nil {
            pendingEnd = event  // Throttle rules 4, 5 (push): the end waits for the pending one
          } else {
            output.append((tick, event))
          }
        }
      }
    }
    return MarbleTimeline(events: output)
  }
}

/// MapLatest rules 1–4, with a transform that answers `duration` ticks after its element
/// (MapLatest rule 6: what push must agree with).
enum MapLatestRules {
  static func output(_ input: MarbleTimeline, duration: Int) -> MarbleTimeline {
    var output: [(tick: Int, event: MarbleEvent)] = []
    var running: (value: String, due: Int)?
    var isFinished = false
    var isEnded = false
    let lastTick = (input.lastEventTick ?? 0) + duration + 1
    for tick in 0...lastTick where !isEnded {
      if let result = running, result.due == tick {
        output.append((tick, .value(result.value)))  // MapLatest rule 2
        running = nil
        if isFinished {
          output.append((tick, .finish))  // MapLatest rule 3
          isEnded = true
        }
      }
      for event in input.ticks.indices.contains(tick) ? input.ticks[tick] : [] where !isEnded {
        switch event {
        case .value(let value):
          if duration == 0 {
            output.append((tick, .value(value)))
          } else {
            running = (value, tick + duration)  // MapLatest rule 1: replaces (cancels) the running
          }
        case .finish:
          isFinished = true
          if running == nil {
            output.append((tick, .finish))
            isEnded = true
          }
        case .failure:
          running = nil  // MapLatest rule 4
          output.append((tick, .failure))
          isEnded = true
        }
      }
    }
    return MarbleTimeline(events: output)
  }
}

/// A random single-input marble: up to 14 ticks of nothing, one element or two, then a finish, a
/// failure or nothing, in a tick of its own or the last one.
enum RandomMarble {
  static func make(_ random: inout SeededRandom) -> MarbleTimeline {
    var ticks: [[MarbleEvent]] = (0..<random.int(in: 1...14)).map { _ in
      let roll = random.int(in: 0...9)
      let count = roll < 4 ? 0 : roll < 8 ? 1 : 2
      return (0..<count).map { _ in .value(["a", "b", "c", "d"][random.int(in: 0...3)]) }
    }
    let end = random.int(in: 0...3)
    guard end < 3 else { return MarbleTimeline(ticks: ticks) }
    let terminal: MarbleEvent = end == 2 ? .failure : .finish
    if random.int(in: 0...3) == 0 {
      ticks[ticks.count - 1].append(terminal)
    } else {
      ticks.append([terminal])
    }
    return MarbleTimeline(ticks: ticks)
  }
}
