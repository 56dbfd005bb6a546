import MarbleEngines
import MarbleNotation
import TestSupport

/// One case of the differential test: an operator and its input marbles, made from a seed alone,
/// so that `CONFORMANCE_SEED=<seed>` makes it again.
struct RandomCase: Sendable, CustomStringConvertible {
  /// The operator families, in the proportions the generator draws them.
  enum Family: String, CaseIterable, Sendable {
    case debounce, removeDuplicates, combineLatest, share, throttle, mapLatest
    /// `chunks:N`, `chunksByTime:T`, `chunksByTimeOrCount:T:N` and `timer:T`.
    case chunks

    /// The newer operators (throttle, mapLatest, chunks), drawn twice as often as each older one
    /// (see ``draw(_:)``).
    static let newOperators: Set<Family> = [.throttle, .mapLatest, .chunks]

    /// Draws a family: each of `newOperators` with weight 2, every other with weight 1, so half
    /// the cases exercise the new operators and each older one keeps its share of 10,000.
    static func draw(_ random: inout SeededRandom) -> Family {
      let weighted = allCases.flatMap { newOperators.contains($0) ? [$0, $0] : [$0] }
      return weighted[random.int(in: 0...weighted.count - 1)]
    }
  }

  /// The seed the case was made from (kept by a shrunk case, which no longer matches it).
  let seed: UInt64
  var operation: MarbleOperator
  /// Each input's events, tick by tick.
  var inputs: [[[MarbleEvent]]]

  var family: Family {
    switch operation {
    case .debounce: .debounce
    case .removeDuplicates, .removeDuplicatesIgnoringCase: .removeDuplicates
    case .combineLatest: .combineLatest
    case .share, .currentValue: .share
    case .throttle: .throttle
    case .mapLatest: .mapLatest
    case .debounceWithOptions: .debounce
    // Never drawn: with a consumer that keeps up, buffer passes its input through, so it has no
    // family of its own; like removeDuplicates it has no documented difference.
    case .buffer: .removeDuplicates
    // Never drawn: merge, zip and chain are pinned by the conformance table
    // (`ConformanceScenarios+FanIn.swift`); their family is that of the other multi-input one.
    case .fanIn: .combineLatest
    case .chunks, .chunksByTime, .chunksByTimeOrCount, .timer: .chunks
    // Stateless one-input operators on which the engines agree everywhere, as removeDuplicates.
    case .scan, .adjacentPairs: .removeDuplicates
    // Never drawn: pinned by the conformance table (`ConformanceScenarios+PastSAA.swift`), where
    // the engines agree everywhere.
    case .withLatestFrom, .prefixUntil, .timeout, .delay, .retry: .removeDuplicates
    // Never drawn: pinned by the conformance table (`ConformanceScenarios+Share.swift`).
    case .shareWithLeaves: .share
    }
  }

  /// The inputs in marble notation, every tick written (trailing quiet ticks too).
  var marbles: [String] {
    inputs.map { ticks in
      ticks.map { events in
        switch events.count {
        case 0: "-"
        case 1: events[0].notation
        default: "[" + events.map(\.notation).joined() + "]"
        }
      }.joined()
    }
  }

  /// The operator as `brew-search marbles` spells it.
  var operatorSpelling: String {
    switch operation {
    case .debounce(let ticks): "debounce:\(ticks)"
    case .debounceWithOptions(let ticks, let leading, let maxWait):
      "debounce:\(ticks)" + (leading ? ":leading" : "") + (maxWait.map { ":maxWait=\($0)" } ?? "")
    case .throttle(let ticks, let latest): "throttle:\(ticks)" + (latest ? "" : ":first")
    case .mapLatest(let ticks): "mapLatest:\(ticks)"
    case .removeDuplicates: "removeDuplicates"
    case .removeDuplicatesIgnoringCase: "removeDuplicates:ignoringCase"
    case .currentValue(let initial, let consumers):
      "currentValue:\(initial):" + consumers.map(String.init).joined(separator: ",")
    case .combineLatest: "combineLatest"
    case .buffer(.bounded(let size)): "buffer:\(size)"
    case .buffer(.unbounded): "buffer:unbounded"
    case .buffer(.latest(let size)): "buffer:\(size):latest"
    case .buffer(.oldest(let size)): "buffer:\(size):oldest"
    case .fanIn(let fanIn): fanIn.rawValue
    case .scan: "scan"
    case .adjacentPairs: "adjacentPairs"
    case .share(let consumers, let replay):
      "share:" + consumers.map(String.init).joined(separator: ",")
        + (replay == 0 ? "" : ":replay=\(replay)")
    case .shareWithLeaves(let consumers, let leaves, let replay, let stop):
      "share:"
        + zip(consumers, leaves).map { start, leave in "\(start)" + (leave.map { "-\($0)" } ?? "") }
        .joined(separator: ",") + (replay == 0 ? "" : ":replay=\(replay)")
        + (stop.map { ":stop=\($0)" } ?? "")
    case .chunks(let count): "chunks:\(count)"
    case .chunksByTime(let ticks): "chunksByTime:\(ticks)"
    case .chunksByTimeOrCount(let ticks, let count): "chunksByTimeOrCount:\(ticks):\(count)"
    case .timer(let ticks): "timer:\(ticks)"
    case .withLatestFrom: "withLatestFrom"
    case .prefixUntil: "prefixUntil"
    case .timeout(let ticks): "timeout:\(ticks)"
    case .delay(let ticks): "delay:\(ticks)"
    case .retry(let attempts, let backoff):
      "retry:\(attempts)" + (backoff.map { ":backoff=\($0)" } ?? "")
    }
  }

