/// One change a user makes to the search: the text, the method filter, the minimum rating, or the
/// brews searched.
public enum SearchInput: Sendable, Hashable {
  /// Sets the whole search text.
  case text(String)
  /// Sets the method filter (`nil`: any method).
  case method(BrewMethod?)
  /// Sets the minimum rating, 0–5.
  case rating(Int)
  /// Replaces the brews searched.
  case source([Brew])
}

/// Where a script's `source` line takes its brews from, before the file is read.
public enum SearchSourceReference: Sendable, Hashable {
  /// The embedded sample history.
  case sample
  /// A JSON data file, as written in the script (relative to the script's folder).
  case file(String)
}

/// A line of a search script, before `source` files are read.
public enum SearchScriptCommand: Sendable, Hashable {
  /// `text STRING` (the rest of the line, possibly empty).
  case text(String)
  /// `method NAME` or `method any`.
  case method(BrewMethod?)
  /// `rating N`, 0–5.
  case rating(Int)
  /// `source sample` or `source FILE`.
  case source(SearchSourceReference)

  /// Parses one event without a time: `text brig`, `method pourOver`, `method any`, `rating 3`,
  /// `source sample`, `source brews.json`. Returns a reason when the line is not one.
  public init(parsing line: Substring) throws(SearchScriptError.Reason) {
    let (keyword, argument) = Self.split(line)
    switch keyword {
    case "text":
      self = .text(String(argument ?? ""))
    case "method":
      guard let argument, !argument.isEmpty else { throw .missingArgument("method", "NAME|any") }
      if argument == "any" {
        self = .method(nil)
      } else if let method = BrewMethod(rawValue: String(argument)) {
        self = .method(method)
      } else {
        throw .unknownMethod(String(argument))
      }
    case "rating":
      guard let argument, !argument.isEmpty else { throw .missingArgument("rating", "N") }
      guard let rating = Int(argument), (0...5).contains(rating) else {
        throw .ratingOutOfRange(String(argument))
      }
      self = .rating(rating)
    case "source":
      guard let argument, !argument.isEmpty else {
        throw .missingArgument("source", "sample|FILE")
      }
      self = .source(argument == "sample" ? .sample : .file(String(argument)))
    default:
      throw .unknownEvent(String(keyword))
    }
  }

  /// The keyword, and what follows the first U+0020 after it (`nil` when there is none).
  ///
  /// Split on Unicode scalars, not characters: a value that starts with a combining mark, a
  /// variation selector or a ZWJ forms one grapheme cluster with the space before it, and must
  /// still be the value.
  private static func split(_ line: Substring) -> (Substring, Substring?) {
    let scalars = line.unicodeScalars
    guard let space = scalars.firstIndex(of: " ") else { return (line, nil) }
    return (Substring(scalars[..<space]), Substring(scalars[scalars.index(after: space)...]))
  }
}

/// A timed list of search inputs: the `replay` script format.
///
/// ```text
/// # type "bright" quickly, then pick a method
/// at 0 text b
/// at 80 text br
/// at 400 method pourOver
/// at 900 rating 4
/// at 1200 source sample
/// ```
///
/// Each line is `at MS EVENT`, a `# comment`, or blank. Times are milliseconds from the start and
/// may not go backwards; events of the same instant apply in line order.
public struct SearchScript: Sendable, Hashable {
  /// A script line: its instant, what it does, and its line number (from 1).
  public struct Line: Sendable, Hashable {
    /// The instant, from the start of the replay.
    public var time: Duration
    /// What happens then.
    public var command: SearchScriptCommand
    /// Where the line is in the script, from 1.
    public var lineNumber: Int
  }

  /// The timed lines, in order.
  public var lines: [Line]

