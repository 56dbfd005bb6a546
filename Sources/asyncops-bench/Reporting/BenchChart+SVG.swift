import Glibc

/// Drawing: the chart as SVG text.
extension BenchChart {
  private static let nameCharacterWidth = 7
  private static let plotWidth = 560
  private static let rowStep = 20
  private static let margin = 16

  /// The document, ending with a newline.
  func svg() -> String {
    let nameWidth =
      (bars.map(\.name) + latencies.map(\.name)).map(\.count).max().map {
        $0 * Self.nameCharacterWidth + 16
      } ?? 0
    let plotLeft = Self.margin + nameWidth
    let width = max(plotLeft + Self.plotWidth + 150, Self.margin + Self.legendWidth + Self.margin)
    var body: [String] = []
    var top = Self.margin
    body.append(
      "<text class=\"title\" x=\"\(Self.margin)\" y=\"\(top + 14)\">asyncops-bench: median ns per "
        + "element (logarithmic axis; shorter is faster)</text>")
    top += 30
    body += legend(top: top, left: Self.margin)
    top += 26
    if !bars.isEmpty {
      body += barRows(top: top, plotLeft: plotLeft)
      top += 30 + bars.count * Self.rowStep + 24
    }
    if !latencies.isEmpty {
      body += latencyRows(top: top, plotLeft: plotLeft)
      top +=
        40 + latencies.map(\.percentiles.count).reduce(0, +) * Self.rowStep
        + latencies.count * 8
    }
    let height = top + Self.margin
    let description =
      bars.map { "\($0.name): \(Self.nanoseconds($0.nsPerElement)) per element" }
      + latencies.flatMap { latency in
        latency.percentiles.map {
          "\(latency.name) \($0.label): \(NumberFormatting.fixed($0.milliseconds, 1)) ms"
        }
      }
    return
      ([
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
          + "viewBox=\"0 0 \(width) \(height)\" role=\"img\">",
        "<title>asyncops-bench: ns per element per case, and latency percentiles</title>",
        "<desc>\(Self.escaped(description.joined(separator: "\n")))</desc>",
        "<style>\(Self.style)</style>",
        "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" rx=\"8\"/>",
      ] + body + ["</svg>"]).joined(separator: "\n") + "\n"
  }

  /// What the bar colours mean: the case's source.
  private func legend(top: Int, left: Int) -> [String] {
    var lines: [String] = []
    var x = left
    for kind in CaseKind.allCases {
      lines.append(
        "<rect class=\"bar \(kind.rawValue)\" x=\"\(x)\" y=\"\(top)\" width=\"12\" height=\"12\"/>")
      lines.append("<text x=\"\(x + 16)\" y=\"\(top + 10)\">\(kind.legend)</text>")
      x += Self.legendEntryWidth(kind)
    }
    return lines
  }

  /// The legend's width: a swatch and a name per kind.
  private static var legendWidth: Int {
    CaseKind.allCases.map(legendEntryWidth).reduce(0, +)
  }

  private static func legendEntryWidth(_ kind: CaseKind) -> Int {
    16 + kind.legend.count * 7 + 18
  }

