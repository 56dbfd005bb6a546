import Glibc

/// `asyncops-bench --svg FILE`: the run drawn as an SVG chart — a bar of median ns per element
/// per case on a logarithmic axis, with `handoff` and `floor` as reference lines, then the
/// latency percentiles of the cases that measure latency (the typing replay).
///
/// `--svg FILE --from RUN.json` draws a saved `--json` run without measuring, so a checked-in
/// chart can be regenerated from its checked-in data. The same data gives the same bytes.
struct BenchChart {
  /// One case's bar.
  struct Bar {
    /// The case name.
    let name: String
    /// Its median ns per element.
    let nsPerElement: Double
  }

  /// One latency case's percentiles, in milliseconds.
  struct Latency {
    /// The case name.
    let name: String
    /// `("p50", 5.4)`, ... in the order p50, p95, p99.
    let percentiles: [(label: String, milliseconds: Double)]
  }

  /// A file that cannot be read or written; the message names it and what is wrong.
  typealias InputError = BenchComparison.InputError

  /// The cases measured per element, in run order (the floors included).
  var bars: [Bar] = []
  /// The cases measured in milliseconds per event (one element is a whole session).
  var latencies: [Latency] = []

  private static let percentileFields = [("p50", "p50Ms"), ("p95", "p95Ms"), ("p99", "p99Ms")]

  /// Sorts each case into a bar or, when it reports percentiles, a latency row.
  init(cases: [(name: String, nsPerElement: Double, fields: [String: Double])]) {
    for entry in cases {
      let percentiles = Self.percentileFields.compactMap { label, key in
        entry.fields[key].map { (label: label, milliseconds: $0) }
      }
      if percentiles.isEmpty {
        bars.append(Bar(name: entry.name, nsPerElement: entry.nsPerElement))
      } else {
        latencies.append(Latency(name: entry.name, percentiles: percentiles))
      }
    }
  }

  /// The chart of a run just measured.
  init(measurements: [CaseMeasurement]) {
    self.init(
      cases: measurements.map {
        measurement -> (name: String, nsPerElement: Double, fields: [String: Double]) in
        var fields: [String: Double] = [:]
        for field in measurement.extraFields { fields[field.name] = field.value }
        return (measurement.name, measurement.nsPerElement, fields)
      })
  }

  /// The chart of a `--json` file; the error names the file and what is wrong.
  init(jsonFile path: String) throws(InputError) {
    let objects = try BenchComparison.runObjects(inFile: path)
    var cases: [(name: String, nsPerElement: Double, fields: [String: Double])] = []
    for (index, object) in objects.enumerated() {
      var fields: [String: Double] = [:]
      var name: String?
      for (key, value) in object {
        if key == "case", case .string(let text) = value { name = text }
        if let number = value.number { fields[key] = number }
      }
      guard let name, let ns = fields["nsPerElement"] else {
        throw InputError(
          message: "\(path): object \(index + 1) has no \"case\" string and \"nsPerElement\" number"
            + " (not the output of asyncops-bench --json)")
      }
      cases.append((name, ns, fields))
    }
    guard !cases.isEmpty else {
      throw InputError(message: "\(path): no cases (not the output of asyncops-bench --json)")
    }
    self.init(cases: cases)
  }

  /// `--svg FILE --from RUN.json`: returns the exit status.
  static func run(from source: String, to path: String) -> Int32 {
    do {
      try write(BenchChart(jsonFile: source).svg(), to: path)
      return 0
    } catch {
      writeStandardError("asyncops-bench: \(error.message)\n")
      return BenchCommand.usageExitStatus
    }
  }

  /// Writes `text` to a temporary file beside `path`, then renames it over `path`: the file is
  /// replaced whole or not at all.
  static func write(_ text: String, to path: String) throws(InputError) {
    let temporary = "\(path).tmp-\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
      throw InputError(
        message: "cannot write the chart to '\(path)': \(String(cString: strerror(errno)))")
    }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes = bytes.dropFirst(count)
    }
    let closed = close(descriptor) == 0
    guard bytes.isEmpty, closed, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw InputError(message: "cannot write the chart to '\(path)': \(reason)")
    }
  }
}
