/// The `asyncops-bench` program: parses the command line, measures the cases, prints the report.
enum BenchCommand {
  /// Exit status for a command line the benchmark cannot run.
  static let usageExitStatus: Int32 = 2
  /// Exit status when a case failed (threw, or its checksum did not match).
  static let failureExitStatus: Int32 = 1

  /// Runs the benchmark for `arguments` (without the program name); returns the exit status.
  @concurrent
  static func run(_ arguments: [String]) async -> Int32 {
    let options: BenchOptions
    do {
      options = try BenchOptions.parse(arguments)
    } catch {
      writeStandardError("asyncops-bench: \(error.message)\n")
      return usageExitStatus
    }
    if options.help {
      print(BenchOptions.helpText(memoryMethod: PeakMemoryProbe.probeMode()))
      return 0
    }
    let names = BenchCase.registry.map(\.name)
    precondition(Set(names).count == names.count, "asyncops-bench: duplicate case names")
    let planned = options.plannedCases
    let report = BenchReport(json: options.json, caseNames: planned.map(\.name))
    report.header(MachineDescription.current())
    let runner = BenchRunner(quick: options.quick, progress: ProgressLine())
    var floor: CaseMeasurement?
    var status: Int32 = 0
    for benchCase in planned {
      do {
        let measurement = try await runner.measure(benchCase)
        if benchCase.name == BenchCase.floorName { floor = measurement }
        report.line(measurement, floor: floor)
      } catch {
        writeStandardError("asyncops-bench: case '\(benchCase.name)' failed: \(error)\n")
        status = failureExitStatus
      }
    }
    return status
  }
}