  var description: String {
    "\(operatorSpelling) " + marbles.map { "\"\($0)\"" }.joined(separator: " ")
  }

  init(seed: UInt64, operation: MarbleOperator, inputs: [[[MarbleEvent]]]) {
    self.seed = seed
    self.operation = operation
    self.inputs = inputs
  }

  /// Makes the case of `seed`.
  init(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    self.seed = seed
    switch Family.draw(&random) {
    case .debounce:
      let interval = random.chance(10) ? 0 : random.int(in: 1...4)
      operation = .debounce(ticks: interval)
      inputs = [Self.input(&random, length: random.int(in: 1...16), alphabet: "abcd")]
    case .throttle:
      let interval = random.chance(10) ? 0 : random.int(in: 1...4)
      operation = .throttle(ticks: interval, latest: random.chance(50))
      inputs = [Self.input(&random, length: random.int(in: 1...16), alphabet: "abcd")]
    case .mapLatest:
      let duration = random.chance(15) ? 0 : random.int(in: 1...4)
      operation = .mapLatest(ticks: duration)
      inputs = [Self.input(&random, length: random.int(in: 1...16), alphabet: "abcd")]
    case .chunks:
      let ticks = random.int(in: 1...4)
      let count = random.int(in: 1...4)
      operation =
        [
          .chunks(count: count), .chunksByTime(ticks: ticks),
          .chunksByTimeOrCount(ticks: ticks, count: count), .timer(ticks: ticks),
        ][random.int(in: 0...3)]
      inputs = [Self.input(&random, length: random.int(in: 1...16), alphabet: "abcd")]
    case .removeDuplicates:
      operation = .removeDuplicates
      inputs = [Self.input(&random, length: random.int(in: 1...12), alphabet: "ab", quoted: "ab")]
    case .combineLatest:
      operation = .combineLatest
      let arity = Self.combineLatestArity(&random)
      inputs = (0..<arity).map { index in
        let letters = String("abcdefghijklmnopqrstuvwxyz".dropFirst(index * 3).prefix(3))
        var input = Self.input(&random, length: random.int(in: 1...8), alphabet: letters)
        // A base that never produces: the combineLatest difference lives there.
        if random.chance(15) { input = input.map { $0.filter(\.isTerminal) } }
        return input
      }
    case .share:
      let first = random.int(in: 0...3)
      let length = random.int(in: first + 1...first + 10)
      let later = (0..<random.int(in: 0...3)).map { _ in random.int(in: first...length + 2) }
      var consumers = [first] + later
      consumers.shuffle(using: &random)
      operation = .share(
        consumers: consumers, replay: random.chance(50) ? 0 : random.int(in: 1...2))
      // Quiet until the first consumer: a cold test source and a hot subject differ before it.
      inputs = [Self.input(&random, length: length, alphabet: "abc", quietTicks: first)]
    }
  }

  /// Mostly 2, 3 and 4 bases; one case in six has 5 to 8.
  private static func combineLatestArity(_ random: inout SeededRandom) -> Int {
    switch random.int(in: 0...5) {
    case 0, 1: 2
    case 2: 3
    case 3, 4: 4
    default: random.int(in: 5...CombineLatestArity.maximum)
    }
  }

  /// One input: `length` ticks, each quiet, one element or a group of two or three; then a
  /// finish (55 %), a failure (20 %) or nothing, in a tick of its own or in the last one.
  private static func input(
    _ random: inout SeededRandom, length: Int, alphabet: String, quoted: String? = nil,
    quietTicks: Int = 0
  ) -> [[MarbleEvent]] {
    var values = alphabet.map { String($0) }
    if let quoted { values.append(quoted) }
    var ticks: [[MarbleEvent]] = (0..<length).map { tick in
      guard tick >= quietTicks else { return [] }
      let roll = random.int(in: 0...99)
      let count = roll < 45 ? 0 : roll < 90 ? 1 : random.int(in: 2...3)
      return (0..<count).map { _ in .value(values[random.int(in: 0...values.count - 1)]) }
    }
    let roll = random.int(in: 0...99)
    guard roll < 75 else { return ticks }
    let terminal: MarbleEvent = roll < 55 ? .finish : .failure
    if !ticks.isEmpty, ticks.count > quietTicks, random.chance(25) {
      ticks[ticks.count - 1].append(terminal)
    } else {
      ticks.append([terminal])
    }
    return ticks
  }
}
