import Glibc

/// `asyncops-bench --compare BASE.json NEW.json`: for every case in both files, NEW/BASE of the
/// median ns per element and a verdict, so a change can be judged before it lands.
///
/// The verdict's threshold is the sum of the two runs' noise figures (interquartile range over
/// median), at least ``minimumThreshold``: NEW is `slower` when NEW/BASE > 1 + threshold,
/// `faster` when NEW/BASE < 1 / (1 + threshold), else `within noise`. A file from a version
/// without the `noise` field gets it from its runs, or, with only the fastest and slowest,
/// half their range over the median.
enum BenchComparison {
  /// The smallest threshold: differences under 5% are not claimed even from very quiet runs,
  /// because run-to-run (process-to-process) differences are larger than the noise within one
  /// run.
  static let minimumThreshold = 0.05
  /// Larger files are not benchmark output.
  static let maximumFileBytes = 16 << 20

  /// One case of one file.
  struct Entry {
    /// The case name.
    let name: String
    /// Median ns per element.
    let nsPerElement: Double
    /// The noise figure (see ``RunStatistics/noise(_:)``).
    let noise: Double
    /// The ratio to the same file's `handoff` of the same mode, if it has one.
    var ratioToHandoff: Double?
    /// The scheduling mode (`--modes`, `--mode`): `""` for a run without one. Cases are compared
    /// mode by mode.
    var mode = ""

    /// The case name, with its mode when it has one: `combineLatest2 [free]`.
    var label: String { mode.isEmpty ? name : "\(name) [\(mode)]" }

    /// Whether `other` is the same case in the same mode.
    func matches(_ other: Entry) -> Bool { name == other.name && mode == other.mode }
  }

  /// A file that cannot be compared; the message names the file and what is wrong.
  struct InputError: Error {
    /// Printed on stderr.
    let message: String
  }

  /// Runs the comparison; returns the exit status (2 when a file cannot be read).
  static func run(basePath: String, newPath: String) -> Int32 {
    do {
      let base = try entries(of: basePath)
      let new = try entries(of: newPath)
      for line in report(base: base, new: new, basePath: basePath, newPath: newPath) {
        print(line)
      }
      return 0
    } catch {
      writeStandardError("asyncops-bench: \(error.message)\n")
      return BenchCommand.usageExitStatus
    }
  }

  /// The verdict on one case.
  static func verdict(ratio: Double, threshold: Double) -> String {
    if ratio > 1 + threshold { return "slower" }
    if ratio < 1 / (1 + threshold) { return "faster" }
    return "within noise"
  }

  /// The report lines: one per case of NEW found in BASE, then the cases only one file has.
  static func report(base: [Entry], new: [Entry], basePath: String, newPath: String) -> [String] {
    let width = max(4, new.map(\.label.count).max() ?? 0)
    var lines = [
      "BASE: \(basePath) (\(base.count) cases)", "NEW:  \(newPath) (\(new.count) cases)",
      "NEW/BASE of the median ns per element; threshold = BASE noise + NEW noise, at least "
        + NumberFormatting.percent(minimumThreshold)
        + "; ×handoff: the same ratio after dividing each by its own run's handoff",
      "",
      "case".padding(to: width)
        + "   BASE ns     NEW ns  NEW/BASE  threshold  verdict       ×handoff",
    ]
    lines.append(String(repeating: "-", count: lines.last?.count ?? 0))
    var tally: [String: Int] = [:]
    for entry in new {
      guard let old = base.first(where: { $0.matches(entry) }), old.nsPerElement > 0 else {
        continue
      }
      let ratio = entry.nsPerElement / old.nsPerElement
      let threshold = max(minimumThreshold, old.noise + entry.noise)
      let verdict = verdict(ratio: ratio, threshold: threshold)
      tally[verdict, default: 0] += 1
      let normalized: String
      if let newRatio = entry.ratioToHandoff, let oldRatio = old.ratioToHandoff, oldRatio > 0 {
        normalized = NumberFormatting.fixed(newRatio / oldRatio, 2)
      } else {
        normalized = "-"
      }
      lines.append(
        entry.label.padding(to: width)
          + NumberFormatting.fixed(old.nsPerElement, 1).leftPadding(to: 10)
          + NumberFormatting.fixed(entry.nsPerElement, 1).leftPadding(to: 11)
          + NumberFormatting.fixed(ratio, 2).leftPadding(to: 10)
          + ("±" + NumberFormatting.percent(threshold)).leftPadding(to: 11) + "  "
          + verdict.padding(to: 12) + normalized.leftPadding(to: 10))
    }
    lines.append("")
    for newHandoff in new where newHandoff.name == BenchCase.handoffName {
      guard let baseHandoff = base.first(where: { $0.matches(newHandoff) }),
        baseHandoff.nsPerElement > 0
      else { continue }
      let moved = newHandoff.nsPerElement / baseHandoff.nsPerElement
      let threshold = max(minimumThreshold, baseHandoff.noise + newHandoff.noise)
      if verdict(ratio: moved, threshold: threshold) != "within noise" {
        lines.append(
          "warning: \(newHandoff.label) itself moved (NEW/BASE \(NumberFormatting.fixed(moved, 2))): the "
            + "machine was busier in one run; read ×handoff, or rerun both on a quieter machine")
      }
    }
    lines.append(
      ["faster", "slower", "within noise"].map { "\(tally[$0, default: 0]) \($0)" }
        .joined(separator: ", "))
    let onlyBase = base.filter { old in !new.contains { $0.matches(old) } }.map(\.label)
    let onlyNew = new.filter { entry in !base.contains { $0.matches(entry) } }.map(\.label)
    if !onlyBase.isEmpty { lines.append("only in BASE: " + onlyBase.joined(separator: ", ")) }
    if !onlyNew.isEmpty { lines.append("only in NEW: " + onlyNew.joined(separator: ", ")) }
    return lines
  }

