import Glibc

/// The floor cases of a run, once measured: the denominators of every ratio.
struct Floors {
  /// `handoff`, the physical floor.
  var handoff: CaseMeasurement?
  /// `floor`, the `AsyncStream` floor.
  var floor: CaseMeasurement?
}

/// Prints measurements as they complete: an aligned table, or one JSON object per line.
struct BenchReport {
  /// One JSON object per line instead of the table.
  let json: Bool
  /// The scheduling mode of the run (`--mode`), written into every JSON object as `"mode"`.
  let mode: SchedulingMode?
  /// Width of the case column.
  private let nameWidth: Int

  private static let columns: [(title: String, width: Int)] = [
    ("N", 11), ("ns/element", 12), ("noise", 6), ("×handoff", 9), ("×floor", 7),
    ("×shape", 7), ("elements/s", 12), ("peak memory", 12),
  ]

  /// A report for cases with these names.
  init(json: Bool, caseNames: [String], mode: SchedulingMode? = nil) {
    self.json = json
    self.mode = mode
    self.nameWidth = max(4, caseNames.map(\.count).max() ?? 0)
  }

  /// The machine description and column titles (text mode only).
  func header(_ machine: MachineDescription) {
    guard !json else { return }
    for line in machine.lines { print(line) }
    if let mode { print("scheduling mode: \(mode.rawValue)") }
    print("")
    let titles = Self.columns.map { $0.title.leftPadding(to: $0.width) }
    let titleRow = row("case", titles, notes: "notes")
    print(titleRow)
    print(String(repeating: "-", count: titleRow.count))
    fflush(nil)
  }

  /// One case's line; `floors` are the floor cases of the same run, `shapeFloor` the case's own
  /// shape floor (`floor-` + its name) if it has one and it was measured.
  func line(_ measurement: CaseMeasurement, floors: Floors, shapeFloor: CaseMeasurement? = nil) {
    let toHandoff = measurement.ratio(to: floors.handoff)
    let toFloor = measurement.ratio(to: floors.floor)
    let toShapeFloor = measurement.shapeFloorRatio(to: shapeFloor)
    if json {
      print(
        jsonObject(
          measurement, ratioToHandoff: toHandoff, ratioToFloor: toFloor,
          shapeFloor: shapeFloor.map { ($0.name, toShapeFloor) }))
      fflush(nil)
      return
    }
    let cells = [
      NumberFormatting.grouped(measurement.elements),
      NumberFormatting.fixed(measurement.nsPerElement, 1),
      NumberFormatting.percent(measurement.noise),
      toHandoff.map { NumberFormatting.fixed($0, 2) } ?? "-",
      toFloor.map { NumberFormatting.fixed($0, 2) } ?? "-",
      toShapeFloor.map { NumberFormatting.fixed($0, 2) } ?? "-",
      NumberFormatting.grouped(Int(measurement.elementsPerSecond.rounded())),
      measurement.peakMemoryBytes.map(NumberFormatting.bytes) ?? "-",
    ]
    let padded = zip(cells, Self.columns).map { $0.leftPadding(to: $1.width) }
    let spread =
      "\(measurement.repetitions) runs \(NumberFormatting.fixed(measurement.fastestNsPerElement, 1))"
      + "–\(NumberFormatting.fixed(measurement.slowestNsPerElement, 1)) ns"
    let cpu = "cpu \(NumberFormatting.fixed(median(measurement.runsCpuNsPerElement), 1)) ns"
    let extras = measurement.extraFields.map { "\($0.name)=\(NumberFormatting.json($0.value))" }
    print(row(measurement.name, padded, notes: ([spread, cpu] + extras).joined(separator: ", ")))
    fflush(nil)
  }

  /// Text lines after the table (text mode only).
  func footer(_ lines: [String]) {
    guard !json else { return }
    print("")
    for line in lines { print(line) }
    fflush(nil)
  }

  private func row(_ name: String, _ cells: [String], notes: String) -> String {
    ([name.padding(to: nameWidth)] + cells + [notes]).joined(separator: "  ")
  }

  private func jsonObject(
    _ measurement: CaseMeasurement, ratioToHandoff: Double?, ratioToFloor: Double?,
    shapeFloor: (name: String, ratio: Double?)?
  ) -> String {
    let runs = measurement.runsNsPerElement.map { NumberFormatting.fixed($0, 3) }
    let cpu = measurement.runsCpuNsPerElement.map { NumberFormatting.fixed($0, 1) }
    let switches = measurement.runsContextSwitchesPerElement.map { NumberFormatting.fixed($0, 4) }
    var fields: [(String, String)] = [
      ("case", jsonString(measurement.name)),
      ("nsPerElement", NumberFormatting.fixed(measurement.nsPerElement, 3)),
      ("ratioToHandoff", ratioToHandoff.map { NumberFormatting.fixed($0, 4) } ?? "null"),
      ("ratioToFloor", ratioToFloor.map { NumberFormatting.fixed($0, 4) } ?? "null"),
      ("noise", NumberFormatting.fixed(measurement.noise, 4)),
      ("peakMemoryBytes", measurement.peakMemoryBytes.map(String.init) ?? "null"),
      ("elements", String(measurement.elements)),
      ("elementsPerSecond", String(Int(measurement.elementsPerSecond.rounded()))),
      ("repetitions", String(measurement.repetitions)),
      ("fastestNsPerElement", NumberFormatting.fixed(measurement.fastestNsPerElement, 3)),
      ("slowestNsPerElement", NumberFormatting.fixed(measurement.slowestNsPerElement, 3)),
      ("cpuNsPerElement", NumberFormatting.fixed(median(measurement.runsCpuNsPerElement), 3)),
      ("runsNsPerElement", "[" + runs.joined(separator: ", ") + "]"),
      ("runsCpuNsPerElement", "[" + cpu.joined(separator: ", ") + "]"),
      ("runsContextSwitchesPerElement", "[" + switches.joined(separator: ", ") + "]"),
    ]
    if !measurement.runsStealMilliseconds.isEmpty {
      let steal = measurement.runsStealMilliseconds.map { NumberFormatting.fixed($0, 1) }
      fields.append(("runsStealMs", "[" + steal.joined(separator: ", ") + "]"))
    }
    if let shapeFloor {
      // The case's own shape floor and the ratio to it (an operator case only).
      fields.append(("shapeFloor", jsonString(shapeFloor.name)))
      fields.append(
        ("ratioToShapeFloor", shapeFloor.ratio.map { NumberFormatting.fixed($0, 4) } ?? "null"))
    }
    fields += measurement.extraFields.map { ($0.name, NumberFormatting.json($0.value)) }
    if let mode { fields.append(("mode", jsonString(mode.rawValue))) }
    // Where the threads were allowed to run, and the load, as the case ended: a pinned run
    // shows one core for every thread; a number is never quoted without its load.
    let cores = SchedulingMode.threadAffinities().map(\.cores)
    fields.append(("threadCores", jsonString(cores.joined(separator: ";"))))
    fields.append(("loadAverage", jsonString(MachineDescription.current().loadAverage)))
    return "{" + fields.map { "\(jsonString($0)): \($1)" }.joined(separator: ", ") + "}"
  }

  func jsonString(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }
}
