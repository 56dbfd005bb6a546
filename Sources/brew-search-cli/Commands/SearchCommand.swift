import BrewSearch
import Foundation
import Synchronization

/// `brew-search [search] [--data FILE] [--debounce MS] [--max-wait MS] [--engine pull|push]
/// [--json]`
enum SearchCommand {
  static let help = """
    USAGE: brew-search [search] [--data FILE | --generate N [--seed S]] [--debounce MS]
                                [--max-wait MS] [--engine pull|push] [--json]

    On a terminal: a live, full-screen search. Type to search the notes and method names (every
    printable character is text); Left, Right, Home, End, Backspace, Delete and Ctrl-U edit the
    query; Tab and Shift-Tab cycle the method filter; Up and Down change the minimum rating; PgUp
    and PgDn scroll the results; Esc or Ctrl-C exits.

    With standard input from a pipe or a file: one event per line, as in a replay script without
    times (text STRING, method NAME|any, rating N, source sample|FILE), and every emission is
    printed as it happens. At the end of input, pending work completes and the command exits.

    OPTIONS:
      --data FILE       the brews to search (JSON array); default: the embedded sample history
      --generate N      search N generated brews instead (deterministic, see --seed)
      --seed S          the generator's seed (default 1)
      --debounce MS     the search text's debounce interval (default 300)
    \(MaxWaitOption.help)
      --engine E        pull (structured concurrency, default) or push (Combine semantics)
      --json            piped mode: one JSON object per line
    """

  static let spec = ArgumentSpec(
    command: "search",
    valueOptions: [
      "--data", "--debounce", "--max-wait", "--engine", "--generate", "--seed",
    ],
    flags: ["--json"], positionals: 0...0)

  static func run(_ arguments: ParsedArguments) async throws -> Int32 {
    let engine = try arguments.choice("--engine", of: ["pull", "push"], default: "pull")
    let debounceMilliseconds = try arguments.integer("--debounce", in: 0...600_000, default: 300)
    let debounce = Duration.milliseconds(debounceMilliseconds)
    let maxWait = try MaxWaitOption.parse(
      arguments, debounce: debounceMilliseconds, pushIncluded: engine == "push",
      pullEngines: ["pull"])
    let progress = ProgressBar.forCommand()
    let brews = try BrewSourceOptions.load(arguments, progress: progress)
    let format = EmissionFormat(json: arguments.has("--json"))
    if engine == "pull" {
      let session = PullLiveSession(
        brews: brews, debounce: debounce, maxWait: maxWait, progress: progress)
      return try await run(session, engine: engine, format: format)
    }
    let session = PushLiveSession(brews: brews, debounce: debounce)
    return try await run(session, engine: engine, format: format)
  }

  private static func run(
    _ session: some LiveSession, engine: String, format: EmissionFormat
  ) async throws -> Int32 {
    if let terminal = RawTerminal() {
      return await InteractiveSearch(session: session, terminal: terminal, engine: engine).run()
    }
    return try await piped(session, engine: engine, format: format)
  }

  /// Reads events from standard input and prints every emission as it happens.
  private static func piped(
    _ session: some LiveSession, engine: String, format: EmissionFormat
  ) async throws -> Int32 {
    let start = ContinuousClock.now
    let output = OutputLock()
    let model = session.model
    @Sendable func elapsed() -> Int {
      Int(((ContinuousClock.now - start) / .milliseconds(1)).rounded(.down))
    }
    // The model is read inside the output lock: lines leave in the order the model was read, so
    // a callback preempted between reading and printing cannot print an older pass after a newer
    // one (the last line is always the last published pass).
    model.onFilterApplied = { [weak model] in
      guard let model else { return }
      output.print {
        format.results(engine: engine, milliseconds: elapsed(), brews: model.filteredBrews)
      }
    }
    model.onRecentSearchesChanged = { [weak model] in
      guard let model else { return }
      output.print {
        format.recent(engine: engine, milliseconds: elapsed(), terms: model.recentSearchTerms)
      }
    }
    await session.start()
    var lineNumber = 0
    for await line in StandardInput.lines() {
      lineNumber += 1
      let trimmed = SearchScript.trimmingLeadingBlanks(line[...])
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let input: SearchInput
      do {
        input = try SearchInputResolver.resolve(
          SearchScriptCommand(parsing: trimmed), relativeTo: ".")
      } catch {
        await session.stop()
        let reason = (error as? CommandLineError)?.message ?? "\(error)"
        throw CommandLineError("standard input, line \(lineNumber): \(reason) in line '\(line)'")
      }
      await session.apply(input)
    }
    await session.finish()
    return 0
  }
}

/// Serializes lines written from several tasks, so that they never interleave.
final class OutputLock: Sendable {
  private let lock = Mutex(())

  func print(_ text: String) {
    print { text }
  }

  /// Makes the line and writes it in one critical section, so lines leave in the order their
  /// contents were read.
  func print(_ makeLine: () -> String) {
    // Written straight to the file descriptor: unbuffered, so each line leaves as it happens.
    lock.withLock { _ in FileHandle.standardOutput.write(Data((makeLine() + "\n").utf8)) }
  }
}
