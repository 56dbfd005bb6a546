/// One case in one scheduling mode, as read back from a `--json` line: what the `--modes`
/// table and `--modes-report` show.
struct ModeRow: Equatable, Sendable {
  /// The case.
  let caseName: String
  /// `pinned`, `free`, or `""` for a line without a `mode` field.
  let mode: String
  /// Median ns per element.
  let nsPerElement: Double
  /// Fastest and slowest repetition, ns per element.
  let fastestNsPerElement: Double
  /// See ``fastestNsPerElement``.
  let slowestNsPerElement: Double
  /// Median context switches of the process per element over the repetitions, if recorded.
  let contextSwitchesPerElement: Double?
  /// Median CPU ns per element (every thread), if recorded.
  let cpuNsPerElement: Double?
  /// `/proc/loadavg` when the case ended, if recorded.
  let loadAverage: String?
  /// Every number of the line by its key (the case's own figures among them).
  let numbers: [String: Double]
  /// Every timed repetition's ns per element, in the order they ran (empty when not recorded).
  let runsNsPerElement: [Double]

  /// The row of one `--json` object; `nil` without a `case` string and `nsPerElement` number.
  init?(_ object: JSONLines.Object) {
    func field(_ key: String) -> JSONLines.Value? {
      object.first { $0.key == key }?.value
    }
    func string(_ key: String) -> String? {
      if case .string(let text) = field(key) { return text }
      return nil
    }
    guard let name = string("case"), let ns = field("nsPerElement")?.number else { return nil }
    caseName = name
    mode = string("mode") ?? ""
    nsPerElement = ns
    fastestNsPerElement = field("fastestNsPerElement")?.number ?? ns
    slowestNsPerElement = field("slowestNsPerElement")?.number ?? ns
    if case .array(let switches) = field("runsContextSwitchesPerElement") {
      contextSwitchesPerElement = RunStatistics.median(switches.compactMap(\.number))
    } else {
      contextSwitchesPerElement = nil
    }
    if case .array(let runs) = field("runsNsPerElement") {
      runsNsPerElement = runs.compactMap(\.number)
    } else {
      runsNsPerElement = []
    }
    cpuNsPerElement = field("cpuNsPerElement")?.number
    loadAverage = string("loadAverage")
    numbers = Dictionary(object.compactMap { entry in entry.value.number.map { (entry.key, $0) } })
    {
      first, _ in first
    }
  }

  /// What the targets are judged on.
  var result: TargetJudgement.Result {
    TargetJudgement.Result(
      caseName: caseName, mode: mode, nsPerElement: nsPerElement,
      fastestNsPerElement: fastestNsPerElement, slowestNsPerElement: slowestNsPerElement,
      fields: numbers, runsNsPerElement: runsNsPerElement)
  }

  /// The rows of a `--json` run's objects (objects that are not cases are skipped).
  static func rows(_ objects: [JSONLines.Object]) -> [ModeRow] {
    objects.compactMap(ModeRow.init)
  }
}
