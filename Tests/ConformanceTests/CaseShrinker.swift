import MarbleEngines
import MarbleNotation

/// Shrinks a failing random case to a minimal one that still fails: greedily drops an input, an
/// event, a tick, a consumer, or shortens an interval, while the case keeps failing.
enum CaseShrinker {
  /// The smallest failing case reachable by single steps from `failing`, and its run.
  static func shrink(_ failing: DifferentialRun) async -> DifferentialRun {
    var current = failing
    var improved = true
    while improved {
      improved = false
      for candidate in candidates(of: current.randomCase) {
        let run = await DifferentialRun.run(candidate)
        if !run.agrees {
          current = run
          improved = true
          break
        }
      }
    }
    return current
  }

  /// Every case one step smaller than `randomCase` that is still a valid case.
  static func candidates(of randomCase: RandomCase) -> [RandomCase] {
    var candidates: [RandomCase] = []
    func add(_ inputs: [[[MarbleEvent]]], _ operation: MarbleOperator? = nil) {
      candidates.append(
        RandomCase(
          seed: randomCase.seed, operation: operation ?? randomCase.operation, inputs: inputs))
    }
    let inputs = randomCase.inputs
    if randomCase.operation == .combineLatest, inputs.count > 2 {
      for index in inputs.indices {
        add(inputs.enumerated().filter { $0.offset != index }.map(\.element))
      }
    }
    for (index, input) in inputs.enumerated() {
      for tick in input.indices {
        var shorter = inputs
        shorter[index].remove(at: tick)
        add(shorter)
        for event in input[tick].indices where input[tick].count > 0 {
          var fewer = inputs
          fewer[index][tick].remove(at: event)
          add(fewer)
        }
      }
    }
    switch randomCase.operation {
    case .debounce(let interval) where interval > 0:
      add(inputs, .debounce(ticks: interval - 1))
    case .throttle(let interval, let latest) where interval > 0:
      add(inputs, .throttle(ticks: interval - 1, latest: latest))
    case .mapLatest(let duration) where duration > 0:
      add(inputs, .mapLatest(ticks: duration - 1))
    case .share(let consumers, let replay):
      for index in consumers.indices {
        if consumers.count > 1 {
          add(
            inputs,
            .share(
              consumers: consumers.enumerated().filter { $0.offset != index }.map(\.element),
              replay: replay))
        }
        if consumers[index] > 0 {
          var earlier = consumers
          earlier[index] -= 1
          add(inputs, .share(consumers: earlier, replay: replay))
        }
      }
      if replay > 0 { add(inputs, .share(consumers: consumers, replay: replay - 1)) }
    default:
      break
    }
    return candidates.filter(isValid)
  }

  /// A share case stays quiet until its first consumer (see `RandomCase`).
  private static func isValid(_ randomCase: RandomCase) -> Bool {
    guard case .share(let consumers, _) = randomCase.operation else { return true }
    let first = consumers.min() ?? 0
    return randomCase.inputs[0].prefix(first).allSatisfy(\.isEmpty)
  }
}
