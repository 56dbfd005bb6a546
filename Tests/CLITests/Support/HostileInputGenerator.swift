import BrewSearch
import Foundation
import TestSupport

/// The hostile cases' vocabulary on the shared seeded generator: the same seed and case index
/// always give the same case.
extension SeededRandom {
  init(seed: UInt64, index: Int) {
    self.init(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
    _ = next()
  }

  mutating func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &self) == 0 }
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
  mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &self)! }
}

/// One generated run of `brew-search`: arguments, the files of its folder, standard input.
struct HostileCase: Sendable {
  enum Kind: String, CaseIterable, Sendable {
    case randomBytesData, mutatedData, randomBytesScript, mutatedScript, pipedSearch
    case marbles, arguments, hugeLines
  }

  var kind: Kind
  var index: Int
  var arguments: [String] = []
  var files: [String: [UInt8]] = [:]
  var stdin: [UInt8] = []
}

/// Generates malformed inputs for the `brew-search` executable, each case from its own seed.
enum HostileInputGenerator {
  /// The kind of case `index`: one in 250 has multi-megabyte lines (they cost ~0.3 s each); the
  /// others cycle through the remaining kinds.
  static func kind(of index: Int) -> HostileCase.Kind {
    if index % 250 == 249 { return .hugeLines }
    let cheap = HostileCase.Kind.allCases.filter { $0 != .hugeLines }
    return cheap[index % cheap.count]
  }

  static func makeCase(seed: UInt64, index: Int) -> HostileCase {
    var random = SeededRandom(seed: seed, index: index)
    var hostile = HostileCase(kind: kind(of: index), index: index)
    switch hostile.kind {
    case .randomBytesData:
      hostile.files["data.json"] = randomBytes(&random, count: random.int(0...4096))
      useDataFile(&hostile, &random)
    case .mutatedData:
      hostile.files["data.json"] = mutate(random.pick(validData), &random)
      useDataFile(&hostile, &random)
    case .randomBytesScript:
      hostile.files["s.txt"] = randomBytes(&random, count: random.int(0...2048))
      hostile.arguments = ["replay", "s.txt"] + replayOptions(&random)
    case .mutatedScript:
      hostile.files["s.txt"] = scriptBytes(&random, timed: true)
      if random.chance(4) { hostile.files["b.json"] = mutate(random.pick(validData), &random) }
      hostile.arguments = ["replay", "s.txt"] + replayOptions(&random)
    case .pipedSearch:
      hostile.stdin = scriptBytes(&random, timed: false)
      if random.chance(4) { hostile.files["b.json"] = mutate(random.pick(validData), &random) }
      hostile.arguments = searchOptions(&random)
    case .marbles:
      hostile.arguments = marblesArguments(&random)
    case .arguments:
      hostile.arguments = optionSoup(&random)
    case .hugeLines:
      makeHugeLines(&hostile, &random)
    }
    return hostile
  }

  // MARK: - Data files

  /// Valid data files to mutate: the sample history and generated histories.
  static let validData: [[UInt8]] = [
    encoded(Brew.sampleHistory),
    encoded(BrewGenerator(seed: 3, nonASCIIOneIn: 4).brews(count: 30)),
    encoded(Array(Brew.sampleHistory.prefix(2))),
    encoded(controlCharacterBrews),
  ]

  /// The data file of brews whose dates are all writable (every brew made here).
  static func encoded(_ brews: [Brew]) -> [UInt8] {
    do {
      return Array(try BrewDataFile.encode(brews))
    } catch {
      preconditionFailure("\(error)")
    }
  }

  /// Brews whose id and notes hold control characters, NUL included, some at the very end (where
  /// a needle ending in NUL would trap Foundation's comparison).
  static let controlCharacterBrews: [Brew] = Brew.sampleHistory.prefix(6).enumerated().map {
    offset, brew in
    var brew = brew
    let control = controlCharacters[offset % controlCharacters.count]
    brew.id += control
    brew.notes = offset % 2 == 0 ? brew.notes + control : control + "café" + brew.notes
    return brew
  }

