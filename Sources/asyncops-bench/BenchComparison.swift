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
    /// The ratio to the same file's `handoff`, if it has one.
    var ratioToHandoff: Double?
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
    let width = max(4, new.map(\.name.count).max() ?? 0)
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
      guard let old = base.first(where: { $0.name == entry.name }), old.nsPerElement > 0 else {
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
        entry.name.padding(to: width)
          + NumberFormatting.fixed(old.nsPerElement, 1).leftPadding(to: 10)
          + NumberFormatting.fixed(entry.nsPerElement, 1).leftPadding(to: 11)
          + NumberFormatting.fixed(ratio, 2).leftPadding(to: 10)
          + ("±" + NumberFormatting.percent(threshold)).leftPadding(to: 11) + "  "
          + verdict.padding(to: 12) + normalized.leftPadding(to: 10))
    }
    lines.append("")
    if let baseHandoff = base.first(where: { $0.name == BenchCase.handoffName }),
      let newHandoff = new.first(where: { $0.name == BenchCase.handoffName }),
      baseHandoff.nsPerElement > 0
    {
      let moved = newHandoff.nsPerElement / baseHandoff.nsPerElement
      let threshold = max(minimumThreshold, baseHandoff.noise + newHandoff.noise)
      if verdict(ratio: moved, threshold: threshold) != "within noise" {
        lines.append(
          "warning: handoff itself moved (NEW/BASE \(NumberFormatting.fixed(moved, 2))): the "
            + "machine was busier in one run; read ×handoff, or rerun both on a quieter machine")
      }
    }
    lines.append(
      ["faster", "slower", "within noise"].map { "\(tally[$0, default: 0]) \($0)" }
        .joined(separator: ", "))
    let onlyBase = base.filter { old in !new.contains { $0.name == old.name } }.map(\.name)
    let onlyNew = new.filter { entry in !base.contains { $0.name == entry.name } }.map(\.name)
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
      guard !entries.contains(where: { $0.name == name }) else {
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
      entries.append(Entry(name: name, nsPerElement: ns, noise: noise))
    }
    guard !entries.isEmpty else {
      throw InputError(message: "\(path): no cases (not the output of asyncops-bench --json)")
    }
    if let handoff = entries.first(where: { $0.name == BenchCase.handoffName }),
      handoff.nsPerElement > 0
    {
      for index in entries.indices {
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
