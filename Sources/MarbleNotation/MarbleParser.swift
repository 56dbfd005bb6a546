/// Reads marble notation one character at a time; see ``MarbleTimeline``.
struct MarbleParser {
  let marble: String
  private let characters: [Character]
  private var position = 0
  private var ticks: [[MarbleEvent]] = []
  /// Where the sequence finished or failed, so that later events can be reported.
  private var terminalPosition: Int?

  init(marble: String) {
    self.marble = marble
    self.characters = Array(marble)
  }

  mutating func parse() throws(MarbleSyntaxError) -> MarbleTimeline {
    while position < characters.count {
      let character = characters[position]
      switch character {
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
    while position < characters.count {
      switch characters[position] {
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
        at: start, "no event may follow the end of the sequence at position \(terminalPosition)")
    }
    let character = characters[position]
    switch character {
    case "|", "^":
      position += 1
      terminalPosition = start
      return character == "|" ? .finish : .failure
    case "'":
      position += 1
      var text = ""
      while position < characters.count, characters[position] != "'" {
        text.append(characters[position])
        position += 1
      }
      guard position < characters.count else {
        throw error(at: start, "unbalanced \"'\": the quoted value is never closed")
      }
      position += 1
      return .value(text)
    case "]":
      throw error(at: start, "unbalanced ']': no matching '['")
    default:
      guard character.isMarbleBareValue else {
        throw error(
          at: start, "unexpected character '\(character)' (use a letter, a digit, or quote it)")
      }
      position += 1
      return .value(String(character))
    }
  }

  private func error(at position: Int, _ reason: String) -> MarbleSyntaxError {
    MarbleSyntaxError(marble: marble, position: position, reason: reason)
  }
}
