import MarbleNotation

/// Lays out a ``MarbleDiagram`` and writes it as SVG text.
///
/// Every coordinate is a whole number computed from the diagram alone, so the output depends on
/// nothing but the diagram. Each drawn thing carries a class saying what it is (`lane input`,
/// `event element`, `event finish`, `event failure`, `highlight`, ...) and each event its tick
/// (`data-tick`), so the picture can be checked by reading it back.
struct MarbleDiagramRenderer {
  let diagram: MarbleDiagram

  private static let margin = 12
  private static let axisHeight = 26
  private static let captionHeight = 40
  /// Vertical distance between the centres of two events of one tick.
  private static let stackStep = 28
  private static let lanePadding = 16
  private static let minimumRadius = 12
  private static let labelCharacterWidth = 8
  private static let valueCharacterWidth = 7

  /// The horizontal distance between two ticks: room for the widest element.
  private let tickWidth: Int
  /// Ticks drawn: up to the last event of any lane.
  private let tickCount: Int
  /// Where tick 0's column starts (right of the labels).
  private let timelineStart: Int

  init(diagram: MarbleDiagram) {
    self.diagram = diagram
    let widestRadius =
      diagram.lanes.flatMap(\.timeline.ticks).joined()
      .map { Self.radius(of: $0) }.max() ?? Self.minimumRadius
    let width = max(32, 2 * widestRadius + 6)
    tickWidth = width + width % 2
    tickCount = max(1, diagram.lanes.map { ($0.timeline.lastEventTick ?? -1) + 1 }.max() ?? 1)
    let widestLabel =
      diagram.lanes.map {
        SVGText.width(of: $0.label, characterWidth: Self.labelCharacterWidth)
      }.max() ?? 0
    timelineStart = Self.margin + widestLabel + 16
  }

  /// The whole document, ending with a newline.
  func document() -> String {
    let lineEnd = timelineStart + tickCount * tickWidth + tickWidth / 2
    let width = lineEnd + 12 + Self.margin
    let lanesHeight = diagram.lanes.map(laneHeight).reduce(0, +)
    let hasCaption = !diagram.caption.isEmpty
    let height =
      Self.margin + Self.axisHeight + lanesHeight + (hasCaption ? Self.captionHeight : 0)
      + Self.margin
    // No `id` attribute anywhere: DocC takes the first one it finds as the id of an inline
    // symbol and draws `<use href="picture.svg#id">`, which would show only that element.
    var lines = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        + "viewBox=\"0 0 \(width) \(height)\" role=\"img\">",
      "<title>\(SVGText.escaped("Marble diagram: " + diagram.caption))</title>",
      "<desc>\(SVGText.escaped(diagram.textMarbles))</desc>",
      "<style>\(Self.style)</style>",
      "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" rx=\"8\"/>",
    ]
    let axisBottom = Self.margin + Self.axisHeight
    lines += axis(bottom: axisBottom, gridBottom: height - Self.margin)
    var top = axisBottom
    for (index, lane) in diagram.lanes.enumerated() {
      if hasCaption, lane.kind == .output, index == 0 || diagram.lanes[index - 1].kind == .input {
        lines += caption(top: top, end: lineEnd)
        top += Self.captionHeight
      }
      lines += self.lane(lane, top: top, width: width, end: lineEnd)
      top += laneHeight(lane)
    }
    if hasCaption, !diagram.lanes.contains(where: { $0.kind == .output }) {
      lines += caption(top: top, end: lineEnd)
    }
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The tick numbers, and a faint line through every lane at each tick.
  private func axis(bottom: Int, gridBottom: Int) -> [String] {
    var lines = [
      "<g class=\"axis\">",
      "<text class=\"axis-title\" x=\"\(Self.margin + 4)\" y=\"\(bottom - 8)\">tick</text>",
    ]
    let digits = String(tickCount - 1).count
    let step =
      [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000]
      .first { $0 * tickWidth >= digits * Self.valueCharacterWidth + 8 } ?? 100_000
    for tick in stride(from: 0, to: tickCount, by: step) {
      let x = center(of: tick)
      lines.append(
        "<line class=\"grid\" x1=\"\(x)\" y1=\"\(bottom - 4)\" x2=\"\(x)\" y2=\"\(gridBottom)\"/>")
      lines.append("<text x=\"\(x)\" y=\"\(bottom - 8)\">\(tick)</text>")
    }
    lines.append("</g>")
    return lines
  }

  /// The operator's name in a box across the timelines, between inputs and outputs.
  private func caption(top: Int, end: Int) -> [String] {
    let middle = top + Self.captionHeight / 2
    return [
      "<g class=\"caption\">",
      "<rect x=\"\(timelineStart)\" y=\"\(top + 6)\" width=\"\(end - timelineStart)\" "
        + "height=\"\(Self.captionHeight - 12)\" rx=\"6\"/>",
      "<text x=\"\((timelineStart + end) / 2)\" y=\"\(middle)\">"
        + "\(SVGText.escaped(diagram.caption))</text>",
      "</g>",
    ]
  }

