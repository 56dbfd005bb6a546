import BrewSearch
import BrewSearchReplay
import Testing

/// Both designs, driven by the same timed inputs, emit the same timeline: every filter pass with
/// the same results at the same instant, every change of the recent searches likewise.
@Suite struct PullPushAgreementTests {
  /// A scripted scenario, written in the `replay` script format.
  struct Scenario: CustomTestStringConvertible, Sendable {
    var name: String
    var script: String
    var testDescription: String { name }
  }

  static let scenarios: [Scenario] = [
    Scenario(name: "nothing happens: one initial pass", script: ""),
    Scenario(name: "one word typed slowly", script: "at 0 text c\nat 400 text ci\nat 800 text cit"),
    Scenario(
      name: "a burst, then a pause, then another burst",
      script: "at 0 text k\nat 80 text ke\nat 160 text ken\nat 900 text kenya\nat 950 text kenyan"),
    Scenario(
      name: "typing then deleting back to empty",
      script: "at 0 text a\nat 50 text\nat 500 text x\nat 810 text"),
    Scenario(
      name: "the same term twice is one recent entry",
      script: "at 0 text floral\nat 400 text flora\nat 800 text floral"),
    Scenario(name: "a method filter alone", script: "at 100 method espresso"),
    Scenario(
      name: "a method and back to any", script: "at 100 method aeroPress\nat 200 method any"),
    Scenario(
      name: "minimum rating steps up",
      script: "at 0 rating 1\nat 10 rating 2\nat 20 rating 3\nat 700 rating 5"),
    Scenario(
      name: "rating and method at the same instant", script: "at 50 method pourOver\nat 50 rating 4"
    ),
    Scenario(
      name: "text and method at the same instant", script: "at 50 text bright\nat 50 method filter"),
    Scenario(name: "source replaced before the first pass", script: "at 100 source sample"),
    Scenario(
      name: "source replaced after searching", script: "at 0 text choc\nat 600 source sample"),
    Scenario(
      name: "a change exactly at the debounce deadline", script: "at 0 text a\nat 300 text ab"),
    Scenario(
      name: "a change one millisecond before the deadline", script: "at 0 text a\nat 299 text ab"),
    Scenario(
      name: "a change one millisecond after the deadline", script: "at 0 text a\nat 301 text ab"),
    Scenario(
      name: "upper and lower case are the same recent term",
      script: "at 0 text Citrus\nat 500 text citrus"),
    Scenario(
      name: "more than ten terms keep only the newest ten",
      script: (0..<12).map { "at \($0 * 400) text term\($0)" }.joined(separator: "\n")),
    Scenario(name: "a method label as the search text", script: "at 0 text pour over"),
    Scenario(name: "a term that matches nothing", script: "at 0 text xylophone\nat 350 rating 5"),
    Scenario(
      name: "everything at once, repeatedly",
      script: """
        at 0 text g
        at 0 method espresso
        at 0 rating 2
        at 120 text gu
        at 120 method any
        at 500 text guji
        at 500 rating 4
        at 900 source sample
        at 1300 text
        """),
  ]

  @Test(arguments: scenarios)
  func bothDesignsEmitTheSameTimeline(scenario: Scenario) async throws {
    let script = try SearchScript(parsing: scenario.script, name: scenario.name)
    let inputs = script.lines.map { line in
      TimedSearchInput(time: line.time, input: Self.input(line.command))
    }
    let pull = try await SearchEngineKind.pull.replay(inputs, source: Brew.sampleHistory)
    let push = try await SearchEngineKind.push.replay(inputs, source: Brew.sampleHistory)
    #expect(pull.filterPasses > 0)
    #expect(pull == push, "\(pull.firstDifference(from: push) ?? "")")
  }

  @Test func randomScriptsGiveTheSameTimelineInBothDesigns() async throws {
    // Each replay has its own virtual-time driver, so seeds run in parallel, four lanes at once.
    let lanes: UInt64 = 4
    let mismatches = try await withThrowingTaskGroup(of: [String].self) { group in
      for lane in 0..<lanes {
        group.addTask {
          var mismatches: [String] = []
          for seed in stride(from: 1 + lane, through: 1_000, by: Int(lanes)) {
            if let mismatch = try await Self.mismatch(seed: seed) { mismatches.append(mismatch) }
          }
          return mismatches
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(3).joined(separator: "\n"))")
  }

  @Test func aZeroDebounceGivesTheSameTimelineInBothDesigns() async throws {
    // Each input is searched at its own instant: a first pass at 0 ms, with no input at all.
    var mismatches: [String] = []
    for seed in 1...UInt64(100) {
      if let mismatch = try await Self.mismatch(seed: seed, debounce: .zero) {
        mismatches.append(mismatch)
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(3).joined(separator: "\n"))")
    let idle = try await SearchEngineKind.pull.replay(
      [], source: Brew.sampleHistory, debounce: .zero)
    #expect(idle.results.map(\.time) == [.zero])
  }

  /// Replays the random script of `seed` on both designs; a description when they disagree.
  private static func mismatch(
    seed: UInt64, debounce: Duration = .milliseconds(50)
  ) async throws -> String? {
    let script = RandomSearchScript.make(seed: seed)
    let pull = try await SearchEngineKind.pull.replay(
      script, source: Brew.sampleHistory, debounce: debounce)
    let push = try await SearchEngineKind.push.replay(
      script, source: Brew.sampleHistory, debounce: debounce)
    guard pull != push else { return nil }
    return """
      seed \(seed): \(pull.firstDifference(from: push) ?? "")
      script: \(script.map { "\($0.time) \($0.input)" }.joined(separator: "; "))
      """
  }

  static func input(_ command: SearchScriptCommand) -> SearchInput {
    switch command {
    case .text(let text): .text(text)
    case .method(let method): .method(method)
    case .rating(let rating): .rating(rating)
    case .source: .source(Brew.sampleHistory)
    }
  }
}

/// Seeded random scripts: typing bursts, pauses, filter changes and source updates.
enum RandomSearchScript {
  private static let words = ["jasmine", "choc", "bright", "kenya", "pour", "guji", "cafe", "ber"]

  static func make(seed: UInt64) -> [TimedSearchInput] {
    var random = SplitMix64(seed: seed)
    var time = 0
    var text = ""
    var inputs: [TimedSearchInput] = []
    for _ in 0..<(3 + random.next(below: 12)) {
      // Mostly short gaps (a burst), sometimes a pause longer than the debounce, sometimes none.
      time += random.pick([0, 0, 5, 10, 20, 30, 49, 50, 51, 120, 400])
      let input: SearchInput
      switch random.next(below: 10) {
      case 0...5:
        if text.isEmpty || random.chance(2, in: 3) {
          let word = random.pick(words)
          text = String(word.prefix(text.count + 1))
        } else {
          text.removeLast()
        }
        input = .text(text)
      case 6: input = .method(random.pick([nil] + BrewMethod.allCases.map { $0 }))
      case 7, 8: input = .rating(random.next(below: 6))
      default:
        let count = random.next(below: Brew.sampleHistory.count + 1)
        input = .source(Array(Brew.sampleHistory.prefix(count)))
      }
      inputs.append(TimedSearchInput(time: .milliseconds(time), input: input))
    }
    return inputs
  }
}
