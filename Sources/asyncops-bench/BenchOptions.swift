/// The parsed command line: `asyncops-bench [CASE...] [--json] [--quick]`.
struct BenchOptions {
  /// A command line the benchmark cannot run; the message names what was wrong.
  struct UsageError: Error {
    /// Printed on stderr before the exit with status 2.
    let message: String
  }

  /// The cases to run, in the order given (all registered cases when none are named).
  var cases: [BenchCase] = BenchCase.registry
  /// Print one JSON object per line instead of the table.
  var json = false
  /// Smoke run: each case's `quickSize` and at most ``quickRepetitions`` repetitions.
  var quick = false
  /// Print the help text and exit.
  var help = false

  /// Repetitions under `--quick`.
  static let quickRepetitions = 2

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions {
    var options = BenchOptions()
    var named: [BenchCase] = []
    var unknownCases: [String] = []
    for argument in arguments {
      switch argument {
      case "--json": options.json = true
      case "--quick": options.quick = true
      case "--help", "-h": options.help = true
      case _ where argument.hasPrefix("-"):
        throw UsageError(message: "unknown option '\(argument)' (see --help)")
      default:
        if let found = BenchCase.named(argument) {
          if !named.contains(where: { $0.name == found.name }) { named.append(found) }
        } else {
          unknownCases.append(argument)
        }
      }
    }
    guard unknownCases.isEmpty else {
      let list = unknownCases.map { "'\($0)'" }.joined(separator: ", ")
      let known = BenchCase.registry.map(\.name).joined(separator: ", ")
      throw UsageError(
        message: "unknown case\(unknownCases.count == 1 ? "" : "s") \(list); known cases: \(known)")
    }
    if !named.isEmpty { options.cases = named }
    return options
  }

  /// The cases to measure: the selection, with `floor` first so every ratio has its denominator
  /// from the same run.
  var plannedCases: [BenchCase] {
    guard let floor = BenchCase.named(BenchCase.floorName) else { return cases }
    return [floor] + cases.filter { $0.name != BenchCase.floorName }
  }

  /// The text printed by `--help`.
  static func helpText(memoryMethod: PeakMemoryProbe.Mode) -> String {
    let width = BenchCase.registry.map(\.name.count).max() ?? 0
    let caseLines = BenchCase.registry.map { benchCase in
      let name = benchCase.name.padding(to: width)
      let size = NumberFormatting.grouped(benchCase.size)
      let quickSize = NumberFormatting.grouped(benchCase.quickSize)
      let indent = String(repeating: " ", count: width + 4)
      return "  \(name)  N=\(size) (quick \(quickSize)), \(benchCase.repetitions) repetitions\n"
        + "\(indent)\(benchCase.summary)"
    }
    return """
      usage: swift run -c release asyncops-bench [CASE...] [--json] [--quick]

      Runs each case (all of them when none is named): one warm-up, then several timed
      repetitions; reports the median ns/element, elements/s, the ratio to the `floor` case
      (always measured in the same run, first), and peak memory.

      options:
        --json    one JSON object per line per case: {"case", "nsPerElement", "ratioToFloor",
                  "peakMemoryBytes", "elements", "elementsPerSecond", "repetitions", ...}
        --quick   small N and \(quickRepetitions) repetitions: a smoke run, numbers not meaningful
        --help    this text

      peak memory: \(memoryMethod.rawValue).

      cases:
      \(caseLines.joined(separator: "\n"))
      """
  }
}

extension String {
  /// `self` padded with spaces on the right to `width` characters.
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  /// `self` padded with spaces on the left to `width` characters.
  func leftPadding(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
