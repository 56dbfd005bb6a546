/// Reads marble notation one Unicode scalar at a time; see ``MarbleTimeline``.
///
/// Scalars, not `Character`s: a quoted value may start with a combining mark, which as a
/// `Character` would merge with the opening quote. Positions in errors are still counted in
/// `Character`s, as the marble is displayed.
struct MarbleParser {
  let marble: String
  private let scalars: [Unicode.Scalar]
  private var position = 0
  private var ticks: [[MarbleEvent]] = []
  /// Where the sequence finished or failed, so that later events can be reported.
  private var terminalPosition: Int?

  init(marble: String) {
    self.marble = marble
    self.scalars = Array(marble.unicodeScalars)
  }

  mutating func parse() throws(MarbleSyntaxError) -> MarbleTimeline {
    while position < scalars.count {
      switch scalars[position] {
      case " ", "\t":
        position += 1
      case "-":
        ticks.append([])
        position += 1
      case "[":
        let group = try parseGroup()
        ticks.append(group)
      default:
        let event = try parseEvent()
        ticks.append([event])
      }
    }
    return MarbleTimeline(ticks: ticks)
  }

  /// Parses `[...]`, the events of one tick; `position` is at the `[`.
  private mutating func parseGroup() throws(MarbleSyntaxError) -> [MarbleEvent] {
    let open = position
    position += 1
    var events: [MarbleEvent] = []
    while position < scalars.count {
      switch scalars[position] {
      case "]":
        position += 1
        if events.isEmpty { throw error(at: open, "an empty group '[]' has no events") }
        return events
      case " ", "\t":
        position += 1
      case "[":
        throw error(at: position, "groups cannot be nested")
      case "-":
        throw error(at: position, "'-' cannot appear inside a group")
      default:
        events.append(try parseEvent())
      }
    }
    throw error(at: open, "unbalanced '[': no matching ']'")
  }

  /// Parses one event at `position`: a bare letter or digit, a quoted value, `|` or `^`.
  private mutating func parseEvent() throws(MarbleSyntaxError) -> MarbleEvent {
    let start = position
    if let terminalPosition {
      throw error(
        at: start,
        "no event may follow the end of the sequence at position \(characterOffset(terminalPosition))"
      )
    }
    let scalar = scalars[position]
    switch scalar {
    case "|", "^":
      position += 1
      terminalPosition = start
      return scalar == "|" ? .finish : .failure
    case "'":
      return .value(try parseQuoted())
    case "]":
      throw error(at: start, "unbalanced ']': no matching '['")
    default:
      // A bare value is one letter of any script with its combining marks (`é` precomposed or
      // decomposed), or one ASCII digit.
      var end = position + 1
      if scalar.isMarbleLetter {
        while end < scalars.count, scalars[end].properties.isGraphemeExtend { end += 1 }
      }
      let followedByExtension = end < scalars.count && scalars[end].properties.isGraphemeExtend
      guard scalar.isMarbleBareValue, !followedByExtension else {
        throw error(
          at: start,
          "unexpected character '\(character(at: start))' (use a letter, a digit, or quote it)")
      }
      var value = String.UnicodeScalarView()
      value.append(contentsOf: scalars[position..<end])
      position = end
      return .value(String(value))
    }
  }

  /// Parses `'...'` at `position`: `\'` stands for `'` and `\\` for `\`; any other backslash is
  /// itself (so marbles written before the escape existed keep their meaning).
  private mutating func parseQuoted() throws(MarbleSyntaxError) -> String {
    let start = position
    position += 1
    var text = String.UnicodeScalarView()
    while position < scalars.count {
      let scalar = scalars[position]
      if scalar == "'" {
        position += 1
        return String(text)
      }
      if scalar == "\\", position + 1 < scalars.count,
        scalars[position + 1] == "'" || scalars[position + 1] == "\\"
      {
        text.append(scalars[position + 1])
        position += 2
        continue
      }
      text.append(scalar)
      position += 1
    }
    throw error(at: start, "unbalanced \"'\": the quoted value is never closed")
  }

  /// The `Character` at scalar position `position`, for a message.
  private func character(at position: Int) -> Character {
    let index = marble.unicodeScalars.index(marble.unicodeScalars.startIndex, offsetBy: position)
    return marble[index]
  }

  /// How many `Character`s of the marble come before scalar position `position`.
  private func characterOffset(_ position: Int) -> Int {
    let index = marble.unicodeScalars.index(marble.unicodeScalars.startIndex, offsetBy: position)
    return marble.distance(from: marble.startIndex, to: index)
  }

  private func error(at position: Int, _ reason: String) -> MarbleSyntaxError {
    MarbleSyntaxError(marble: marble, position: characterOffset(position), reason: reason)
  }
}

extension Unicode.Scalar {
  /// A letter of any script (`a`, `é`, `ж`, `咖`) or an ASCII digit stands for itself in a
  /// marble; anything else is quoted.
  var isMarbleBareValue: Bool {
    isMarbleLetter || ("0"..."9").contains(self)
  }

  /// A letter (general category L*) of any script.
  var isMarbleLetter: Bool {
    switch properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
      true
    default: false
    }
  }
}
