/// The push side of the marble operators that need more than one `PushReference` call:
/// `throttle:N`, `throttle:N:first` and `mapLatest:N`, as `brew-search marbles` spells them.
///
/// It is the entry point for wiring these spellings into a marble engine: parse the spelling (or
/// make the case), then ``evaluate(inputs:tick:)`` records what one consumer receives, exactly as
/// ``recordPushMarbles(_:tick:consumers:leaves:drainTicks:render:_:)`` does for the other operators.
///
/// ```swift
/// let throttle = try PushMarbleOperation(parsing: "throttle:3")
/// try throttle.evaluate(inputs: ["abcdefgh-----i|"])[0].description   // "a--c--f--h---i|"
/// let mapLatest = PushMarbleOperation.mapLatest(ticks: 3)
/// try mapLatest.evaluate(inputs: ["a-b----c|"])[0].description        // "-----b----[c|]"
/// ```
public enum PushMarbleOperation: Hashable, Sendable, CustomStringConvertible {
  /// `throttle:N` (`latest: true`) and `throttle:N:first` (`latest: false`): Combine's
  /// `throttle(for: N ticks, scheduler:latest:)`.
  case throttle(ticks: Int, latest: Bool)
  /// `mapLatest:N`: `map { element in Deferred { Just(element) delayed by N ticks } }
  /// .switchToLatest()` — each element's "transform" answers N ticks later with the element, and
  /// a newer element cancels it (MapLatest rule 6).
  case mapLatest(ticks: Int)

  /// The spellings accepted, for messages.
  public static let usage = "throttle:N, throttle:N:first, mapLatest:N"

  /// Parses `throttle:N`, `throttle:N:first` or `mapLatest:N` (N a whole number of ticks ≥ 0).
  public init(parsing text: String) throws(PushMarbleOperationError) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 2, let ticks = Int(parts[1]), ticks >= 0 else {
      throw PushMarbleOperationError(
        "malformed operator '\(text)': expected one of \(Self.usage), N a whole number of ticks")
    }
    switch (parts[0], parts.count) {
    case ("throttle", 2): self = .throttle(ticks: ticks, latest: true)
    case ("throttle", 3) where parts[2] == "first": self = .throttle(ticks: ticks, latest: false)
    case ("mapLatest", 2): self = .mapLatest(ticks: ticks)
    default:
      throw PushMarbleOperationError(
        "malformed operator '\(text)': expected one of \(Self.usage)")
    }
  }

  /// The spelling `brew-search marbles` uses.
  public var description: String {
    switch self {
    case .throttle(let ticks, true): "throttle:\(ticks)"
    case .throttle(let ticks, false): "throttle:\(ticks):first"
    case .mapLatest(let ticks): "mapLatest:\(ticks)"
    }
  }

  /// Runs the operator on one input marble, on virtual time, and returns what one consumer
  /// (subscribed at tick 0, unlimited demand) receives.
  /// - Throws: ``MarbleSyntaxError`` for an invalid marble, ``PushMarbleOperationError`` when
  ///   there is not exactly one input.
  public func evaluate(inputs: [String], tick: Duration = .milliseconds(1)) throws
    -> [MarbleTimeline]
  {
    guard inputs.count == 1 else {
      throw PushMarbleOperationError("\(self) takes 1 input marble, got \(inputs.count)")
    }
    switch self {
    case .throttle(let ticks, let latest):
      // Time runs on past the delay, however long: an output is never cut short.
      return try recordPushMarbles(inputs, tick: tick, drainTicks: 10_000 + ticks) {
        subjects, scheduler in
        subjects[0].throttle(for: .init(tick * ticks), scheduler: scheduler, latest: latest)
      }
    case .mapLatest(let ticks):
      return try recordPushMarbles(inputs, tick: tick, drainTicks: 10_000 + ticks) {
        subjects, scheduler in
        subjects[0].map { element in
          Deferred {
            Just(element).setFailureType(to: MarbleFailure.self)
              .delay(for: .init(tick * ticks), scheduler: scheduler)
          }
        }.switchToLatest()
      }
    }
  }
}

/// A push marble operator spelling that cannot be used, with the reason.
public struct PushMarbleOperationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var message: String

  init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