  /// Control characters for every field: NUL (most often), C0, DEL, C1, and a lone CR.
  static let controlCharacters = [
    "\u{0}", "\u{0}", "\u{0}", "\u{1}", "\u{7}", "\u{8}", "\u{B}", "\u{C}", "\u{1B}", "\u{1F}",
    "\u{7F}", "\u{85}", "\u{9F}", "\r", "\t",
  ]

  /// Inserts a control character into one of `words` at a random place (NUL is the likeliest).
  static func insertControlCharacter(into words: inout [String], _ random: inout SeededRandom) {
    guard !words.isEmpty else { return }
    let word = random.int(0...words.count - 1)
    var characters = Array(words[word])
    characters.insert(
      contentsOf: random.pick(controlCharacters), at: random.int(0...characters.count))
    words[word] = String(characters)
  }

  /// Runs the data file as `--data` of the piped search or of a replay, or as a script's source.
  private static func useDataFile(_ hostile: inout HostileCase, _ random: inout SeededRandom) {
    switch random.int(0...3) {
    case 0:
      hostile.arguments = ["--data", "data.json"] + searchOptions(&random)
      hostile.stdin = Array(
        random.pick(["text a\nrating 3\n", "text jam.\u{0}\ntext é\u{0}\nrating 3\n"]).utf8)
    case 1:
      hostile.files["s.txt"] = Array(
        random.pick(["at 0 text e\nat 400 method any\n", "at 0 text é\u{0}\nat 400 text \u{0}\n"])
          .utf8)
      hostile.arguments = ["replay", "s.txt", "--data", "data.json"] + replayOptions(&random)
    case 2:
      hostile.files["s.txt"] = Array("at 0 text e\nat 10 source data.json\n".utf8)
      hostile.arguments = ["replay", "s.txt"] + replayOptions(&random)
    default:
      hostile.arguments = searchOptions(&random)
      hostile.stdin = Array("text o\nsource data.json\ntext p\n".utf8)
    }
  }

