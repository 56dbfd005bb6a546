/// One event of a marble diagram: an element, the finish or the failure of a sequence.
public enum MarbleEvent: Hashable, Sendable {
  /// An element. A single letter (of any script) or ASCII digit is written bare (`a`, `é`),
  /// anything else quoted (`'ax'`).
  case value(String)
  /// The sequence finished normally (`|`).
  case finish
  /// The sequence failed (`^`).
  case failure

  /// Whether this event ends the sequence.
  public var isTerminal: Bool {
    switch self {
    case .value: false
    case .finish, .failure: true
    }
  }

  /// The event as marble notation: `a`, `'ax'`, `|` or `^`.
  ///
  /// Parsing the notation gives this event back, for every string: inside quotes, `'` is
  /// written `\'` and `\` is written `\\` (`it's` is `'it\'s'`).
  public var notation: String {
    switch self {
    case .finish: return "|"
    case .failure: return "^"
    case .value(let text):
      let scalars = text.unicodeScalars
      if let first = scalars.first, first.isMarbleBareValue,
        scalars.dropFirst().allSatisfy({ $0.properties.isGraphemeExtend }),
        first.isMarbleLetter || scalars.count == 1
      {
        return text
      }
      var quoted = String.UnicodeScalarView()
      quoted.append("'")
      for scalar in scalars {
        if scalar == "'" || scalar == "\\" { quoted.append("\\") }
        quoted.append(scalar)
      }
      quoted.append("'")
      return String(quoted)
    }
  }
}

/// A marble diagram: the events of one sequence, tick by tick, from tick 0.
///
/// The notation: one position per tick; `-` nothing; a letter or digit: that one-character
/// element; `|` finish; `^` failure; `[...]` several events in one tick; `'abc'` a
/// multi-character element in one tick, in which `\'` stands for `'` and `\\` for `\` (any
/// other backslash is itself); spaces ignored.
///
/// ```swift
/// let timeline = try MarbleTimeline(parsing: "a-[bc]-'xy'|")
/// timeline.ticks[2]       // [.value("b"), .value("c")]
/// timeline.description    // "a-[bc]-'xy'|"
/// ```
public struct MarbleTimeline: Hashable, Sendable, CustomStringConvertible {
  /// The events of each tick; index `n` holds the events of tick `n`, in order.
  public var ticks: [[MarbleEvent]]

  /// Creates a timeline from the events of each tick.
  public init(ticks: [[MarbleEvent]] = []) {
    self.ticks = ticks
  }

  /// Creates a timeline from `(tick, event)` pairs; events of the same tick keep their order.
  public init(events: some Sequence<(tick: Int, event: MarbleEvent)>) {
    var ticks: [[MarbleEvent]] = []
    for (tick, event) in events {
      precondition(tick >= 0, "a marble tick cannot be negative")
      while ticks.count <= tick { ticks.append([]) }
      ticks[tick].append(event)
    }
    self.ticks = ticks
  }

  /// Parses marble notation, rejecting unknown characters, unbalanced `[` or `'`, and events after
  /// the sequence has finished or failed.
  public init(parsing marble: String) throws(MarbleSyntaxError) {
    var parser = MarbleParser(marble: marble)
    self = try parser.parse()
  }

  /// Every event with its tick, in order.
  public var events: [(tick: Int, event: MarbleEvent)] {
    ticks.enumerated().flatMap { tick, events in events.map { (tick: tick, event: $0) } }
  }

  /// The tick of the last event, or `nil` when the timeline has none.
  public var lastEventTick: Int? {
    ticks.lastIndex { !$0.isEmpty }
  }

  /// The timeline in marble notation, ending at its last event.
  public var description: String {
    let end = (lastEventTick ?? -1) + 1
    return ticks.prefix(end).map { events in
      switch events.count {
      case 0: "-"
      case 1: events[0].notation
      default: "[" + events.map(\.notation).joined() + "]"
      }
    }.joined()
  }

  /// Compares two timelines by their notation, so trailing empty ticks do not count.
  public static func == (lhs: MarbleTimeline, rhs: MarbleTimeline) -> Bool {
    lhs.description == rhs.description
  }

  /// Hashes the notation, consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(description)
  }
}

/// A marble string that is not valid notation, with the position of the problem.
public struct MarbleSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The marble as written.
  public var marble: String
  /// The zero-based character position of the problem in `marble`.
  public var position: Int
  /// What is wrong there.
  public var reason: String

  /// Creates an error for `marble` at character `position`.
  public init(marble: String, position: Int, reason: String) {
    self.marble = marble
    self.position = position
    self.reason = reason
  }

  /// `invalid marble 'a-[b' at position 3: unbalanced '['`, followed by the marble with a caret.
  public var description: String {
    """
    invalid marble '\(marble)' at position \(position): \(reason)
      \(marble)
      \(String(repeating: " ", count: position))^
    """
  }
}
