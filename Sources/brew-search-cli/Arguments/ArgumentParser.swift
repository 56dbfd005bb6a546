/// What a command accepts: options that take a value, flags that do not, and how many
/// positional arguments it needs.
struct ArgumentSpec {
  var command: String
  var valueOptions: Set<String> = []
  var flags: Set<String> = []
  var positionals: ClosedRange<Int> = 0...0
  /// What the positionals are called, for messages (`"SCRIPT"`, `"OPERATOR INPUT..."`).
  var positionalName = ""
}

/// The arguments of one command, after parsing.
struct ParsedArguments {
  var values: [String: String] = [:]
  var flags: Set<String> = []
  var positionals: [String] = []

  func value(_ option: String) -> String? { values[option] }
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// An integer option within `range`, or `fallback` when absent.
  func integer(_ option: String, in range: ClosedRange<Int>, default fallback: Int)
    throws(CommandLineError) -> Int
  {
    guard let text = values[option] else { return fallback }
    guard let number = Int(text), range.contains(number) else {
      throw CommandLineError(
        "invalid value '\(text)' for \(option): expected a whole number from \(range.lowerBound) to \(range.upperBound)"
      )
    }
    return number
  }

  /// One of `choices` for `option`, or `fallback` when absent.
  func choice(_ option: String, of choices: [String], default fallback: String)
    throws(CommandLineError) -> String
  {
    guard let text = values[option] else { return fallback }
    guard choices.contains(text) else {
      throw CommandLineError(
        "invalid value '\(text)' for \(option): expected one of \(choices.joined(separator: ", "))")
    }
    return text
  }
}

/// A small POSIX-style parser: `--name value`, `--name=value`, flags, and `--` after which every
/// argument is positional (so a marble may start with `-`).
enum ArgumentParser {
  static func parse(_ arguments: [String], spec: ArgumentSpec) throws(CommandLineError)
    -> ParsedArguments
  {
    var parsed = ParsedArguments()
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if spec.flags.contains(name) {
        guard inlineValue == nil else {
          throw CommandLineError("\(spec.command): \(name) takes no value (got '\(argument)')")
        }
        parsed.flags.insert(name)
      } else if spec.valueOptions.contains(name) {
        if let inlineValue {
          parsed.values[name] = inlineValue
        } else if index < arguments.count {
          parsed.values[name] = arguments[index]
          index += 1
        } else {
          throw CommandLineError("\(spec.command): \(name) needs a value")
        }
      } else {
        let hint =
          spec.positionals.upperBound > 0
          ? " (an argument that starts with '-' goes after '--')" : ""
        throw CommandLineError(
          "\(spec.command): unknown option '\(name)'\(hint). Run 'brew-search \(spec.command) --help'."
        )
      }
    }
    guard spec.positionals.contains(parsed.positionals.count) else {
      throw CommandLineError(
        positionalCountMessage(spec: spec, count: parsed.positionals.count))
    }
    return parsed
  }

  private static func positionalCountMessage(spec: ArgumentSpec, count: Int) -> String {
    let range = spec.positionals
    let expected =
      range.lowerBound == range.upperBound
      ? "\(range.lowerBound)"
      : range.upperBound == Int.max
        ? "at least \(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
    let what = spec.positionalName.isEmpty ? "" : " (\(spec.positionalName))"
    return "\(spec.command): expected \(expected) argument(s)\(what), got \(count). "
      + "Run 'brew-search \(spec.command) --help'."
  }
}