  /// The JSON objects of a `--json` file, one per line; the error names the file, line and column.
  static func runObjects(inFile path: String) throws(InputError) -> [JSONLines.Object] {
    let text = try readTextFile(path)
    do {
      return try JSONLines.parse(text)
    } catch {
      throw InputError(
        message: "\(path):\(error.line):\(error.column): \(error.message) "
          + "(not the output of asyncops-bench --json)")
    }
  }

  /// The cases of a `--json` file.
  static func entries(of path: String) throws(InputError) -> [Entry] {
    let objects = try runObjects(inFile: path)
    var entries: [Entry] = []
    for (index, object) in objects.enumerated() {
      func field(_ key: String) -> JSONLines.Value? {
        object.first { $0.key == key }?.value
      }
      guard case .string(let name) = field("case"), let ns = field("nsPerElement")?.number else {
        throw InputError(
          message: "\(path): object \(index + 1) has no \"case\" string and \"nsPerElement\" number"
            + " (not the output of asyncops-bench --json)")
      }
      var mode = ""
      if case .string(let given) = field("mode") { mode = given }
      guard !entries.contains(where: { $0.name == name && $0.mode == mode }) else {
        throw InputError(message: "\(path): case '\(name)' appears twice")
      }
      let noise: Double
      if let given = field("noise")?.number {
        noise = given
      } else if case .array(let runs) = field("runsNsPerElement") {
        noise = RunStatistics.noise(runs.compactMap(\.number))
      } else if let fastest = field("fastestNsPerElement")?.number,
        let slowest = field("slowestNsPerElement")?.number, ns > 0
      {
        noise = (slowest - fastest) / (2 * ns)
      } else {
        noise = 0
      }
      entries.append(Entry(name: name, nsPerElement: ns, noise: noise, mode: mode))
    }
    guard !entries.isEmpty else {
      throw InputError(message: "\(path): no cases (not the output of asyncops-bench --json)")
    }
    for index in entries.indices {
      let mode = entries[index].mode
      if let handoff = entries.first(where: { $0.name == BenchCase.handoffName && $0.mode == mode }
      ),
        handoff.nsPerElement > 0
      {
        entries[index].ratioToHandoff = entries[index].nsPerElement / handoff.nsPerElement
      }
    }
    return entries
  }

  /// The text of a regular file of at most ``maximumFileBytes``.
  static func readTextFile(_ path: String) throws(InputError) -> String {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else {
      throw InputError(message: "\(path): cannot open: \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      throw InputError(message: "\(path): not a regular file")
    }
    guard status.st_size <= maximumFileBytes else {
      throw InputError(message: "\(path): larger than \(NumberFormatting.bytes(maximumFileBytes))")
    }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled)
      }
      guard count > 0 else { break }
      filled += count
    }
    guard let text = String(validating: bytes[0..<filled], as: UTF8.self) else {
      throw InputError(message: "\(path): not UTF-8 text")
    }
    return text
  }
}
