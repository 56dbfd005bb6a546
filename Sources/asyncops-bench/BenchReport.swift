import Glibc

/// Prints measurements as they complete: an aligned table, or one JSON object per line.
struct BenchReport {
  /// One JSON object per line instead of the table.
  let json: Bool
  /// Width of the case column.
  private let nameWidth: Int

  private static let columns: [(title: String, width: Int)] = [
    ("N", 11), ("ns/element", 12), ("elements/s", 14), ("×floor", 8), ("peak memory", 12),
  ]

  /// A report for cases with these names.
  init(json: Bool, caseNames: [String]) {
    self.json = json
    self.nameWidth = max(4, caseNames.map(\.count).max() ?? 0)
  }

  /// The machine description and column titles (text mode only).
  func header(_ machine: MachineDescription) {
    guard !json else { return }
    for line in machine.lines { print(line) }
    print("")
    let titles = Self.columns.map { $0.title.leftPadding(to: $0.width) }
    let titleRow = row("case", titles, notes: "notes")
    print(titleRow)
    print(String(repeating: "-", count: titleRow.count))
    fflush(nil)
  }

  /// One case's line.
  func line(_ measurement: CaseMeasurement, floor: CaseMeasurement?) {
    let ratio = measurement.ratio(to: floor)
    if json {
      print(jsonObject(measurement, ratio: ratio))
      fflush(nil)
      return
    }
    let cells = [
      NumberFormatting.grouped(measurement.elements),
      NumberFormatting.fixed(measurement.nsPerElement, 1),
      NumberFormatting.grouped(Int(measurement.elementsPerSecond.rounded())),
      ratio.map { NumberFormatting.fixed($0, 2) } ?? "-",
      measurement.peakMemoryBytes.map(NumberFormatting.bytes) ?? "-",
    ]
    let padded = zip(cells, Self.columns).map { $0.leftPadding(to: $1.width) }
    let spread =
      "runs \(NumberFormatting.fixed(measurement.fastestNsPerElement, 1))"
      + "–\(NumberFormatting.fixed(measurement.slowestNsPerElement, 1)) ns"
    let extras = measurement.extraFields.map { "\($0.name)=\(NumberFormatting.json($0.value))" }
    print(row(measurement.name, padded, notes: ([spread] + extras).joined(separator: ", ")))
    fflush(nil)
  }

  private func row(_ name: String, _ cells: [String], notes: String) -> String {
    ([name.padding(to: nameWidth)] + cells + [notes]).joined(separator: "  ")
  }

  private func jsonObject(_ measurement: CaseMeasurement, ratio: Double?) -> String {
    var fields: [(String, String)] = [
      ("case", jsonString(measurement.name)),
      ("nsPerElement", NumberFormatting.fixed(measurement.nsPerElement, 3)),
      ("ratioToFloor", ratio.map { NumberFormatting.fixed($0, 4) } ?? "null"),
      ("peakMemoryBytes", measurement.peakMemoryBytes.map(String.init) ?? "null"),
      ("elements", String(measurement.elements)),
      ("elementsPerSecond", String(Int(measurement.elementsPerSecond.rounded()))),
      ("repetitions", String(measurement.repetitions)),
      ("fastestNsPerElement", NumberFormatting.fixed(measurement.fastestNsPerElement, 3)),
      ("slowestNsPerElement", NumberFormatting.fixed(measurement.slowestNsPerElement, 3)),
    ]
    fields += measurement.extraFields.map { ($0.name, NumberFormatting.json($0.value)) }
    return "{" + fields.map { "\(jsonString($0)): \($1)" }.joined(separator: ", ") + "}"
  }

  private func jsonString(_ text: String) -> String {
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
