@testable import asyncops_bench

extension ModeRow {
  /// The row of a minimal `--json` line: `name` measured at `ns` per element in `mode`.
  static func fixture(_ name: String, _ mode: String, _ ns: Double) -> ModeRow {
    let line = "{\"case\": \"\(name)\", \"nsPerElement\": \(ns), \"mode\": \"\(mode)\"}"
    return ModeRow.rows(try! JSONLines.parse(line))[0]
  }
}
