import BrewSearch
import Foundation
import Testing

@Suite struct ReplayAndSearchCommandTests {
  private static let typing = """
    # the article's rapid typing, then a method and a rating
    at 0 text b
    at 5 text br
    at 10 text bri
    at 20 text bright
    at 400 method filter
    at 700 rating 4
    """

  private func writeScript(_ text: String, in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("typing.txt").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test func replayPrintsEveryEmissionAsJSONLines() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    let script = try writeScript(Self.typing, in: folder)
    let result = try BrewSearchProcess.run(["replay", script, "--debounce", "20", "--json"])
    #expect(result.status == 0)
    let bright = BrewQuery(text: "bright").filter(Brew.sampleHistory).map { "\"\($0.id)\"" }
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first == #"{"t":40,"engine":"pull","kind":"results","ids":["#
        + bright.joined(separator: ",") + "]}")
    #expect(lines.contains(#"{"t":40,"engine":"pull","kind":"recent","terms":["bright"]}"#))
    #expect(lines.last == #"{"engine":"pull","kind":"summary","filterPasses":3}"#)
  }

  @Test func replayWithBothEnginesSaysTheTimelinesAgree() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    let script = try writeScript(Self.typing, in: folder)
    let result = try BrewSearchProcess.run([
      "replay", script, "--engine", "both", "--debounce", "20",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("pull and push timelines agree\n"))
    #expect(result.stdout.contains("push summary: 3 filter passes"))
  }

  @Test func aScriptSourceFileIsReadRelativeToTheScript() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    let brews = Array(Brew.sampleHistory.prefix(3))
    try BrewDataFile.encode(brews).write(to: folder.appendingPathComponent("three.json"))
    let script = try writeScript("at 0 source three.json\nat 0 text \n", in: folder)
    let result = try BrewSearchProcess.run(
      ["replay", script, "--json"], directory: URL(fileURLWithPath: "/"))
    #expect(result.status == 0)
    let ids = brews.map { "\"\($0.id)\"" }.joined(separator: ",")
    #expect(result.stdout.contains(#"{"t":300,"engine":"pull","kind":"results","ids":[\#(ids)]}"#))
  }

  @Test func pipedSearchWithNoInputPrintsTheInitialFullList() throws {
    let result = try BrewSearchProcess.run([])
    #expect(result.status == 0)
    #expect(result.stdout.contains("results  \(Brew.sampleHistory.count) brews"))
    for brew in Brew.sampleHistory.prefix(3) { #expect(result.stdout.contains(brew.notes)) }
  }

  @Test(arguments: ["pull", "push"])
  func pipedSearchAppliesTheLastDebouncedValueAtTheEndOfInput(engine: String) throws {
    let input = Data("text jas\ntext jasmine\nmethod pourOver\n".utf8)
    let result = try BrewSearchProcess.run(
      ["search", "--engine", engine, "--json", "--debounce", "10000"], input: input)
    #expect(result.status == 0)
    let expected = BrewQuery(text: "jasmine", method: .pourOver).filter(Brew.sampleHistory)
    let ids = expected.map { "\"\($0.id)\"" }.joined(separator: ",")
    #expect(result.stdout.contains(#""engine":"\#(engine)","kind":"results","ids":[\#(ids)]}"#))
    #expect(result.stdout.contains(#""kind":"recent","terms":["jasmine"]}"#))
  }

  @Test func generateIsDeterministicAndReadableAsData() throws {
    let first = try BrewSearchProcess.run(["generate", "25", "--seed", "9"])
    let second = try BrewSearchProcess.run(["generate", "25", "--seed", "9"])
    #expect(first.status == 0)
    #expect(first.stdout == second.stdout)
    let brews = try BrewDataFile.decode(Data(first.stdout.utf8))
    #expect(brews.count == 25)
  }
}
