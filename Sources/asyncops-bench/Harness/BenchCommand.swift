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
    if let path = options.svg, let source = options.chartSource {
      return BenchChart.run(from: source, to: path)
    }
    if let (base, new) = options.compare {
      return BenchComparison.run(basePath: base, newPath: new)
    }
    if !options.modesReport.isEmpty {
      return ModesReport.run(paths: options.modesReport)
    }
    if options.modes {
      return await ModesCommand.run(arguments: arguments, json: options.json)
    }
    let names = BenchCase.registry.map(\.name)
    precondition(Set(names).count == names.count, "asyncops-bench: duplicate case names")
    let planned = options.plannedCases
    let report = BenchReport(
      json: options.json, caseNames: planned.map(\.name), mode: options.mode)
    report.header(MachineDescription.current())
    let runner = BenchRunner(
      quick: options.quick, repetitionsOverride: options.repetitions, progress: ProgressLine())
    var floors = Floors()
    let pairedNames = BenchCase.pairedCaseNames
    var measured: [CaseMeasurement] = []
    var status: Int32 = 0
    /// Records and prints one measured case.
    func record(_ measurement: CaseMeasurement) {
      measured.append(measurement)
      switch measurement.name {
      case BenchCase.handoffName: floors.handoff = measurement
      case BenchCase.floorName: floors.floor = measurement
      default: break
      }
      if !BenchCase.floorNames.contains(measurement.name) {
        let floorName = ShapeFloors.floorName(of: measurement.name)
        let shapeFloor =
          pairedNames.contains(measurement.name)
          ? measured.last { $0.name == floorName } : nil
        report.line(measurement, floors: floors, shapeFloor: shapeFloor)
      }
    }
    var index = 0
    while index < planned.count {
      let benchCase = planned[index]
      // A shape floor planned right before its operator case is measured with it, their
      // repetitions alternated (see `BenchRunner.measurePair`).
      let next = planned.indices.contains(index + 1) ? planned[index + 1] : nil
      let pairedOperator = next.flatMap { next in
        !options.oneByOne && pairedNames.contains(next.name)
          && ShapeFloors.floorName(of: next.name) == benchCase.name ? next : nil
      }
      do {
        if let pairedOperator {
          let (floor, measuredOperator) = try await runner.measurePair(
            floor: benchCase, operator: pairedOperator)
          record(floor)
          record(measuredOperator)
        } else {
          record(try await runner.measure(benchCase))
        }
      } catch {
        let names = [benchCase.name] + (pairedOperator.map { [$0.name] } ?? [])
        writeStandardError(
          "asyncops-bench: case '\(names.joined(separator: "' or '"))' failed: \(error)\n")
        status = failureExitStatus
      }
      // The floors (always planned first) are printed once both are measured, so each has its
      // ratio to the other.
      if index == BenchCase.floorNames.count - 1 {
        for floor in measured { report.line(floor, floors: floors) }
      }
      index += pairedOperator == nil ? 1 : 2
    }
    if let path = options.svg {
      do {
        try BenchChart.write(BenchChart(measurements: measured).svg(), to: path)
      } catch {
        writeStandardError("asyncops-bench: \(error.message)\n")
        status = failureExitStatus
      }
    }
    let load = MachineDescription.current().loadAverage
    report.footer(
      ["load average at the end: \(load)"]
        + (options.mode.map { [$0.describeThreads()] } ?? []) + [""]
        + BenchTargets.lines(measured, handoff: floors.handoff))
    return status
  }
}
