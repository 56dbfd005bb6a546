/// The operator a `brew-search marbles` run evaluates, parsed from its command-line spelling.
enum MarbleOperator: Equatable {
  /// `debounce:N` — debounce by N ticks.
  case debounce(ticks: Int)
  /// `combineLatest` — of two or more inputs.
  case combineLatest
  /// `removeDuplicates`.
  case removeDuplicates
  /// `share:T1,T2,...[:replay=R]` — consumers registered at those ticks.
  case share(consumers: [Int], replay: Int)

  static let usage = "debounce:N, combineLatest, removeDuplicates, share:T1,T2,...[:replay=R]"

  init(parsing text: String) throws(CommandLineError) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    switch parts[0] {
    case "debounce":
      guard parts.count == 2, let ticks = Int(parts[1]), ticks >= 0 else {
        throw CommandLineError(
          "malformed operator '\(text)': debounce needs a whole number of ticks, as in debounce:3")
      }
      self = .debounce(ticks: ticks)
    case "combineLatest", "removeDuplicates":
      guard parts.count == 1 else {
        throw CommandLineError("malformed operator '\(text)': \(parts[0]) takes no argument")
      }
      self = parts[0] == "combineLatest" ? .combineLatest : .removeDuplicates
    case "share":
      self = try Self.parseShare(parts: parts, text: text)
    default:
      throw CommandLineError("unknown operator '\(parts[0])': expected one of \(Self.usage)")
    }
  }

  private static func parseShare(parts: [String], text: String) throws(CommandLineError) -> Self {
    guard (2...3).contains(parts.count) else {
      throw CommandLineError(
        "malformed operator '\(text)': expected share:T1,T2,...[:replay=R], as in share:0,2")
    }
    var consumers: [Int] = []
    for tick in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
      guard let value = Int(tick), value >= 0 else {
        throw CommandLineError(
          "malformed operator '\(text)': '\(tick)' is not a tick (a whole number ≥ 0)")
      }
      consumers.append(value)
    }
    var replay = 0
    if parts.count == 3 {
      let setting = parts[2]
      guard setting.hasPrefix("replay="), let value = Int(setting.dropFirst("replay=".count)),
        value >= 0
      else {
        throw CommandLineError(
          "malformed operator '\(text)': expected replay=R with R a whole number ≥ 0, got '\(setting)'"
        )
      }
      replay = value
    }
    return .share(consumers: consumers, replay: replay)
  }

  /// How many input marbles the operator takes.
  var inputCount: ClosedRange<Int> {
    switch self {
    case .combineLatest: 2...CombineLatestArity.maximum
    case .debounce, .removeDuplicates, .share: 1...1
    }
  }

  /// The name used in messages.
  var name: String {
    switch self {
    case .debounce: "debounce"
    case .combineLatest: "combineLatest"
    case .removeDuplicates: "removeDuplicates"
    case .share: "share"
    }
  }
}

/// The largest number of inputs `marbles combineLatest` accepts on the command line.
enum CombineLatestArity {
  static let maximum = 8
}
