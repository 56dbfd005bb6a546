import MarbleNotation

/// A marble diagram of one evaluation: a lane per input and per output, drawn as SVG by
/// ``svg``.
///
/// ```swift
/// let operation = MarbleOperator.debounce(ticks: 3)
/// let input = try MarbleTimeline(parsing: "a-b|")
/// let diagram = MarbleDiagram(
///   caption: "debounce:3", operation: operation, inputs: [input],
///   outputs: [
///     (.pull, [try MarbleTimeline(parsing: "---[b|]")]),
///     (.push, [try MarbleTimeline(parsing: "---|")]),
///   ],
///   labels: ["base", "debounced"])
/// diagram.lanes.map(\.label)   // ["base", "debounced (pull)", "debounced (push)"]
/// diagram.lanes[1].isHighlighted   // true: the engines differ
/// let svg = diagram.svg        // the same bytes for the same diagram, every time
/// ```
public struct MarbleDiagram: Hashable, Sendable {
  /// Whether a lane is something the operator reads or something it emits.
  public enum LaneKind: Hashable, Sendable {
    /// An input marble, drawn above the operator's caption.
    case input
    /// An output marble, drawn below it.
    case output
  }

  /// One timeline of the diagram, with its name.
  public struct Lane: Hashable, Sendable {
    /// The name drawn at the left of the lane.
    public var label: String
    /// The events drawn on the lane.
    public var timeline: MarbleTimeline
    /// Input or output.
    public var kind: LaneKind
    /// Drawn with a highlighted background: the two engines disagree on this output.
    public var isHighlighted: Bool

    /// Creates a lane.
    public init(
      label: String, timeline: MarbleTimeline, kind: LaneKind, isHighlighted: Bool = false
    ) {
      self.label = label
      self.timeline = timeline
      self.kind = kind
      self.isHighlighted = isHighlighted
    }
  }

  /// The operator, drawn in a box between the input and the output lanes (`debounce:3`).
  public var caption: String
  /// The lanes, top to bottom: every input lane comes before every output lane.
  public var lanes: [Lane]

  /// Creates a diagram from its lanes; inputs are drawn first whatever their order here.
  public init(caption: String, lanes: [Lane]) {
    self.caption = caption
    self.lanes = lanes.filter { $0.kind == .input } + lanes.filter { $0.kind == .output }
  }

  /// The diagram of an evaluation: the inputs, then each output of each engine.
  ///
  /// With two engines, the lanes of one output are side by side (pull, then push) and labelled
  /// with their engine, and both are highlighted when their timelines differ. `labels` names the
  /// lanes in order — the inputs, then the outputs (once, not per engine); lanes it does not name
  /// keep their default name: `input` (`input 1`, `input 2`, ... for several), `output`, and for
  /// `share` `consumer @ T`, T the consumer's tick (`consumer @ T-L` for one that leaves at L).
  public init(
    caption: String, operation: MarbleOperator, inputs: [MarbleTimeline],
    outputs: [(engine: MarbleEngine, timelines: [MarbleTimeline])], labels: [String] = []
  ) {
    let inputNames =
      inputs.count == 1 ? ["input"] : inputs.indices.map { "input \($0 + 1)" }
    let outputCount = outputs.map(\.timelines.count).max() ?? 0
    let outputNames = (0..<outputCount).map { index in
      if operation.hasConsumersAtTicks, index < operation.consumers.count {
        let leave = operation.leaves.indices.contains(index) ? operation.leaves[index] : nil
        return "consumer @ \(operation.consumers[index])" + (leave.map { "-\($0)" } ?? "")
      }
      return outputCount == 1 ? "output" : "output \(index + 1)"
    }
    var names = inputNames + outputNames
    for (index, label) in labels.enumerated() where index < names.count {
      names[index] = label
    }
    var lanes = zip(names, inputs).map { Lane(label: $0, timeline: $1, kind: .input) }
    for index in 0..<outputCount {
      let name = names[inputs.count + index]
      let timelines: [(MarbleEngine, MarbleTimeline)] = outputs.compactMap { output in
        index < output.timelines.count ? (output.engine, output.timelines[index]) : nil
      }
      let differs = Set(timelines.map { $0.1 }).count > 1
      for (engine, timeline) in timelines {
        let label = outputs.count > 1 ? "\(name) (\(engine.rawValue))" : name
        lanes.append(Lane(label: label, timeline: timeline, kind: .output, isHighlighted: differs))
      }
    }
    self.init(caption: caption, lanes: lanes)
  }

  /// The diagram as text marbles, one `label: marble` line per lane: the picture's description
  /// for screen readers, and what the documentation prints beside it.
  public var textMarbles: String {
    lanes.map { "\($0.label): \($0.timeline)" }.joined(separator: "\n")
  }

  /// The diagram as a standalone SVG document: a time axis in ticks, one lane per timeline,
  /// elements as labelled circles, a finish as a bar, a failure as a cross, the events of one
  /// tick stacked. Pure text, no randomness: the same diagram gives the same bytes.
  public var svg: String {
    MarbleDiagramRenderer(diagram: self).document()
  }
}

extension MarbleDiagram {
  /// Evaluates the operator spelled `spelling` (as `brew-search marbles` spells it) on `inputs`
  /// with each of `engines`, and draws the result, captioned with the spelling: what
  /// `brew-search marbles --svg` draws for the same arguments.
  ///
  /// ```swift
  /// let diagram = try await MarbleDiagram.evaluating(
  ///   "debounce:3", inputs: ["a-b|"], engines: [.pull, .push], labels: ["base", "debounced"])
  /// diagram.textMarbles
  /// // base: a-b|
  /// // debounced (pull): ---[b|]
  /// // debounced (push): ---|
  /// ```
  /// - Throws: what ``MarbleOperator/init(parsing:)``, ``MarbleTimeline/init(parsing:)`` and
  ///   ``MarbleEvaluation/evaluate(_:inputs:engine:tick:)`` throw.
  public static func evaluating(
    _ spelling: String, inputs: [String], engines: [MarbleEngine], labels: [String] = []
  ) async throws -> MarbleDiagram {
    let operation = try MarbleOperator(parsing: spelling)
    var timelines: [MarbleTimeline] = []
    for input in inputs { timelines.append(try MarbleTimeline(parsing: input)) }
    var outputs: [(engine: MarbleEngine, timelines: [MarbleTimeline])] = []
    for engine in engines {
      outputs.append(
        (engine, try await MarbleEvaluation.evaluate(operation, inputs: inputs, engine: engine)))
    }
    return MarbleDiagram(
      caption: spelling, operation: operation, inputs: timelines, outputs: outputs,
      labels: labels)
  }
}
