import Foundation
import Testing

/// `asyncops-bench --svg FILE --from RUN.json`, run as a process on a small saved run.
@Suite struct BenchChartCommandTests {
  /// A saved run: the two floors, three operator cases and the typing replay.
  static let run = """
    {"case": "handoff", "nsPerElement": 500.0, "noise": 0.1, "runsNsPerElement": [500.0]}
    {"case": "floor", "nsPerElement": 1250.0, "noise": 0.1}
    {"case": "combineLatest2", "nsPerElement": 750.0}
    {"case": "share-4-async", "nsPerElement": 50.5}
    {"case": "push-share-1", "nsPerElement": 5000.0}
    {"case": "typing-replay-1m", "nsPerElement": 1107937990.0, "p50Ms": 5.5, "p95Ms": 9.5, "p99Ms": 20.5}

    """

  static func draw(_ json: String, file: String = "chart.svg") throws -> (
    result: BrewSearchProcess.Result, folder: URL
  ) {
    let folder = try BrewSearchProcess.temporaryFolder()
    try Data(json.utf8).write(to: folder.appendingPathComponent("run.json"))
    let result = try BrewSearchProcess.run(
      ["--svg", file, "--from", "run.json"], program: "asyncops-bench", directory: folder)
    return (result, folder)
  }

  @Test func eachCaseIsABarAndTheFloorsAreReferenceLinesAtTheirBars() throws {
    let (result, folder) = try Self.draw(Self.run)
    #expect(result.status == 0, "\(result.stderr)")
    let tree = try SVGTree(
      parsing: String(contentsOf: folder.appendingPathComponent("chart.svg"), encoding: .utf8))
    let bars = tree.elements.filter { $0.name == "rect" && $0.attributes["data-case"] != nil }
    let perElement = bars.filter { !$0.classes.contains("latency") }
    #expect(
      perElement.map { $0.attributes["data-case"] ?? "" } == [
        "handoff", "floor", "combineLatest2", "share-4-async", "push-share-1",
      ])
    let ends = Dictionary(
      uniqueKeysWithValues: perElement.map {
        ($0.attributes["data-case"] ?? "", ($0.number("x") ?? 0) + ($0.number("width") ?? 0))
      })
    #expect(ends["share-4-async"]! < ends["handoff"]!)
    #expect(ends["handoff"]! < ends["combineLatest2"]!)
    #expect(ends["combineLatest2"]! < ends["floor"]!)
    #expect(ends["floor"]! < ends["push-share-1"]!)
    #expect(tree.elements.allSatisfy { $0.attributes["id"] == nil }, "DocC would <use> an id")
    let references = tree.indices(withClasses: "reference").map { tree.elements[$0] }
    #expect(references.map { $0.attributes["data-reference"] ?? "" } == ["handoff", "floor"])
    for line in references {
      let name = line.attributes["data-reference"] ?? ""
      #expect(line.number("x1") == ends[name], "the \(name) line is at its bar's end")
    }
  }

  @Test func theTypingReplayIsDrawnAsItsLatencyPercentiles() throws {
    let (result, folder) = try Self.draw(Self.run)
    #expect(result.status == 0, "\(result.stderr)")
    let tree = try SVGTree(
      parsing: String(contentsOf: folder.appendingPathComponent("chart.svg"), encoding: .utf8))
    let latency = tree.indices(withClasses: "bar", "latency").map { tree.elements[$0] }
    #expect(
      latency.map { $0.attributes["data-case"] ?? "" }
        == Array(repeating: "typing-replay-1m", count: 3))
    #expect(latency.map { $0.attributes["data-percentile"] ?? "" } == ["p50", "p95", "p99"])
    let widths = latency.compactMap { $0.number("width") }
    #expect(widths == widths.sorted() && Set(widths).count == 3)
    let texts = tree.elements.filter { $0.name == "text" }.map(\.text)
    #expect(texts.contains("5.5 ms") && texts.contains("20.5 ms"))
  }

  @Test func theSameRunGivesTheSameBytes() throws {
    let first = try Self.draw(Self.run)
    let second = try Self.draw(Self.run)
    let one = try Data(contentsOf: first.folder.appendingPathComponent("chart.svg"))
    let two = try Data(contentsOf: second.folder.appendingPathComponent("chart.svg"))
    #expect(!one.isEmpty && one == two)
  }

  @Test func theCheckedInChartIsDrawnFromTheCheckedInRun() throws {
    let images = DiagramManifest.repository.appendingPathComponent("docs/images")
    let folder = try BrewSearchProcess.temporaryFolder()
    let result = try BrewSearchProcess.run(
      [
        "--svg", folder.appendingPathComponent("bench.svg").path, "--from",
        images.appendingPathComponent("bench.json").path,
      ], program: "asyncops-bench")
    #expect(result.status == 0, "\(result.stderr)")
    let drawn = try Data(contentsOf: folder.appendingPathComponent("bench.svg"))
    let checkedIn = try Data(contentsOf: images.appendingPathComponent("bench.svg"))
    if drawn != checkedIn {
      Issue.record("docs/images/bench.svg is stale: run scripts/render-diagrams")
    }
  }

  @Test func aRunThatIsNotBenchmarkOutputIsAnErrorNamingItsLine() throws {
    let (result, folder) = try Self.draw("{\"case\": \"handoff\", \"nsPerElement\": 1}\n{oops}\n")
    #expect(result.status == 2)
    #expect(result.stderr.contains("run.json:2:"), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["run.json"])
  }

  @Test func anUnwritablePathIsAnErrorAndWritesNothing() throws {
    let (result, folder) = try Self.draw(Self.run, file: "missing/chart.svg")
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("cannot write the chart to 'missing/chart.svg'"), "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["run.json"])
  }

  @Test func fromWithoutSVGIsAUsageError() throws {
    let result = try BrewSearchProcess.run(
      ["--from", "run.json"], program: "asyncops-bench")
    #expect(result.status == 2)
    #expect(result.stderr.contains("--from RUN.json draws a saved run"), "\(result.stderr)")
  }
}
