import MarbleEngines
import MarbleNotation
import Testing

/// `MarbleDiagram`'s SVG, read back as XML: lanes, events, stacking, highlighting, escaping and
/// stable bytes.
@Suite struct MarbleDiagramTests {
  /// The lanes of a drawn diagram: each lane group's label, classes and events.
  struct DrawnLane {
    var label: String
    var classes: Set<String>
    var events: [SVGTree.Element]
    var tree: SVGTree
    var index: Int

    /// `(tick, kind)` of each event, in document order.
    var eventKinds: [(tick: Int, kind: String)] {
      events.map { event in
        let kind = ["element", "finish", "failure"].first { event.classes.contains($0) } ?? "?"
        return (event.number("data-tick") ?? -1, kind)
      }
    }
  }

  static func lanes(of svg: String) throws -> [DrawnLane] {
    let tree = try SVGTree(parsing: svg)
    return tree.indices(withClasses: "lane").map { index in
      let element = tree.elements[index]
      return DrawnLane(
        label: element.attributes["data-label"] ?? "", classes: element.classes,
        events: tree.descendants(of: index).filter { $0.classes.contains("event") }, tree: tree,
        index: index)
    }
  }

  @Test func theCheckerRejectsADocumentThatIsNotWellFormed() {
    #expect(throws: SVGTree.NotWellFormed.self) {
      try SVGTree(parsing: "<svg><g class=\"lane\"></svg>")
    }
    #expect(throws: SVGTree.NotWellFormed.self) {
      try SVGTree(parsing: "<svg><text>a & b</text></svg>")
    }
  }

  @Test func bothEnginesGiveALanePerInputAndAPullAndPushLanePerOutput() async throws {
    let diagram = try await MarbleDiagram.evaluating(
      "debounce:3", inputs: ["a-b|"], engines: [.pull, .push], labels: ["base", "debounced"])
    let lanes = try Self.lanes(of: diagram.svg)
    #expect(lanes.map(\.label) == ["base", "debounced (pull)", "debounced (push)"])
    #expect(lanes.map { $0.classes.contains("input") } == [true, false, false])
    #expect(lanes.map { $0.classes.contains("output") } == [false, true, true])
    let tree = try SVGTree(parsing: diagram.svg)
    #expect(tree.root?.name == "svg")
    #expect(tree.root?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    #expect(tree.indices(withClasses: "caption").count == 1)
  }

  /// DocC takes the first `id` of an SVG as an inline symbol to `<use>`: with one on `<title>`,
  /// the articles would show nothing.
  @Test func theDocumentHasATitleAndADescriptionButNoID() async throws {
    let diagram = try await MarbleDiagram.evaluating(
      "debounce:3", inputs: ["a-b|"], engines: [.pull, .push])
    let tree = try SVGTree(parsing: diagram.svg)
    #expect(tree.elements.allSatisfy { $0.attributes["id"] == nil })
    #expect(tree.elements.first { $0.name == "title" }?.text == "Marble diagram: debounce:3")
    #expect(tree.elements.first { $0.name == "desc" }?.text == diagram.textMarbles)
  }

  @Test func lanesThatDifferBetweenTheEnginesAreHighlighted() async throws {
    let diagram = try await MarbleDiagram.evaluating(
      "debounce:3", inputs: ["a-b|"], engines: [.pull, .push])
    let lanes = try Self.lanes(of: diagram.svg)
    #expect(lanes.map { $0.classes.contains("highlighted") } == [false, true, true])
    for lane in lanes where lane.classes.contains("highlighted") {
      let drawn = lane.tree.descendants(of: lane.index)
      #expect(drawn.contains { $0.classes.contains("highlight") && $0.name == "rect" })
    }
  }

  @Test func lanesThatAgreeAreNotHighlighted() async throws {
    let diagram = try await MarbleDiagram.evaluating(
      "share:0,2", inputs: ["ab-c-|"], engines: [.pull, .push])
    let lanes = try Self.lanes(of: diagram.svg)
    #expect(
      lanes.map(\.label) == [
        "input", "consumer @ 0 (pull)", "consumer @ 0 (push)", "consumer @ 2 (pull)",
        "consumer @ 2 (push)",
      ])
    #expect(lanes.allSatisfy { !$0.classes.contains("highlighted") })
    #expect(try SVGTree(parsing: diagram.svg).indices(withClasses: "highlight").isEmpty)
  }

  @Test func elementsAreLabelledCirclesAFinishABarAndAFailureACross() throws {
    let diagram = MarbleDiagram(
      caption: "",
      lanes: [
        .init(label: "finishes", timeline: try MarbleTimeline(parsing: "a-b|"), kind: .input),
        .init(label: "fails", timeline: try MarbleTimeline(parsing: "-'xy'^"), kind: .output),
      ])
    let lanes = try Self.lanes(of: diagram.svg)
    #expect(lanes[0].eventKinds.map(\.tick) == [0, 2, 3])
    #expect(lanes[0].eventKinds.map(\.kind) == ["element", "element", "finish"])
    #expect(lanes[1].eventKinds.map(\.tick) == [1, 2])
    #expect(lanes[1].eventKinds.map(\.kind) == ["element", "failure"])
    let tree = lanes[0].tree
    let elements = tree.indices(withClasses: "event", "element")
    #expect(elements.count == 3)
    for index in elements {
      let parts = tree.descendants(of: index)
      #expect(parts.map(\.name) == ["circle", "text"])
    }
    #expect(elements.map { tree.descendants(of: $0)[1].text } == ["a", "b", "xy"])
    let finish = tree.elements[tree.indices(withClasses: "finish")[0]]
    #expect(finish.name == "line")
    #expect(finish.number("x1") == finish.number("x2"), "a vertical bar")
    let failure = tree.indices(withClasses: "failure")[0]
    #expect(tree.descendants(of: failure).map(\.name) == ["line", "line"], "a cross")
  }

  @Test func theEventsOfOneTickAreStackedInOrderAtTheSameInstant() throws {
    let diagram = MarbleDiagram(
      caption: "",
      lanes: [.init(label: "x", timeline: try MarbleTimeline(parsing: "-[ab|]"), kind: .input)])
    let tree = try SVGTree(parsing: diagram.svg)
    let lane = try #require(try Self.lanes(of: diagram.svg).first)
    #expect(lane.eventKinds.map(\.tick) == [1, 1, 1])
    #expect(lane.eventKinds.map(\.kind) == ["element", "element", "finish"])
    let circles = tree.elements.filter { $0.name == "circle" }
    let finish = tree.elements[tree.indices(withClasses: "finish")[0]]
    let xs = circles.compactMap { $0.number("cx") } + [finish.number("x1") ?? -1]
    let ys =
      circles.compactMap { $0.number("cy") }
      + [((finish.number("y1") ?? 0) + (finish.number("y2") ?? 0)) / 2]
    #expect(Set(xs).count == 1, "one instant, one column: \(xs)")
    #expect(ys == ys.sorted() && Set(ys).count == 3, "stacked top to bottom in order: \(ys)")
    let line = tree.elements[tree.indices(withClasses: "timeline")[0]]
    #expect(ys[1] == line.number("y1"), "the stack is centred on the timeline")
  }

  @Test func theTimeAxisCountsTicksUpToTheLastEvent() throws {
    let diagram = MarbleDiagram(
      caption: "op",
      lanes: [
        .init(label: "in", timeline: try MarbleTimeline(parsing: "a---|"), kind: .input),
        .init(label: "out", timeline: try MarbleTimeline(parsing: "-----a"), kind: .output),
      ])
    let tree = try SVGTree(parsing: diagram.svg)
    let axis = try #require(tree.indices(withClasses: "axis").first)
    let numbers = tree.descendants(of: axis).filter { $0.name == "text" && $0.classes.isEmpty }
    #expect(numbers.map(\.text) == ["0", "1", "2", "3", "4", "5"])
    let columns = numbers.compactMap { $0.number("x") }
    let steps = Set(zip(columns, columns.dropFirst()).map { $1 - $0 })
    #expect(steps.count == 1, "evenly spaced ticks")
  }

  @Test func labelsAndValuesAreEscapedAndReadBackIntact() throws {
    let label = "<a & \"b\" 'c'>"
    let value = "<&>\u{1}"
    let diagram = MarbleDiagram(
      caption: "x<y",
      lanes: [
        .init(label: label, timeline: MarbleTimeline(ticks: [[.value(value)]]), kind: .input)
      ])
    let tree = try SVGTree(parsing: diagram.svg)
    let lane = tree.elements[tree.indices(withClasses: "lane")[0]]
    #expect(lane.attributes["data-label"] == label)
    let texts = tree.elements.filter { $0.name == "text" }.map(\.text)
    #expect(texts.contains(label))
    #expect(texts.contains("<&>\u{FFFD}"), "a character XML cannot hold becomes U+FFFD")
    #expect(texts.contains("x<y"))
    let description = tree.elements.first { $0.name == "desc" }?.text
    #expect(description == diagram.textMarbles.replacingOccurrences(of: "\u{1}", with: "\u{FFFD}"))
  }

  @Test func defaultLabelsNameInputsOutputsAndShareConsumers() async throws {
    let combined = try await MarbleDiagram.evaluating(
      "combineLatest", inputs: ["a|", "x|"], engines: [.pull])
    #expect(combined.lanes.map(\.label) == ["input 1", "input 2", "output"])
    let shared = try await MarbleDiagram.evaluating(
      "share:0,3", inputs: ["a-b|"], engines: [.pull], labels: ["upstream"])
    #expect(shared.lanes.map(\.label) == ["upstream", "consumer @ 0", "consumer @ 3"])
  }

  @Test func theSameDiagramGivesTheSameBytes() async throws {
    let first = try await MarbleDiagram.evaluating(
      "throttle:3", inputs: ["abcdefgh-----i|"], engines: [.pull, .push])
    let second = try await MarbleDiagram.evaluating(
      "throttle:3", inputs: ["abcdefgh-----i|"], engines: [.pull, .push])
    #expect(first.svg == second.svg)
    #expect(Array(first.svg.utf8) == Array(second.svg.utf8))
    let other = try await MarbleDiagram.evaluating(
      "throttle:3", inputs: ["abcdefgh-----j|"], engines: [.pull, .push])
    #expect(other.svg != first.svg)
  }
}
