/// An operator that both engines implement, as a marble scenario names it: its command-line
/// spelling is what `brew-search marbles` accepts.
///
/// ```swift
/// let operation = try MarbleOperator(parsing: "share:0,2:replay=1")
/// // .share(consumers: [0, 2], replay: 1)
/// ```
public enum MarbleOperator: Hashable, Sendable {
  /// `debounce:N` — debounce by N ticks.
  case debounce(ticks: Int)
  /// `combineLatest` — of two or more inputs.
  case combineLatest
  /// `removeDuplicates`.
  case removeDuplicates
  /// `share:T1,T2,...[:replay=R]` — consumers registered at those ticks.
  case share(consumers: [Int], replay: Int)

  /// The spellings accepted, for messages.
  public static let usage =
    "debounce:N, combineLatest, removeDuplicates, share:T1,T2,...[:replay=R]"

  /// Parses `debounce:N`, `combineLatest`, `removeDuplicates` or `share:T1,T2,...[:replay=R]`.
  public init(parsing text: String) throws(MarbleOperatorError) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    switch parts[0] {
    case "debounce":
      guard parts.count == 2, let ticks = Int(parts[1]), ticks >= 0 else {
        throw MarbleOperatorError(
          "malformed operator '\(text)': debounce needs a whole number of ticks, as in debounce:3")
      }
      self = .debounce(ticks: ticks)
    case "combineLatest", "removeDuplicates":
      guard parts.count == 1 else {
        throw MarbleOperatorError("malformed operator '\(text)': \(parts[0]) takes no argument")
      }
      self = parts[0] == "combineLatest" ? .combineLatest : .removeDuplicates
    case "share":
      self = try Self.parseShare(parts: parts, text: text)
    default:
      throw MarbleOperatorError("unknown operator '\(parts[0])': expected one of \(Self.usage)")
    }
  }

  private static func parseShare(parts: [String], text: String) throws(MarbleOperatorError) -> Self
  {
    guard (2...3).contains(parts.count) else {
      throw MarbleOperatorError(
        "malformed operator '\(text)': expected share:T1,T2,...[:replay=R], as in share:0,2")
    }
    var consumers: [Int] = []
    for tick in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
      guard let value = Int(tick), value >= 0 else {
        throw MarbleOperatorError(
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
        throw MarbleOperatorError(
          "malformed operator '\(text)': expected replay=R with R a whole number ≥ 0, got '\(setting)'"
        )
      }
      replay = value
    }
    return .share(consumers: consumers, replay: replay)
  }

  /// The ticks at which consumers start: one output per consumer.
  public var consumers: [Int] {
    if case .share(let consumers, _) = self { return consumers }
    return [0]
  }

  /// How many input marbles the operator takes.
  public var inputCount: ClosedRange<Int> {
    switch self {
    case .combineLatest: 2...CombineLatestArity.maximum
    case .debounce, .removeDuplicates, .share: 1...1
    }
  }

  /// The name used in messages.
  public var name: String {
    switch self {
    case .debounce: "debounce"
    case .combineLatest: "combineLatest"
    case .removeDuplicates: "removeDuplicates"
    case .share: "share"
    }
  }
}

/// The largest number of inputs a `combineLatest` marble scenario may have.
public enum CombineLatestArity {
  /// Eight: the pull engine calls `combineLatest` with that many bases at most.
  public static let maximum = 8
}

/// An operator spelling that cannot be used, with the reason.
public struct MarbleOperatorError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var message: String

  init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
