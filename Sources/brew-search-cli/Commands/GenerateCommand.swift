import BrewSearch
import Foundation

/// `brew-search generate N [--seed S]`: a deterministic synthetic history as a JSON data file.
enum GenerateCommand {
  static let help = """
    USAGE: brew-search generate N [--seed S]

    Prints N generated brews as a JSON array, the format --data reads. The same N and seed always
    give the same brews.

    OPTIONS:
      --seed S   the generator's seed (default 1)
    """

  static let spec = ArgumentSpec(
    command: "generate", valueOptions: ["--seed"], positionals: 1...1, positionalName: "N")

  static func run(_ arguments: ParsedArguments) throws(CommandLineError) -> Int32 {
    guard let count = Int(arguments.positionals[0]), (0...10_000_000).contains(count) else {
      throw CommandLineError(
        "generate: '\(arguments.positionals[0])' is not a count of brews (0 to 10000000)")
    }
    let seed = try arguments.integer("--seed", in: 0...Int.max, default: 1)
    let brews = BrewGenerator(seed: UInt64(seed)).brews(count: count)
    let data: Data
    do {
      data = try BrewDataFile.encode(brews)
    } catch {
      throw CommandLineError("generate: \(error)")
    }
    FileHandle.standardOutput.write(data)
    FileHandle.standardOutput.write(Data("\n".utf8))
    return 0
  }
}
