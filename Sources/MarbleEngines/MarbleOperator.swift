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
  /// `debounce:N:leading`, `debounce:N:maxWait=M` and `debounce:N:leading:maxWait=M` — debounce
  /// by N ticks with the options of Debounce rules 8–10 (pull only: Combine has
  /// neither). `maxWait` is in ticks, at least N.
  case debounceWithOptions(ticks: Int, leading: Bool, maxWait: Int?)
  /// `throttle:N` (`latest: true`) and `throttle:N:first` (`latest: false`) — at most one element
  /// per N ticks, trailing edge on a timer.
  case throttle(ticks: Int, latest: Bool)
  /// `mapLatest:N` — each element's transform waits N ticks on the test clock and returns the
  /// element (N = 0 returns it at once); a newer element cancels the running one.
  case mapLatest(ticks: Int)
  /// `combineLatest` — of two or more inputs.
  case combineLatest
  /// `merge`, `zip`, `chain` — of two or more inputs (Merge, Zip and Chain rules in
  /// docs/semantics.md).
  case fanIn(FanInOperator)
  /// `removeDuplicates`.
  case removeDuplicates
  /// `removeDuplicates:ignoringCase` — `removeDuplicates(by:)` comparing lowercased values.
  case removeDuplicatesIgnoringCase
  /// `share:T1,T2,...[:replay=R]` — consumers registered at those ticks.
  case share(consumers: [Int], replay: Int)
  /// `share:T1,T2-L2,...[:replay=R][:stop=D]`, a share that consumers leave: consumer k
  /// registers at Tk and, with `-Lk`, leaves at Lk (it receives the events of ticks Tk…Lk−1;
  /// its line just stops). With `stop=D` the share stops its upstream D ticks after the last
  /// consumer left and starts it again for the next one (`share(replay:stoppingAfter:clock:)`,
  /// StoppingAfter rules 1–4); the input is then cold: each run of the upstream plays it from its
  /// first tick. Without `stop=`, the input is hot, as for `share:T1,T2,...`.
  case shareWithLeaves(consumers: [Int], leaves: [Int?], replay: Int, stop: Int?)
  /// `currentValue:V:T1,T2,...` — an `AsyncCurrentValue(V)` that the input's elements are sent
  /// to (its finish finishes the channel), read by consumers made at those ticks (pull only:
  /// the push engine has no such channel here).
  case currentValue(initial: String, consumers: [Int])
  /// `buffer:N`, `buffer:N:latest`, `buffer:N:oldest`, `buffer:unbounded` — `buffer(policy:)`
  /// (push: Combine's `buffer(size:prefetch:whenFull:)`); N ≥ 1.
  case buffer(MarbleBufferPolicy)
  /// `chunks:N` — chunks of N elements (`chunks(ofCount:)`; push: `collect(N)`), the last one
  /// partial, each drawn as its elements concatenated.
  case chunks(count: Int)
  /// `chunksByTime:T` — chunks cut every T ticks (`chunked(by: .repeating(every:clock:))`; push:
  /// `collect(.byTime)`).
  case chunksByTime(ticks: Int)
  /// `chunksByTimeOrCount:T:N` — chunks cut every T ticks or at N elements
  /// (`chunks(ofCount:or:)` with a timer; push: `collect(.byTimeOrCount)`).
  case chunksByTimeOrCount(ticks: Int, count: Int)
  /// `timer:T` — the ticks (`x`) of a timer of T ticks started at tick 0, until the input ends
  /// (its elements are ignored; its finish or failure ends the output).
  case timer(ticks: Int)
  /// `scan` — the running concatenation of the elements: pull `reductions("", +)`, push
  /// Combine's `scan("", +)`; `a-b-c|` gives `a-'ab'-'abc'|`.
  case scan
  /// `adjacentPairs` — each element with the one before it, as one element (`ab`): pull
  /// `adjacentPairs()`, push `scan` of the last two then `filter`/`map` (Combine has no
  /// `adjacentPairs`); `a-b-c|` gives `--'ab'-'bc'|`.
  case adjacentPairs
  /// `withLatestFrom` — of two inputs: each element of the first paired with the latest element
  /// of the second (drawn as the two concatenated, `'ax'`).
  case withLatestFrom
  /// `timeout:N` — fails (`^`) when a `next()` waits N ticks (push: a custom error).
  case timeout(ticks: Int)
  /// `delay:N` — every event N ticks later.
  case delay(ticks: Int)
  /// `prefixUntil` — of two inputs: the first's elements until the second produces one.
  case prefixUntil
  /// `retry:N` and `retry:N:backoff=B` — N retries, at once or B ticks after each failure. The
  /// inputs are cold: each attempt starts its input again from its first tick; attempt k
  /// (0 = the first run) plays input k, the last input for every later attempt.
  case retry(attempts: Int, backoff: Int?)

  /// The spellings accepted, for messages.
  public static let usage =
    "debounce:N, debounce:N:leading, debounce:N:maxWait=M, debounce:N:leading:maxWait=M, "
    + "throttle:N, throttle:N:first, mapLatest:N, combineLatest, removeDuplicates, "
    + "removeDuplicates:ignoringCase, "
    + "share:T1,T2,...[:replay=R], share:T1,T2-L2,...[:replay=R][:stop=D], "
    + "currentValue:V:T1,T2,..., "
    + "buffer:N, buffer:N:latest, buffer:N:oldest, buffer:unbounded, merge, zip, chain, "
    + "chunks:N, chunksByTime:T, chunksByTimeOrCount:T:N, timer:T, scan, adjacentPairs, "
    + "withLatestFrom, timeout:N, delay:N, prefixUntil, retry:N, retry:N:backoff=B"

  /// Parses one of the spellings of ``usage``.
  public init(parsing text: String) throws(MarbleOperatorError) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    switch parts[0] {
    case "debounce":
      self = try Self.parseDebounce(parts: parts, text: text)
    case "throttle":
      let ticks = try Self.ticks(parts, text: text, example: "throttle:3")
      guard parts.count == 2 || (parts.count == 3 && parts[2] == "first") else {
        throw MarbleOperatorError(
          "malformed operator '\(text)': expected throttle:N or throttle:N:first")
      }
      self = .throttle(ticks: ticks, latest: parts.count == 2)
    case "mapLatest":
      let ticks = try Self.ticks(parts, text: text, example: "mapLatest:3")
      guard parts.count == 2 else {
        throw MarbleOperatorError("malformed operator '\(text)': expected mapLatest:N")
      }
      self = .mapLatest(ticks: ticks)
    case "removeDuplicates" where parts.count == 2 && parts[1] == "ignoringCase":
      self = .removeDuplicatesIgnoringCase
    case "combineLatest", "removeDuplicates":
      guard parts.count == 1 else {
        if parts[0] == "removeDuplicates" {
          throw MarbleOperatorError(
            "malformed operator '\(text)': expected removeDuplicates or "
              + "removeDuplicates:ignoringCase")
        }
        throw MarbleOperatorError("malformed operator '\(text)': \(parts[0]) takes no argument")
      }
      self = parts[0] == "combineLatest" ? .combineLatest : .removeDuplicates
    case "merge", "zip", "chain":
      guard parts.count == 1, let fanIn = FanInOperator(rawValue: parts[0]) else {
        throw MarbleOperatorError("malformed operator '\(text)': \(parts[0]) takes no argument")
      }
      self = .fanIn(fanIn)
    case "scan", "adjacentPairs":
      guard parts.count == 1 else {
        throw MarbleOperatorError("malformed operator '\(text)': \(parts[0]) takes no argument")
      }
      self = parts[0] == "scan" ? .scan : .adjacentPairs
    case "share":
      self = try Self.parseShare(parts: parts, text: text)
    case "buffer":
      self = .buffer(try MarbleBufferPolicy(parts: parts, text: text))
    case "currentValue":
      guard parts.count == 3, !parts[1].isEmpty,
        parts[1].allSatisfy({ $0.isLetter || $0.isNumber })
      else {
        throw MarbleOperatorError(
          "malformed operator '\(text)': expected currentValue:V:T1,T2,... with V the initial "
            + "value (letters or digits), as in currentValue:a:0,2")
      }
      self = .currentValue(
        initial: parts[1], consumers: try Self.consumerTicks(parts[2], text: text))
    case "chunks", "chunksByTime", "chunksByTimeOrCount", "timer":
      self = try Self.parseChunksOrTimer(parts: parts, text: text)
    case "withLatestFrom", "prefixUntil", "timeout", "delay", "retry":
      self = try Self.parsePastSAA(parts: parts, text: text)
    default:
      throw MarbleOperatorError("unknown operator '\(parts[0])': expected one of \(Self.usage)")
    }
  }

  /// The whole number of ticks ≥ 0 in `parts[1]`.
  private static func ticks(
    _ parts: [String], text: String, example: String
  ) throws(MarbleOperatorError) -> Int {
    guard parts.count >= 2, let ticks = Int(parts[1]), ticks >= 0 else {
      throw MarbleOperatorError(
        "malformed operator '\(text)': \(parts[0]) needs a whole number of ticks, as in \(example)"
      )
    }
    return ticks
  }

  /// `debounce:N`, then optionally `leading`, then optionally `maxWait=M` (M ≥ N), in that order.
  private static func parseDebounce(
    parts: [String], text: String
  ) throws(MarbleOperatorError) -> Self {
    let ticks = try Self.ticks(parts, text: text, example: "debounce:3")
    var options = parts.dropFirst(2)
    let leading = options.first == "leading"
    if leading { options = options.dropFirst() }
    var maxWait: Int?
    if let setting = options.first {
      guard setting.hasPrefix("maxWait="), let value = Int(setting.dropFirst("maxWait=".count)),
        value >= ticks
      else {
        throw MarbleOperatorError(
          "malformed operator '\(text)': expected leading or maxWait=M with M a whole number ≥ "
            + "\(ticks) (the debounce interval), got '\(setting)'")
      }
      maxWait = value
      options = options.dropFirst()
    }
    guard options.isEmpty else {
      throw MarbleOperatorError(
        "malformed operator '\(text)': expected debounce:N[:leading][:maxWait=M]")
    }
    guard leading || maxWait != nil else { return .debounce(ticks: ticks) }
    return .debounceWithOptions(ticks: ticks, leading: leading, maxWait: maxWait)
  }

  /// `T1,T2,...`: the ticks consumers are made at.
  static func consumerTicks(
    _ list: String, text: String
  ) throws(MarbleOperatorError) -> [Int] {
    var consumers: [Int] = []
    for tick in list.split(separator: ",", omittingEmptySubsequences: false) {
      guard let value = Int(tick), value >= 0 else {
        throw MarbleOperatorError(
          "malformed operator '\(text)': '\(tick)' is not a tick (a whole number ≥ 0)")
      }
      consumers.append(value)
    }
    return consumers
  }

  /// The ticks at which consumers start: one output per consumer.
  public var consumers: [Int] {
    switch self {
    case .share(let consumers, _), .currentValue(_, let consumers),
      .shareWithLeaves(let consumers, _, _, _):
      consumers
    default: [0]
    }
  }

  /// Whether the operator has consumers made at chosen ticks (`share`, `currentValue`), each
  /// an output of its own.
  public var hasConsumersAtTicks: Bool {
    switch self {
    case .share, .shareWithLeaves, .currentValue: true
    default: false
    }
  }

  /// How many input marbles the operator takes.
  public var inputCount: ClosedRange<Int> {
    switch self {
    case .combineLatest, .fanIn: 2...CombineLatestArity.maximum
    case .withLatestFrom, .prefixUntil: 2...2
    case .retry: 1...CombineLatestArity.maximum
    case .timeout, .delay: 1...1
    case .debounce, .debounceWithOptions, .throttle, .mapLatest, .removeDuplicates,
      .removeDuplicatesIgnoringCase, .share, .shareWithLeaves, .currentValue, .buffer, .chunks,
      .chunksByTime, .chunksByTimeOrCount, .timer, .scan, .adjacentPairs:
      1...1
    }
  }

  /// The name used in messages.
  public var name: String {
    switch self {
    case .debounce, .debounceWithOptions: "debounce"
    case .throttle: "throttle"
    case .mapLatest: "mapLatest"
    case .combineLatest: "combineLatest"
    case .fanIn(let fanIn): fanIn.rawValue
    case .removeDuplicates, .removeDuplicatesIgnoringCase: "removeDuplicates"
    case .share, .shareWithLeaves: "share"
    case .currentValue: "currentValue"
    case .buffer: "buffer"
    case .chunks: "chunks"
    case .chunksByTime: "chunksByTime"
    case .chunksByTimeOrCount: "chunksByTimeOrCount"
    case .timer: "timer"
    case .scan: "scan"
    case .adjacentPairs: "adjacentPairs"
    case .withLatestFrom: "withLatestFrom"
    case .timeout: "timeout"
    case .delay: "delay"
    case .prefixUntil: "prefixUntil"
    case .retry: "retry"
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
