/// The parsed command line: `asyncops-bench [CASE...] [--json] [--quick] [--repetitions N]`, or
/// `asyncops-bench --compare BASE.json NEW.json`.
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
  /// `--repetitions N`: every case runs `N` timed repetitions.
  var repetitions: Int?
  /// `--compare BASE NEW`: compare two `--json` outputs instead of measuring.
  var compare: (base: String, new: String)?
  /// `--svg FILE`: also draw the run as a chart (see ``BenchChart``).
  var svg: String?
  /// `--from RUN.json` (with `--svg`): draw that saved run instead of measuring.
  var chartSource: String?
  /// `--modes`: measure every case pinned to one core and free on all cores (one child process
  /// per mode) and judge the targets in the worse mode.
  var modes = false
  /// `--mode pinned|free`: run in that scheduling mode (what `--modes` passes to its children).
  var mode: SchedulingMode?
  /// `--one-by-one`: every case measured on its own, an operator case after its floor, instead
  /// of the two alternated (for tools that attribute time by each case's output line).
  var oneByOne = false
  /// `--modes-report RUN.json...`: the markdown met/missed table of saved `--modes --json` runs.
  var modesReport: [String] = []

  /// Repetitions under `--quick`.
  static let quickRepetitions = 3

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions {
    var options = BenchOptions()
    var named: [BenchCase] = []
    var unknownCases: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--json": options.json = true
      case "--quick": options.quick = true
      case "--one-by-one": options.oneByOne = true
      case "--help", "-h": options.help = true
      case "--repetitions":
        guard let text = remaining.popFirst(), let count = Int(text), (1...1_000).contains(count)
        else {
          throw UsageError(message: "--repetitions needs a whole number from 1 to 1000")
        }
        options.repetitions = count
      case "--compare":
        guard remaining.count >= 2, let base = remaining.popFirst(), let new = remaining.popFirst()
        else {
          throw UsageError(message: "--compare needs two files: --compare BASE.json NEW.json")
        }
        options.compare = (base, new)
      case "--modes": options.modes = true
      case "--mode":
        guard let name = remaining.popFirst(), let mode = SchedulingMode(rawValue: name) else {
          throw UsageError(message: "--mode needs pinned or free")
        }
        options.mode = mode
      case "--modes-report":
        options.modesReport = Array(remaining)
        remaining = []
        guard !options.modesReport.isEmpty,
          !options.modesReport.contains(where: { $0.hasPrefix("-") })
        else {
          throw UsageError(
            message: "--modes-report needs one or more RUN.json files, and nothing after them")
        }
      case "--svg", "--from":
        guard let path = remaining.popFirst(), !path.isEmpty, !path.hasPrefix("--") else {
          throw UsageError(message: "\(argument) needs a file name")
        }
        if argument == "--svg" { options.svg = path } else { options.chartSource = path }
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
    if options.compare != nil && (!named.isEmpty || options.json || options.quick) {
      throw UsageError(message: "--compare takes only its two files (no cases, --json or --quick)")
    }
    if options.chartSource != nil
      && (options.svg == nil || !named.isEmpty || options.json || options.quick
        || options.compare != nil || options.repetitions != nil)
    {
      throw UsageError(message: "--from RUN.json draws a saved run: it takes only --svg FILE")
    }
    if !options.modesReport.isEmpty
      && (!named.isEmpty || options.json || options.quick || options.modes || options.mode != nil
        || options.compare != nil || options.svg != nil || options.repetitions != nil)
    {
      throw UsageError(message: "--modes-report takes only its RUN.json files (put it last)")
    }
    if options.modes && (options.mode != nil || options.compare != nil || options.svg != nil) {
      throw UsageError(message: "--modes measures both modes itself: no --mode, --compare or --svg")
    }
    if options.svg != nil && options.compare != nil {
      throw UsageError(message: "--svg draws a run: use --svg FILE --from RUN.json, not --compare")
    }
    return options
  }

  /// The cases to measure: the selection, with the floors (`handoff`, `floor`) first so every
  /// ratio has its denominators from the same run, and each operator case's (and control's) shape
  /// floor (`floor-X`) just before it, so the two are measured together.
  ///
  /// A shape floor named in the selection goes there too, wherever it is named: measured on its
  /// own, minutes before or after its operator, a floor and its operator could each sit in a
  /// different one of the machine's speed states, and the ratio would say nothing about the
  /// operator (a selection sorted by name names most floors far from their operators).
  var plannedCases: [BenchCase] {
    let selectedNames = cases.map(\.name)
    let pairedFloorNames = Set(
      selectedNames.filter(BenchCase.pairedCaseNames.contains).map(ShapeFloors.floorName(of:)))
    var planned = BenchCase.floorNames.compactMap(BenchCase.named)
    var names = Set(BenchCase.floorNames)
    for benchCase in cases where !names.contains(benchCase.name) {
      // Planned with its operator instead, below.
      if pairedFloorNames.contains(benchCase.name) { continue }
      if BenchCase.pairedCaseNames.contains(benchCase.name),
        let floor = BenchCase.named(ShapeFloors.floorName(of: benchCase.name)),
        !names.contains(floor.name)
      {
        planned.append(floor)
        names.insert(floor.name)
      }
      planned.append(benchCase)
      names.insert(benchCase.name)
    }
    precondition(
      names.isSuperset(of: selectedNames), "asyncops-bench: a selected case was not planned")
    return planned
  }

  /// The arguments of the `--modes` child that measures `mode`: the parent's own, without
  /// `--modes` and `--json`, then `--json --mode MODE` (the parent reads the child's JSON lines).
  static func childArguments(_ arguments: [String], mode: SchedulingMode) -> [String] {
    arguments.filter { $0 != "--modes" && $0 != "--json" } + ["--json", "--mode", mode.rawValue]
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
      usage: swift run -c release asyncops-bench [CASE...] [--json] [--quick] [--repetitions N]
                                                 [--modes | --mode pinned|free] [--one-by-one]
             swift run -c release asyncops-bench --compare BASE.json NEW.json
             swift run -c release asyncops-bench --svg CHART.svg [--from RUN.json]
             swift run -c release asyncops-bench --modes-report RUN.json...

      Runs each case (all of them when none is named): one warm-up, then several timed
      repetitions; reports the median ns/element, the noise (interquartile range of the runs over
      their median), the ratios to the two floors, `handoff` (a bare task-to-task hand-off) and
      `floor` (an AsyncStream fed by a producer task), both always measured first in the same
      run, elements/s, peak memory, and which of the speed targets the run meets. An operator
      case is measured together with its shape floor (`floor-` + its name), their repetitions
      alternated, and judged as a ratio to it.

      options:
        --json           one JSON object per line per case: {"case", "nsPerElement",
                         "ratioToHandoff", "ratioToFloor", "noise", "peakMemoryBytes",
                         "elements", "elementsPerSecond", "repetitions", "fastestNsPerElement",
                         "slowestNsPerElement", "runsNsPerElement", ...,
                         "threadCores", "loadAverage", and "mode" under --mode}
        --quick          small N and \(quickRepetitions) repetitions: a smoke run, numbers not meaningful
        --repetitions N  N timed repetitions for every case
        --one-by-one     measure every case on its own, each operator case right after its
                         shape floor, instead of alternating their repetitions (what
                         scripts/profile-cases needs: it times each case by its output line)
        --compare BASE.json NEW.json
                         per case in both files, NEW/BASE ns per element and a verdict: faster,
                         slower or within noise (see docs/performance.md)
        --svg FILE       also draw the run as an SVG chart: ns/element per case (log axis)
                         with handoff and floor as reference lines, and the latency
                         percentiles of the typing replay
        --from RUN.json  with --svg: draw a saved --json run instead of measuring
        --modes          run every case twice, each time in a child process: pinned (every
                         thread on one core) and free (every core); print both side by side
                         (with --json: both children's objects, each with "mode") and judge
                         each target in the worse mode
        --mode M         run in scheduling mode M (pinned or free) only; JSON gets "mode"
        --modes-report RUN.json...
                         the markdown table of targets met/missed per run (worse mode) of
                         saved --modes --json runs (scripts/bench-modes-report makes five)
        --help           this text

      peak memory: \(memoryMethod.rawValue).

      cases:
      \(caseLines.joined(separator: "\n"))
      """
  }
}