  /// One bar per case on a log axis, grid lines at each power of ten, the floors as lines.
  private func barRows(top: Int, plotLeft: Int) -> [String] {
    let values = bars.map { max($0.nsPerElement, 0.1) }
    let lowest = pow(10, (log10(values.min() ?? 1)).rounded(.down))
    let highest = pow(10, (log10(values.max() ?? 10)).rounded(.up))
    let decades = max(1, log10(highest / lowest))
    func x(_ value: Double) -> Int {
      plotLeft + Int((log10(max(value, 0.1) / lowest) / decades * Double(Self.plotWidth)).rounded())
    }
    let rowsTop = top + 30
    let rowsBottom = rowsTop + bars.count * Self.rowStep
    var lines = ["<g class=\"bars\">"]
    var decade = lowest
    while decade <= highest * 1.001 {
      let position = x(decade)
      lines.append(
        "<line class=\"grid\" x1=\"\(position)\" y1=\"\(rowsTop - 4)\" x2=\"\(position)\" "
          + "y2=\"\(rowsBottom)\"/>")
      lines.append(
        "<text class=\"tick\" x=\"\(position)\" y=\"\(rowsBottom + 14)\">"
          + "\(Self.decade(decade))</text>")
      decade *= 10
    }
    // The reference lines run behind the bars, through the gaps between them; handoff's label
    // reads leftwards, floor's rightwards, as handoff is the smaller.
    for (name, anchor) in [(BenchCase.handoffName, "end"), (BenchCase.floorName, "start")] {
      guard let value = bars.first(where: { $0.name == name })?.nsPerElement else { continue }
      let position = x(value)
      let shift = anchor == "end" ? -4 : 4
      lines.append(
        "<line class=\"reference\" data-reference=\"\(name)\" x1=\"\(position)\" "
          + "y1=\"\(rowsTop - 14)\" x2=\"\(position)\" y2=\"\(rowsBottom)\"/>")
      lines.append(
        "<text class=\"reference-label\" text-anchor=\"\(anchor)\" x=\"\(position + shift)\" "
          + "y=\"\(rowsTop - 6)\">\(name) \(Self.nanoseconds(value))</text>")
    }
    let handoff = bars.first { $0.name == BenchCase.handoffName }?.nsPerElement
    for (index, bar) in bars.enumerated() {
      let y = rowsTop + index * Self.rowStep
      let end = max(x(bar.nsPerElement), plotLeft + 1)
      let ratio =
        handoff.map { $0 > 0 ? " · " + NumberFormatting.fixed(bar.nsPerElement / $0, 2) + "×" : "" }
        ?? ""
      lines += [
        "<text class=\"name\" x=\"\(plotLeft - 8)\" y=\"\(y + 12)\">\(Self.escaped(bar.name))</text>",
        "<rect class=\"bar \(CaseKind(bar.name).rawValue)\" data-case=\"\(Self.escaped(bar.name))\" "
          + "x=\"\(plotLeft)\" y=\"\(y + 2)\" width=\"\(end - plotLeft)\" height=\"\(Self.rowStep - 5)\"/>",
        "<text class=\"value\" x=\"\(end + 4)\" y=\"\(y + 12)\">"
          + "\(Self.nanoseconds(bar.nsPerElement))\(ratio)</text>",
      ]
    }
    lines.append("</g>")
    return lines
  }

  /// One bar per percentile of each latency case, on a linear axis in milliseconds.
  private func latencyRows(top: Int, plotLeft: Int) -> [String] {
    let largest = latencies.flatMap(\.percentiles).map(\.milliseconds).max() ?? 1
    let scale = Self.niceCeiling(max(largest, 0.001))
    func x(_ value: Double) -> Int {
      plotLeft + Int((max(value, 0) / scale * Double(Self.plotWidth)).rounded())
    }
    var lines = [
      "<g class=\"latencies\">",
      "<text class=\"title\" x=\"\(Self.margin)\" y=\"\(top + 14)\">latency percentiles, ms "
        + "(one element is a whole session or keystroke)</text>",
    ]
    var y = top + 28
    let rowsBottom =
      y + latencies.map(\.percentiles.count).reduce(0, +) * Self.rowStep
      + latencies.count * 8
    for value in [0, scale / 2, scale] {
      lines.append(
        "<line class=\"grid\" x1=\"\(x(value))\" y1=\"\(y - 4)\" x2=\"\(x(value))\" "
          + "y2=\"\(rowsBottom)\"/>")
      lines.append(
        "<text class=\"tick\" x=\"\(x(value))\" y=\"\(rowsBottom + 10)\">"
          + "\(NumberFormatting.fixed(value, value < 1 && value > 0 ? 3 : 1)) ms</text>")
    }
    for latency in latencies {
      for (index, percentile) in latency.percentiles.enumerated() {
        let name = index == 0 ? latency.name : ""
        let end = max(x(percentile.milliseconds), plotLeft + 1)
        lines += [
          "<text class=\"name\" x=\"\(plotLeft - 8)\" y=\"\(y + 12)\">"
            + "\(Self.escaped(name)) \(percentile.label)</text>",
          "<rect class=\"bar latency\" data-case=\"\(Self.escaped(latency.name))\" "
            + "data-percentile=\"\(percentile.label)\" x=\"\(plotLeft)\" y=\"\(y + 2)\" "
            + "width=\"\(end - plotLeft)\" height=\"\(Self.rowStep - 5)\"/>",
          "<text class=\"value\" x=\"\(end + 4)\" y=\"\(y + 12)\">"
            + "\(NumberFormatting.fixed(percentile.milliseconds, 1)) ms</text>",
        ]
        y += Self.rowStep
      }
      y += 8
    }
    lines.append("</g>")
    return lines
  }

