import BrewSearch
import BrewSearchReplay
import Foundation

/// `brew-search replay SCRIPT [--data FILE] [--debounce MS] [--max-wait MS]
/// [--engine pull|push|observation|both|all] [--json]`
enum ReplayCommand {
  static let help = """
    USAGE: brew-search replay SCRIPT [--data FILE | --generate N [--seed S]] [--debounce MS]
                              [--max-wait MS] [--engine pull|push|observation|both|all]
                              [--json]

    Runs a search script on virtual time and prints every emission with its instant.

    Script lines (times in milliseconds, never going backwards; a replay lasts at most one hour,
    so a time plus the debounce is at most 3600000):
      at MS text STRING        sets the whole search text (the rest of the line, may be empty)
      at MS method NAME|any    \(BrewMethod.allCases.map(\.rawValue).joined(separator: ", "))
      at MS rating N           the minimum rating, 0-5
      at MS source sample|FILE replaces the brews (FILE relative to the script's folder)
      # comment, and blank lines

    OPTIONS:
      --data FILE       the brews to start with (JSON array); default: the embedded sample history
      --generate N      start with N generated brews instead (deterministic, see --seed)
      --seed S          the generator's seed (default 1)
      --debounce MS     the search text's debounce interval (default 300)
    \(MaxWaitOption.help)
      --engine E        pull (channels, the default), push (Combine semantics), observation
                        (inputs read through Observations: the inputs of one instant are one
                        transaction), both (pull and push) or all three; with both or all, the
                        last lines say whether each timeline agrees with pull's, and the exit
                        status is 1 when one differs
      --json            one JSON object per line
    """

  static let spec = ArgumentSpec(
    command: "replay",
    valueOptions: [
      "--data", "--debounce", "--max-wait", "--engine", "--generate", "--seed",
    ],
    flags: ["--json"], positionals: 1...1, positionalName: "SCRIPT")

  static func run(_ arguments: ParsedArguments) async throws -> Int32 {
    let scriptPath = arguments.positionals[0]
    let engine = try arguments.choice(
      "--engine", of: ["pull", "push", "observation", "both", "all"], default: "pull")
    let engines = ["pull", "push", "observation"].filter { name in
      engine == name || engine == "all" || (engine == "both" && name != "observation")
    }
    let debounce = try arguments.integer("--debounce", in: 0...600_000, default: 300)
    let maxWait = try MaxWaitOption.parse(
      arguments, debounce: debounce, pushIncluded: engines.contains("push"),
      pullEngines: ["pull", "observation"])
    let format = EmissionFormat(json: arguments.has("--json"))
    let source = try BrewSourceOptions.load(arguments, progress: ProgressBar.forCommand())
    let scriptText = try InputFiles.readText(scriptPath, what: "script")
    let script: SearchScript
    do {
      script = try SearchScript(parsing: scriptText, name: scriptPath)
    } catch {
      throw CommandLineError(error.description)
    }
    try checkDuration(script, scriptName: scriptPath, debounce: debounce)
    let folder = URL(fileURLWithPath: scriptPath).deletingLastPathComponent().path
    let inputs = try resolve(script, scriptName: scriptPath, relativeTo: folder)
    // Everything is read and checked before the first line is printed.
    var timelines: [(String, SearchTimeline)] = []
    for name in engines {
      timelines.append(
        (name, try await run(name, inputs, source: source, debounce: debounce, maxWait: maxWait))
      )
    }
    for (name, timeline) in timelines {
      for emission in timeline.emissions {
        print(format.line(for: emission, engine: name))
      }
      print(format.summary(engine: name, filterPasses: timeline.filterPasses))
    }
    guard let (first, reference) = timelines.first, timelines.count > 1 else { return 0 }
    var status: Int32 = 0
    for (name, timeline) in timelines.dropFirst() {
      let difference = reference.firstDifference(from: timeline)
      print(format.verdict(first, name, agree: difference == nil, detail: difference ?? ""))
      if difference != nil { status = 1 }
    }
    return status
  }

  /// Runs the timed inputs on the named engine's model, on virtual time.
  private static func run(
    _ engine: String, _ inputs: [TimedSearchInput], source: [Brew], debounce: Int,
    maxWait: Duration?
  ) async throws -> SearchTimeline {
    switch engine {
    case "push":
      return ScriptedSession.runPush(inputs, source: source, debounce: .milliseconds(debounce))
    case "observation":
      guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
        throw CommandLineError("--engine observation needs macOS 26 (Observations)")
      }
      return try await ScriptedSession.runObservation(
        inputs, source: source, debounce: .milliseconds(debounce), maxWait: maxWait)
    default:
      return try await ScriptedSession.runPull(
        inputs, source: source, debounce: .milliseconds(debounce), maxWait: maxWait)
    }
  }

  /// The longest replay: the pull engine's virtual time runs one hour at most.
  static let longestReplay: Duration = .seconds(3600)

  /// Rejects a line whose time (plus the debounce it may start) is past the end of a replay,
  /// before anything runs, rather than failing inside the engines.
  private static func checkDuration(_ script: SearchScript, scriptName: String, debounce: Int)
    throws(CommandLineError)
  {
    let latest = longestReplay - .milliseconds(debounce)
    guard let late = script.lines.first(where: { $0.time > latest }) else { return }
    throw CommandLineError(
      "\(scriptName):\(late.lineNumber): time \(milliseconds(late.time)) ms is too late: a "
        + "replay lasts at most one hour, so with the \(debounce) ms debounce times go up to "
        + "\(milliseconds(latest)) ms")
  }

  /// Whole milliseconds of a script time. Script times are parsed from an `Int` of milliseconds,
  /// so this cannot overflow (unlike going through `Double`, which rounds `Int.max` up).
  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }

  /// Turns script lines into timed inputs, reading each `source FILE` once.
  private static func resolve(
    _ script: SearchScript, scriptName: String, relativeTo folder: String
  ) throws
    -> [TimedSearchInput]
  {
    var loaded: [String: [Brew]] = [:]
    return try script.lines.map { line in
      let input: SearchInput
      switch line.command {
      case .text(let text): input = .text(text)
      case .method(let method): input = .method(method)
      case .rating(let rating): input = .rating(rating)
      case .source(.sample): input = .source(Brew.sampleHistory)
      case .source(.file(let path)):
        let resolved = path.hasPrefix("/") ? path : folder + "/" + path
        if loaded[resolved] == nil {
          do {
            loaded[resolved] = try BrewSourceOptions.loadFile(resolved)
          } catch let error as CommandLineError {
            throw CommandLineError("\(scriptName):\(line.lineNumber): \(error.message)")
          }
        }
        input = .source(loaded[resolved] ?? [])
      }
      return TimedSearchInput(time: line.time, input: input)
    }
  }
}