  private func lane(_ lane: MarbleDiagram.Lane, top: Int, width: Int, end: Int) -> [String] {
    let height = laneHeight(lane)
    let middle = top + height / 2
    let kind = lane.kind == .input ? "input" : "output"
    var lines = [
      "<g class=\"lane \(kind)\(lane.isHighlighted ? " highlighted" : "")\" "
        + "data-label=\"\(SVGText.escaped(lane.label))\">"
    ]
    if lane.isHighlighted {
      lines.append(
        "<rect class=\"highlight\" x=\"\(Self.margin / 2)\" y=\"\(top + 2)\" "
          + "width=\"\(width - Self.margin)\" height=\"\(height - 4)\" rx=\"6\"/>")
    }
    lines.append(
      "<text class=\"label\(lane.isHighlighted ? " differs" : "")\" x=\"\(Self.margin + 4)\" "
        + "y=\"\(middle)\">\(SVGText.escaped(lane.label))</text>")
    lines.append(
      "<line class=\"timeline\" x1=\"\(timelineStart)\" y1=\"\(middle)\" x2=\"\(end)\" "
        + "y2=\"\(middle)\"/>")
    lines.append(
      "<polygon class=\"arrow\" points=\"\(end + 10),\(middle) \(end),\(middle - 5) "
        + "\(end),\(middle + 5)\"/>")
    for (tick, events) in lane.timeline.ticks.enumerated() {
      for (index, event) in events.enumerated() {
        // The events of one tick, in order from the top, centred on the timeline.
        let y = middle + index * Self.stackStep - (events.count - 1) * Self.stackStep / 2
        lines += self.event(event, tick: tick, y: y)
      }
    }
    lines.append("</g>")
    return lines
  }

  private func event(_ event: MarbleEvent, tick: Int, y: Int) -> [String] {
    let x = center(of: tick)
    switch event {
    case .value(let value):
      return [
        "<g class=\"event element\" data-tick=\"\(tick)\">",
        "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(Self.radius(of: event))\" "
          + "fill=\"\(SVGText.fill(for: value))\"/>",
        "<text x=\"\(x)\" y=\"\(y)\">\(SVGText.escaped(value))</text>",
        "</g>",
      ]
    case .finish:
      return [
        "<line class=\"event finish\" data-tick=\"\(tick)\" x1=\"\(x)\" y1=\"\(y - 12)\" "
          + "x2=\"\(x)\" y2=\"\(y + 12)\"/>"
      ]
    case .failure:
      return [
        "<g class=\"event failure\" data-tick=\"\(tick)\">",
        "<line x1=\"\(x - 8)\" y1=\"\(y - 8)\" x2=\"\(x + 8)\" y2=\"\(y + 8)\"/>",
        "<line x1=\"\(x - 8)\" y1=\"\(y + 8)\" x2=\"\(x + 8)\" y2=\"\(y - 8)\"/>",
        "</g>",
      ]
    }
  }

  /// The horizontal centre of a tick's column.
  private func center(of tick: Int) -> Int {
    timelineStart + tick * tickWidth + tickWidth / 2
  }

  /// Room for the tallest stack of the lane.
  private func laneHeight(_ lane: MarbleDiagram.Lane) -> Int {
    let tallest = max(1, lane.timeline.ticks.map(\.count).max() ?? 1)
    return tallest * Self.stackStep + Self.lanePadding
  }

  /// An element's circle fits its label; a finish or failure takes a small circle's room.
  private static func radius(of event: MarbleEvent) -> Int {
    guard case .value(let value) = event else { return minimumRadius }
    return max(minimumRadius, SVGText.width(of: value, characterWidth: valueCharacterWidth) / 2 + 5)
  }

  /// One style sheet for every diagram: what each class looks like. A white background keeps
  /// the picture readable on dark pages too.
  private static let style = [
    ".background{fill:#ffffff}",
    "text{font-family:-apple-system,'Helvetica Neue',Arial,sans-serif;font-size:13px;fill:#1d1d1f}",
    ".axis text{font-size:11px;fill:#6e6e73;text-anchor:middle}",
    ".axis .axis-title{text-anchor:start}",
    ".grid{stroke:#e5e5ea;stroke-width:1}",
    ".label{dominant-baseline:central}",
    ".differs{font-weight:bold}",
    ".highlight{fill:#ffcc00;fill-opacity:0.18;stroke:#e0a800;stroke-width:1}",
    ".timeline{stroke:#3a3a3c;stroke-width:1.5}",
    ".arrow{fill:#3a3a3c}",
    ".element circle{stroke:#3a3a3c;stroke-width:1.5}",
    ".element text,.caption text{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;"
      + "font-size:12px;text-anchor:middle;dominant-baseline:central}",
    ".finish{stroke:#1d1d1f;stroke-width:3}",
    ".failure line{stroke:#d70015;stroke-width:3}",
    ".caption rect{fill:#f2f2f7;stroke:#8e8e93;stroke-width:1}",
  ].joined()
}
