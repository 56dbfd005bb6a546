import Foundation
import Testing

/// `brew-search marbles ... --svg FILE`, run as a process.
@Suite struct MarblesSVGCommandTests {
  @Test func theSVGIsWrittenAndTheTextOutputIsUnchanged() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    let file = folder.appendingPathComponent("debounce.svg")
    let arguments = ["marbles", "debounce:3", "a-b|"]
    let plain = try BrewSearchProcess.run(arguments)
    let drawn = try BrewSearchProcess.run(
      ["marbles", "--svg", file.path, "--labels", "base,debounced", "debounce:3", "a-b|"])
    #expect(drawn.status == 0, "\(drawn.stderr)")
    #expect(drawn.stdout == plain.stdout)
    let tree = try SVGTree(parsing: try String(contentsOf: file, encoding: .utf8))
    let lanes = tree.indices(withClasses: "lane").map { tree.elements[$0] }
    #expect(
      lanes.map { $0.attributes["data-label"] ?? "" } == [
        "base", "debounced (pull)", "debounced (push)",
      ])
    #expect(lanes.map { $0.classes.contains("highlighted") } == [false, true, true])
  }

  @Test func theSameArgumentsWriteTheSameBytes() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    var contents: [Data] = []
    for name in ["first.svg", "second.svg"] {
      let file = folder.appendingPathComponent(name)
      let result = try BrewSearchProcess.run(
        ["marbles", "--svg", file.path, "share:0,2", "--", "-a[bc]-d^"])
      #expect(result.status == 0, "\(result.stderr)")
      contents.append(try Data(contentsOf: file))
    }
    #expect(!contents[0].isEmpty)
    #expect(contents[0] == contents[1])
  }

  @Test func aFolderThatDoesNotExistIsAnErrorNamingThePathAndWritesNothing() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    let missing = folder.appendingPathComponent("no-such-folder")
    let path = missing.appendingPathComponent("d.svg").path
    let result = try BrewSearchProcess.run(["marbles", "--svg", path, "debounce:3", "ab|"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty, "nothing printed when the picture cannot be written")
    #expect(result.stderr.contains("cannot write the SVG to '\(path)'"), "\(result.stderr)")
    #expect(result.stderr.contains("does not exist"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: missing.path))
  }

  @Test func aPathThatIsAFolderIsAnErrorAndLeavesTheFolderAlone() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    let result = try BrewSearchProcess.run(["marbles", "--svg", folder.path, "debounce:3", "ab|"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("it is a folder"), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test func aFailedEvaluationWritesNoPicture() throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    let file = folder.appendingPathComponent("x.svg")
    let result = try BrewSearchProcess.run(
      ["marbles", "--engine", "push", "--svg", file.path, "share:0:replay=1", "ab|"])
    #expect(result.status == 2)
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }

  @Test(arguments: [
    (["--labels", "a,b", "debounce:3", "ab|"], "--labels names the lanes of the SVG"),
    (["--svg", "x.svg", "--labels", "a,b,c", "debounce:3", "ab|"], "gives 3 names"),
    (["--svg", "x.svg", "--labels", "a,,c", "combineLatest", "a|", "b|"], "name 2 is empty"),
    (["--svg", "", "debounce:3", "ab|"], "--svg needs a file name"),
  ])
  func badDrawingOptionsAreErrorsThatWriteNothing(arguments: [String], message: String) throws {
    let folder = try BrewSearchProcess.temporaryFolder()
    let result = try BrewSearchProcess.run(["marbles"] + arguments, directory: folder)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
