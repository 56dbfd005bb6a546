import Foundation

/// `brew-search`: the command-line demo of AsyncOps. See `brew-search --help`.
let usage = """
  USAGE: brew-search [COMMAND] [OPTIONS]

  COMMANDS:
    search     live search on a terminal, or events from a pipe (the default command)
    replay     run a timed search script on virtual time and print every emission
    marbles    evaluate an operator on marble inputs and print the output marble
    generate   print N generated brews as a JSON data file

  Run 'brew-search COMMAND --help' for a command's options.
  """

func runCommand(_ arguments: [String]) async -> Int32 {
  let command = arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "search"
  let rest = arguments.first == command ? Array(arguments.dropFirst()) : arguments
  if arguments.first == "--help" || arguments.first == "-h" || arguments.first == "help" {
    print(usage)
    return 0
  }
  do {
    switch command {
    case "search":
      if rest.contains("--help") {
        print(SearchCommand.help)
        return 0
      }
      return try await SearchCommand.run(ArgumentParser.parse(rest, spec: SearchCommand.spec))
    case "replay":
      if rest.contains("--help") {
        print(ReplayCommand.help)
        return 0
      }
      return try await ReplayCommand.run(ArgumentParser.parse(rest, spec: ReplayCommand.spec))
    case "marbles":
      if rest.first == "--help" || (rest.contains("--help") && !rest.contains("--")) {
        print(MarblesCommand.help)
        return 0
      }
      return try await MarblesCommand.run(ArgumentParser.parse(rest, spec: MarblesCommand.spec))
    case "generate":
      if rest.contains("--help") {
        print(GenerateCommand.help)
        return 0
      }
      return try GenerateCommand.run(ArgumentParser.parse(rest, spec: GenerateCommand.spec))
    default:
      throw CommandLineError("unknown command '\(command)'. Run 'brew-search --help'.")
    }
  } catch let error as CommandLineError {
    FileHandle.standardError.write(Data("brew-search: \(error.message)\n".utf8))
    return error.exitStatus
  } catch {
    FileHandle.standardError.write(Data("brew-search: \(error)\n".utf8))
    return 2
  }
}

exit(await runCommand(Array(CommandLine.arguments.dropFirst())))