  /// Parses a script; `name` is used in error messages (usually the file's path).
  public init(parsing text: String, name: String = "script") throws(SearchScriptError) {
    var lines: [Line] = []
    var previous: (time: Int, lineNumber: Int)?
    for (offset, line) in Self.lines(of: text).enumerated() {
      let lineNumber = offset + 1
      let trimmed = Self.trimmingLeadingBlanks(line)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      func failure(_ reason: SearchScriptError.Reason) -> SearchScriptError {
        SearchScriptError(script: name, lineNumber: lineNumber, line: String(line), reason: reason)
      }
      let words = trimmed.unicodeScalars
        .split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        .map(Substring.init)
      guard words.count == 3, words[0] == "at" else {
        throw failure(.malformed)
      }
      guard let milliseconds = Int(words[1]), milliseconds >= 0 else {
        throw failure(.invalidTime(String(words[1])))
      }
      if let previous, milliseconds < previous.time {
        throw failure(.timeGoesBackwards(milliseconds, previous.time, previous.lineNumber))
      }
      let command: SearchScriptCommand
      do {
        command = try SearchScriptCommand(parsing: words[2])
      } catch {
        throw failure(error)
      }
      lines.append(
        Line(time: .milliseconds(milliseconds), command: command, lineNumber: lineNumber))
      previous = (milliseconds, lineNumber)
    }
    self.lines = lines
  }

  /// The lines of a text: LF and CRLF both end a line (split on scalars: `"\r\n"` is one
  /// `Character`, so a split on characters would never find the `"\n"` of a CRLF).
  public static func lines(of text: String) -> [Substring] {
    text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      Substring(line.last == "\r" ? line.dropLast() : line)
    }
  }

  /// A line without its leading spaces and tabs, cut on scalars (a combining mark after a space
  /// stays with the text, and the space is still dropped).
  public static func trimmingLeadingBlanks(_ line: Substring) -> Substring {
    Substring(line.unicodeScalars.drop { $0 == " " || $0 == "\t" })
  }
}

/// A script line that cannot be used, with where it is and why.
public struct SearchScriptError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Why a line is rejected.
  public enum Reason: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not `at MS EVENT`.
    case malformed
    /// The time is not a whole number of milliseconds ≥ 0.
    case invalidTime(String)
    /// The time is earlier than the previous line's.
    case timeGoesBackwards(Int, Int, Int)
    /// The event keyword is unknown.
    case unknownEvent(String)
    /// The method is not one of `BrewMethod`'s case names, nor `any`.
    case unknownMethod(String)
    /// The minimum rating is not 0–5.
    case ratingOutOfRange(String)
    /// The event needs an argument.
    case missingArgument(String, String)

    /// The reason, in words.
    public var description: String {
      switch self {
      case .malformed:
        "expected 'at MS EVENT' (EVENT: text STRING, method NAME|any, rating N, source sample|FILE)"
      case .invalidTime(let text):
        "'\(text)' is not a time in milliseconds (a whole number ≥ 0)"
      case .timeGoesBackwards(let time, let previous, let line):
        "time goes backwards: \(time) ms comes after \(previous) ms on line \(line)"
      case .unknownEvent(let keyword):
        "unknown event '\(keyword)' (expected text, method, rating or source)"
      case .unknownMethod(let name):
        "unknown method '\(name)' (expected any or one of "
          + BrewMethod.allCases.map(\.rawValue).joined(separator: ", ") + ")"
      case .ratingOutOfRange(let text):
        "minimum rating '\(text)' is outside 0–5"
      case .missingArgument(let keyword, let argument):
        "'\(keyword)' needs an argument: \(keyword) \(argument)"
      }
    }
  }

  /// The script's name (its path).
  public var script: String
  /// The line number, from 1.
  public var lineNumber: Int
  /// The line as written.
  public var line: String
  /// What is wrong with it.
  public var reason: Reason

  /// `script.txt:3: 'at x text b': 'x' is not a time in milliseconds (a whole number ≥ 0)`.
  public var description: String {
    "\(script):\(lineNumber): \(reason) in line '\(line)'"
  }
}