  /// The smallest 1, 2 or 5 × 10ⁿ at least `value`.
  private static func niceCeiling(_ value: Double) -> Double {
    let power = pow(10, log10(value).rounded(.down))
    return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= value * 0.999_999 } ?? 10 * power
  }

  /// `"8.5 ns"`, `"44 ns"`, `"1,239 ns"`.
  private static func nanoseconds(_ value: Double) -> String {
    if value < 10 { return NumberFormatting.fixed(value, 1) + " ns" }
    return NumberFormatting.grouped(Int(value.rounded())) + " ns"
  }

  /// A power of ten on the axis: `"0.1 ns"`, `"100 ns"`, `"10 µs"`.
  private static func decade(_ value: Double) -> String {
    if value < 1 { return NumberFormatting.fixed(value, 1) + " ns" }
    if value < 1_000 { return "\(Int(value.rounded())) ns" }
    return NumberFormatting.grouped(Int((value / 1_000).rounded())) + " µs"
  }

  /// `text` safe in XML: the five special characters as entities, control characters dropped.
  private static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n": result += "\n"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: break
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Where a case's elements come from, which decides its bar's colour.
  private enum CaseKind: String, CaseIterable {
    case floor, synchronous, async, channel, push, search

    init(_ name: String) {
      if BenchCase.floorNames.contains(name) {
        self = .floor
      } else if name.hasPrefix("push-") {
        self = .push
      } else if name.hasSuffix("-async-channel") {
        self = .channel
      } else if name.hasSuffix("-async") {
        self = .async
      } else if name.hasPrefix("search") || name.hasSuffix("-1m") {
        self = .search
      } else {
        self = .synchronous
      }
    }

    var legend: String {
      switch self {
      case .floor: "floors"
      case .synchronous: "synchronous source"
      case .async: "-async (AsyncStream)"
      case .channel: "-async-channel"
      case .push: "push (Combine semantics)"
      case .search: "search"
      }
    }
  }

  private static let style = [
    ".background{fill:#ffffff}",
    "text{font-family:-apple-system,'Helvetica Neue',Arial,sans-serif;font-size:12px;fill:#1d1d1f}",
    ".title{font-size:14px;font-weight:bold}",
    ".name{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;text-anchor:end}",
    ".value{font-size:11px;fill:#3a3a3c;paint-order:stroke;stroke:#ffffff;stroke-width:3px}",
    ".tick{font-size:11px;fill:#6e6e73;text-anchor:middle}",
    ".grid{stroke:#e5e5ea;stroke-width:1}",
    ".reference{stroke:#d70015;stroke-width:1.5;stroke-dasharray:5 3}",
    ".reference-label{font-size:11px;fill:#d70015}",
    ".bar.floor{fill:#8e8e93}.bar.synchronous{fill:#4c8bf5}.bar.async{fill:#f5a04c}",
    ".bar.channel{fill:#55b67a}.bar.push{fill:#a77bd9}.bar.search{fill:#3bb3c3}",
    ".bar.latency{fill:#4c8bf5}",
  ].joined()
}