  static func randomBytes(_ random: inout SeededRandom, count: Int) -> [UInt8] {
    let jsonish = Array(#"[]{}",:0123456789-+.eE truefalsnul\/u"#.utf8) + [0x0A, 0x09, 0x00]
    let biased = random.chance(2)
    return (0..<count).map { _ in
      biased && !random.chance(8) ? random.pick(jsonish) : UInt8.random(in: 0...255, using: &random)
    }
  }

  /// Hostile fragments to splice in anywhere.
  static func hostileToken(_ random: inout SeededRandom) -> [UInt8] {
    let depth = random.pick([2, 600, 5_000, 100_000])
    switch random.int(0...13) {
    case 0: return Array(repeating: UInt8(ascii: "["), count: depth)
    case 1: return Array(String(repeating: #"{"k":"#, count: depth).utf8)
    case 2:
      return Array(repeating: UInt8(ascii: "["), count: depth)
        + Array(repeating: UInt8(ascii: "]"), count: depth)
    case 3: return Array(String(repeating: "9", count: random.pick([20, 400, 100_000])).utf8)
    case 4:
      return Array(
        random.pick([
          "1e999999999", "-0.0e-99999", "99999999999999999999", "-9223372036854775809",
          "4.0", "1E1", "-", "01", "1.", ".5", "NaN", "Infinity", "0x10",
        ]).utf8)
    case 5: return random.pick(invalidUTF8)
    case 6: return Array(repeating: 0, count: random.int(1...8))
    case 7:
      let length = random.pick([1_000, 100_000, 1_500_000])
      return [0x22] + Array(repeating: UInt8(ascii: "x"), count: length) + [0x22]
    case 8:
      return Array(
        random.pick([
          #"\u"#, #"\uD800"#, #"\uDC00\uD800"#, #"\x"#, #"\u00"#, #"\uD83D\uDE00"#, #"\u0000"#,
          #"\"#,
        ]).utf8)
    case 9: return [0xEF, 0xBB, 0xBF]
    case 10: return Array(random.pick(["true", "null", "nul", "fals", "[]", "{}", "\"\""]).utf8)
    case 11: return Array(random.pick([",", ":", "]", "}", "\"", "[", "{", "\n", " "]).utf8)
    case 12:
      return Array(
        random.pick([
          #""rating": 4.0"#, #""rating": -1"#, #""rating": "4""#, #""id": null"#,
          #""method": "siphon""#, #""date": "2024-02-30T25:61:61Z""#, #""notes": []"#,
          #""id": "sample-01""#, #""date": "0000-01-01T00:00:00Z""#,
        ]).utf8)
    default: return Array(String(repeating: " ", count: random.int(1...40)).utf8)
    }
  }

  static let invalidUTF8: [[UInt8]] = [
    [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
    [0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFE, 0xFF], [0xC3],
  ]

  /// Applies one to six byte-level mutations: flips, inserts, deletions, truncation,
  /// duplication and hostile fragments.
  static func mutate(_ original: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
    var bytes = original
    for _ in 0..<random.int(1...6) {
      let position = bytes.isEmpty ? 0 : random.int(0...bytes.count - 1)
      switch random.int(0...7) {
      case 7: replaceValue(in: &bytes, &random)
      case 0 where !bytes.isEmpty: bytes[position] ^= UInt8(1) << random.int(0...7)
      case 1 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &random)
      case 2:
        bytes.insert(contentsOf: randomBytes(&random, count: random.int(1...16)), at: position)
      case 3 where !bytes.isEmpty:
        bytes.removeSubrange(position..<min(bytes.count, position + random.int(1...64)))
      case 4: bytes.removeSubrange(position...)
      case 5 where !bytes.isEmpty:
        let end = min(bytes.count, position + random.int(1...200))
        bytes.insert(contentsOf: bytes[position..<end], at: random.int(0...bytes.count))
      default: bytes.insert(contentsOf: hostileToken(&random), at: position)
      }
    }
    return bytes
  }

  /// Replaces the value after a random colon (up to the next `,` or `}`) with a hostile
  /// fragment, so that deep nesting or odd numbers land where the reader parses a value.
  private static func replaceValue(in bytes: inout [UInt8], _ random: inout SeededRandom) {
    let colons = bytes.indices.filter { bytes[$0] == UInt8(ascii: ":") }
    guard let colon = colons.randomElement(using: &random) else { return }
    let end =
      bytes[(colon + 1)...].firstIndex { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") }
      ?? bytes.count
    bytes.replaceSubrange((colon + 1)..<end, with: hostileToken(&random))
  }

  // MARK: - Scripts and piped events

  /// A script (timed) or piped input (untimed) of valid lines; half the time one line is
  /// mutated by words, and a third of the time the whole is mutated by bytes.
  static func scriptBytes(_ random: inout SeededRandom, timed: Bool) -> [UInt8] {
    var time = 0
    var lines: [[String]] = []
    for _ in 0..<random.int(0...12) {
      time += random.pick([0, 0, 5, 100, 301, 1_000])
      var words = (timed ? ["at", String(time)] : []) + eventWords(&random)
      // Control characters, NUL included, in any field: keyword, time, argument.
      if random.chance(4) { insertControlCharacter(into: &words, &random) }
      lines.append(words)
    }
    if !lines.isEmpty, random.chance(2) {
      let line = random.int(0...lines.count - 1)
      lines[line][random.int(0...lines[line].count - 1)] = random.pick(hostileWords)
      if random.chance(4) { lines[line].shuffle(using: &random) }
    }
    var text = lines.map { $0.joined(separator: random.chance(10) ? "  " : " ") }
    if random.chance(10) { text.append(random.pick(["# comment", "", "   ", "\r"])) }
    let bytes = Array(text.joined(separator: random.chance(10) ? "\r\n" : "\n").utf8)
    return random.chance(3) ? mutate(bytes, &random) : bytes
  }

  private static func eventWords(_ random: inout SeededRandom) -> [String] {
    switch random.int(0...5) {
    case 0, 1:
      return [
        "text",
        random.pick([
          "b", "bright", "", "café", "a b", "ETHIOPIA", "é", "jam.\u{0}", "é\u{0}", "\u{0}",
          "r\u{0}\u{0}", "a\u{0}b", "\u{1}\u{0}", "é\u{7F}", "\u{85}",
        ]),
      ]
    case 2: return ["method", random.pick(BrewMethod.allCases.map(\.rawValue) + ["any"])]
    case 3: return ["rating", String(random.int(0...5))]
    case 4: return ["source", random.pick(["sample", "b.json", "missing.json", "."])]
    default: return [random.pick(["text", "method", "rating", "source", "at"])]
    }
  }

  static let hostileWords = [
    "-1", "99999999999999999999", "9223372036854775807", "3600000", "1e3", "0x10", "", "٣",
    "+5", "siphon", "ANY", "text\u{0}", "\u{FEFF}text", "rating", "at", "6", "source", "\u{FFFD}",
    "jam.\u{0}", "\u{0}", "3\u{0}", "any\u{0}", "sample\u{0}", "\u{1B}[2J", "\u{7F}", "\u{9F}",
    String(repeating: "z", count: 5_000), "/", "..",
  ]

  static func replayOptions(_ random: inout SeededRandom) -> [String] {
    var options: [String] = []
    if random.chance(2) {
      options += ["--engine", random.pick(["pull", "push", "both", "both", "all", ""])]
    }
    if random.chance(2) {
      options += ["--debounce", random.pick(["0", "1", "300", "600000", "600001", "-1", "x"])]
    }
    if random.chance(3) { options.append("--json") }
    if random.chance(10) { options += ["--generate", String(random.int(0...300))] }
    return options
  }

  /// Options of the piped search; the debounce is real time there, so it stays short.
  static func searchOptions(_ random: inout SeededRandom) -> [String] {
    var options = ["--debounce", random.pick(["0", "0", "1", "5"])]
    if random.chance(2) { options += ["--engine", random.pick(["pull", "push"])] }
    if random.chance(3) { options.append("--json") }
    return options
  }

  // MARK: - Huge lines

  private static func makeHugeLines(_ hostile: inout HostileCase, _ random: inout SeededRandom) {
    let size = random.int(2_000_000...5_000_000)
    var line = randomBytes(&random, count: 4_096)
    while line.count < size { line += line }
    line = line.filter { $0 != 0x0A }
    switch (hostile.index / 250) % 4 {
    case 0:
      hostile.stdin = Array("text ".utf8) + line + Array("\nmethod any\n".utf8)
      hostile.arguments = searchOptions(&random)
    case 1:
      hostile.files["s.txt"] = Array("at 0 text ".utf8) + line + [0x0A]
      hostile.arguments = ["replay", "s.txt"] + replayOptions(&random)
    case 2:
      let notes = String(repeating: "long notes ", count: size / 11)
      let brew = Brew(
        id: "huge", date: Date(timeIntervalSince1970: 0), method: .filter, rating: 3,
        notes: notes)
      hostile.files["data.json"] = encoded([brew])
      hostile.stdin = Array("text notes\n".utf8)
      hostile.arguments = ["--data", "data.json"] + searchOptions(&random)
    default:
      hostile.files["data.json"] = line
      hostile.stdin = Array("text a\n".utf8)
      hostile.arguments = ["--data", "data.json"] + searchOptions(&random)
    }
  }
}

// MARK: - Marbles and option soup

extension HostileInputGenerator {
  /// `marbles` with a valid or mutated operator and zero to nine valid or mutated marbles.
  static func marblesArguments(_ random: inout SeededRandom) -> [String] {
    var arguments = ["marbles"]
    if random.chance(3) { arguments += ["--engine", random.pick(["pull", "push", "both", "x"])] }
    arguments.append(marbleOperator(&random))
    let count = random.chance(5) ? random.int(0...9) : random.int(1...3)
    if random.chance(2) { arguments.append("--") }
    for _ in 0..<count {
      let marble = random.chance(50) ? hugeMarble(&random) : marble(&random)
      arguments.append(random.chance(4) ? mutateText(marble, &random) : marble)
    }
    return arguments
  }

  private static func marbleOperator(_ random: inout SeededRandom) -> String {
    let number = {
      (random: inout SeededRandom) in
      random.chance(3)
        ? random.pick([
          "99999999999999999999", "9223372036854775807", "100000", "100001", "-1", "", "x",
          "1.5", "٣", "+2",
        ]) : String(random.int(0...12))
    }
    let ticks = (0..<random.int(0...4)).map { _ in number(&random) }.joined(separator: ",")
    let valid = [
      "debounce:" + number(&random), "combineLatest", "removeDuplicates", "share:" + ticks,
      "share:\(ticks):replay=\(number(&random))",
    ]
    let chosen = random.pick(valid)
    return random.chance(6)
      ? random.pick([mutateText(chosen, &random), "zip", "", "debounce", "share", "share::"])
      : chosen
  }

  /// A marble from the notation's grammar (sometimes breaking it).
  static func marble(_ random: inout SeededRandom) -> String {
    let pieces = [
      "-", "-", "-", "a", "b", "1", "|", "^", "[ab]", "[a|]", "'xy'", " ", "[", "]", "'", "[[a]]",
      "é", "🙂", "[]", "''", "|a", "\u{FFFD}",
    ]
    return (0..<random.int(0...24)).map { _ in random.pick(pieces) }.joined()
  }

  /// A marble of 10,000 to 100,000 ticks (an argument may be at most 128 KiB on Linux), mostly
  /// silence: a dense one costs ~25 µs per element and engine in a debug build.
  private static func hugeMarble(_ random: inout SeededRandom) -> String {
    let length = random.int(10_000...100_000)
    let body =
      random.chance(4)
      ? String(repeating: "ab", count: length / 20) : String(repeating: "-", count: length)
    return "a" + body + "|"
  }

  /// Replaces, inserts or deletes a few characters (never NUL: it cannot be in an argument).
  static func mutateText(_ text: String, _ random: inout SeededRandom) -> String {
    var scalars = Array(text.unicodeScalars)
    for _ in 0..<random.int(1...3) {
      let position = random.int(0...scalars.count)
      let scalar = random.pick(Array("-|^[]'ab:,=0123456789\u{FFFD}é\u{7F}\n\t ".unicodeScalars))
      switch random.int(0...2) {
      case 0: scalars.insert(scalar, at: position)
      case 1 where position < scalars.count: scalars[position] = scalar
      default: if position < scalars.count { scalars.remove(at: position) }
      }
    }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
  }

  /// A command (or none, or an unknown one) followed by known and unknown options with hostile
  /// values and stray positionals.
  static func optionSoup(_ random: inout SeededRandom) -> [String] {
    var arguments: [String] = []
    let command = random.pick(["search", "replay", "marbles", "generate", "", "help", "brew"])
    if !command.isEmpty { arguments.append(command) }
    let options = [
      "--data", "--generate", "--seed", "--debounce", "--engine", "--json", "--help", "-h", "--",
      "-", "--fast", "--data=", "--json=1", "--engine=both", "--debounce=", "-x", "---",
    ]
    let values = [
      "0", "1", "2000", "-1", "99999999999999999999", "9223372036854775807",
      "18446744073709551616", "", " ", "x", "nope.json", ".", "/", "pull", "push", "both",
      "debounce:1", "a|", "s.txt", "\u{FFFD}", "1e3", "0x10", String(repeating: "9", count: 400),
    ]
    for _ in 0..<random.int(0...6) {
      arguments.append(random.chance(2) ? random.pick(options) : random.pick(values))
    }
    if command == "generate", random.chance(2) {
      arguments.insert(random.chance(2) ? String(random.int(0...500)) : random.pick(values), at: 1)
    }
    return arguments
  }
}
