import BrewSearch
import Foundation

/// The brews a command starts with: `--data FILE`, `--generate N [--seed S]`, or the sample.
enum BrewSourceOptions {
  /// The brews; `progress` shows the loading or generating of large sources.
  static func load(_ arguments: ParsedArguments, progress: ProgressBar? = nil) throws -> [Brew] {
    let data = arguments.value("--data")
    let generate = arguments.value("--generate")
    if data != nil, generate != nil {
      throw CommandLineError("--data and --generate cannot be used together: choose one source")
    }
    if arguments.value("--seed") != nil, generate == nil {
      throw CommandLineError("--seed only applies with --generate N")
    }
    if let data { return try loadFile(data, progress: progress) }
    if generate != nil {
      let count = try arguments.integer("--generate", in: 0...10_000_000, default: 0)
      let seed = try arguments.integer("--seed", in: 0...Int.max, default: 1)
      let progress = count >= ProgressBar.minimumBrews ? progress : nil
      defer { progress?.clear() }
      return BrewGenerator(seed: UInt64(seed)).brews(count: count) { made in
        progress?.show(
          "Generating", fraction: Double(made) / Double(max(1, count)), count: made, total: count)
      }
    }
    return Brew.sampleHistory
  }

  /// Reads and checks a JSON data file; every problem names the file, line and column.
  static func loadFile(_ path: String, progress: ProgressBar? = nil) throws -> [Brew] {
    let name = URL(fileURLWithPath: path).lastPathComponent
    // A small file loads in a blink: no bar (one would only flash).
    let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
    let progress = size >= ProgressBar.minimumBrews * 100 ? progress : nil
    progress?.show("Reading \(name)", fraction: 0, count: 0)
    defer { progress?.clear() }
    let bytes = try InputFiles.readData(path, what: "data file")
    do {
      return try BrewDataFile.decode(bytes, file: path) { count, fraction in
        progress?.show("Loading \(name)", fraction: fraction, count: count)
      }
    } catch {
      throw CommandLineError("\(error)")
    }
  }
}

/// Reading the files a command names, with messages that say which file and why.
enum InputFiles {
  static func readData(_ path: String, what: String) throws -> Data {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CommandLineError("\(what) '\(path)' does not exist")
    }
    guard !isDirectory.boolValue else {
      throw CommandLineError("\(what) '\(path)' is a directory, not a file")
    }
    // A device or a pipe (/dev/zero, a FIFO) could be read for ever: only regular files are read.
    let type =
      (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    guard type == .typeRegular else {
      throw CommandLineError("\(what) '\(path)' is not a regular file")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandLineError("\(what) '\(path)' cannot be read (check its permissions)")
    }
    return data
  }

  static func readText(_ path: String, what: String) throws -> String {
    let data = try readData(path, what: what)
    guard let text = String(data: data, encoding: .utf8) else {
      throw CommandLineError("\(what) '\(path)' is not valid UTF-8 text")
    }
    return text
  }
}

/// Turns a parsed event into an input, reading a `source FILE` relative to `folder`.
enum SearchInputResolver {
  static func resolve(_ command: SearchScriptCommand, relativeTo folder: String) throws
    -> SearchInput
  {
    switch command {
    case .text(let text): return .text(text)
    case .method(let method): return .method(method)
    case .rating(let rating): return .rating(rating)
    case .source(.sample): return .source(Brew.sampleHistory)
    case .source(.file(let path)):
      let resolved = path.hasPrefix("/") || folder == "." ? path : folder + "/" + path
      return .source(try BrewSourceOptions.loadFile(resolved))
    }
  }
}

/// `--max-wait MS`, the search model's `maxWait:` (pull only).
enum MaxWaitOption {
  /// The help line of `search` and `replay`.
  static let help = """
      --max-wait MS     search at least every MS while the text keeps changing (debounce's
                        maxWait; at least --debounce; not with the push model: it has none)
    """

  /// The `--max-wait` value, or `nil` when absent.
  /// - Throws: when it is not a whole number from `debounce` to 600000, or when an engine in
  ///   the push model is among the engines run: it (Combine's debounce) has no maxWait, and
  ///   silently ignoring it would show a different search.
  /// `pullEngines` are the engines of the command that have a maxWait, for the hint.
  static func parse(
    _ arguments: ParsedArguments, debounce: Int, pushIncluded: Bool, pullEngines: [String]
  ) throws(CommandLineError) -> Duration? {
    guard arguments.value("--max-wait") != nil else { return nil }
    let maxWait = try arguments.integer("--max-wait", in: debounce...600_000, default: debounce)
    guard !pushIncluded else {
      throw CommandLineError(
        "--max-wait is pull only: the push model has no maxWait (Combine's debounce has none); "
          + "use --engine " + pullEngines.joined(separator: " or "))
    }
    return .milliseconds(maxWait)
  }
}
