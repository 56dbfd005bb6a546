/// Runs one ``BenchCase`` (prepare, untimed; warm-ups; timed repetitions; memory probe), or a shape
/// floor and its operator case with their repetitions alternated.
struct BenchRunner {
  /// A run whose checksum did not match: the consumer missed, duplicated or invented elements.
  struct ChecksumMismatch: Error, CustomStringConvertible {
    /// The failing case.
    let caseName: String
    /// What the run reported.
    let outcome: RunOutcome

    var description: String {
      "\(caseName): checksum \(outcome.checksum) over \(outcome.elements) elements, "
        + "expected \(outcome.expected)"
    }
  }

  /// One timed repetition.
  struct TimedRun {
    /// Its duration.
    let nanoseconds: Double
    /// The process's context switches during it (see ``ContextSwitches``).
    let contextSwitches: Int
    /// The process's CPU time during it, every thread.
    let cpuNanoseconds: Double
    /// The machine's steal time during it (see ``HostSteal``); `nil` where it cannot be read.
    let stealNanoseconds: Double?
    /// What it reported.
    let outcome: RunOutcome
  }

  /// Smoke-run sizes and repetition counts.
  let quick: Bool
  /// `--repetitions`: overrides every case's repetition count.
  let repetitionsOverride: Int?
  /// Where progress of long cases is shown.
  let progress: ProgressLine

  /// A case being measured: its body, prepared, and the repetitions timed so far.
  private struct Measuring {
    let benchCase: BenchCase
    let body: BenchCase.Body
    let repetitions: Int
    /// Whether progress is shown per run.
    var isLong: Bool
    var timed: [TimedRun] = []

    var runs: Int { benchCase.warmups + repetitions }
  }

  /// Measures `benchCase`; throws if preparing or any run fails or a checksum does not match.
  @concurrent
  func measure(_ benchCase: BenchCase) async throws -> CaseMeasurement {
    let probe = PeakMemoryProbe.start()
    var measuring = try await prepare(benchCase)
    for run in 0..<measuring.runs { try await runOnce(&measuring, run: run) }
    progress.clear()
    return summarize(benchCase.name, measuring.timed, peak: probe.peakGrowthBytes())
  }

  /// Measures a shape floor and its operator case as a pair: each is prepared and warmed up, then
  /// their timed repetitions alternate (floor, operator, floor, …), so the two medians come from
  /// the same stretch of time. On this machine a case's speed can sit in one of two states for
  /// seconds at a time (which thread a wake-up lands on), and measured one after the other the
  /// floor could take one state and its operator the other: identical loops differed 2×. Each
  /// case's peak memory is taken over its preparation and warm-ups (the repetitions of the two
  /// interleave, so one process-wide peak could not tell them apart).
  @concurrent
  func measurePair(
    floor floorCase: BenchCase, operator operatorCase: BenchCase
  ) async throws -> (floor: CaseMeasurement, operator: CaseMeasurement) {
    let floorProbe = PeakMemoryProbe.start()
    var floor = try await prepare(floorCase)
    for run in 0..<floorCase.warmups { try await runOnce(&floor, run: run) }
    let floorPeak = floorProbe.peakGrowthBytes()
    let operatorProbe = PeakMemoryProbe.start()
    var measured = try await prepare(operatorCase)
    for run in 0..<operatorCase.warmups { try await runOnce(&measured, run: run) }
    let operatorPeak = operatorProbe.peakGrowthBytes()
    for repetition in 0..<max(floor.repetitions, measured.repetitions) {
      if repetition < floor.repetitions {
        try await runOnce(&floor, run: floorCase.warmups + repetition)
      }
      if repetition < measured.repetitions {
        try await runOnce(&measured, run: operatorCase.warmups + repetition)
      }
    }
    progress.clear()
    return (
      summarize(floorCase.name, floor.timed, peak: floorPeak),
      summarize(operatorCase.name, measured.timed, peak: operatorPeak)
    )
  }

  /// Prepares `benchCase` (untimed) and decides its repetitions.
  private func prepare(_ benchCase: BenchCase) async throws -> Measuring {
    let clock = ContinuousClock()
    let preparing = clock.now
    progress.showOnTerminal("\(benchCase.name): preparing")
    let body = try await benchCase.prepare(quick ? benchCase.quickSize : benchCase.size)
    let repetitions =
      repetitionsOverride
      ?? (quick ? min(benchCase.repetitions, BenchOptions.quickRepetitions) : benchCase.repetitions)
    return Measuring(
      benchCase: benchCase, body: body, repetitions: repetitions,
      isLong: preparing.duration(to: clock.now) >= ProgressLine.longCaseThreshold)
  }

  /// Runs `measuring`'s body once as its run number `run` (warm-ups first); a timed run is kept.
  private func runOnce(_ measuring: inout Measuring, run: Int) async throws {
    let benchCase = measuring.benchCase
    if measuring.isLong {
      let phase =
        run < benchCase.warmups
        ? "warm-up \(run + 1)/\(benchCase.warmups)"
        : "repetition \(run - benchCase.warmups + 1)/\(measuring.repetitions)"
      progress.show("\(benchCase.name): \(phase)")
    }
    let clock = ContinuousClock()
    let stealBefore = HostSteal.now()
    let usageBefore = ContextSwitches.now()
    let start = clock.now
    let outcome = try await measuring.body()
    let elapsed = start.duration(to: clock.now)
    let usageAfter = ContextSwitches.now()
    let stealAfter = HostSteal.now()
    guard outcome.checksum == outcome.expected else {
      throw ChecksumMismatch(caseName: benchCase.name, outcome: outcome)
    }
    measuring.isLong = measuring.isLong || elapsed >= ProgressLine.longCaseThreshold
    if run >= benchCase.warmups {
      measuring.timed.append(
        TimedRun(
          nanoseconds: outcome.timedNanoseconds ?? nanoseconds(elapsed),
          contextSwitches: usageAfter.switches - usageBefore.switches,
          cpuNanoseconds: usageAfter.cpuNanoseconds - usageBefore.cpuNanoseconds,
          stealNanoseconds: stealBefore.flatMap { before in stealAfter.map { $0 - before } },
          outcome: outcome))
    }
  }

  private func summarize(
    _ name: String, _ timed: [TimedRun], peak: Int?
  ) -> CaseMeasurement {
    let perElement = timed.map { $0.nanoseconds / Double(max($0.outcome.elements, 1)) }
    let switchesPerElement = timed.map {
      Double($0.contextSwitches) / Double(max($0.outcome.elements, 1))
    }
    let cpuPerElement = timed.map { $0.cpuNanoseconds / Double(max($0.outcome.elements, 1)) }
    // All or nothing: a partial list could not be matched to the repetitions.
    let steal = timed.compactMap { $0.stealNanoseconds.map { $0 / 1e6 } }
    let fieldNames = timed.first?.outcome.extraFields.map(\.name) ?? []
    let extraFields = fieldNames.map { field in
      let values = timed.compactMap { run in
        run.outcome.extraFields.first { $0.name == field }?.value
      }
      return (name: field, value: median(values))
    }
    return CaseMeasurement(
      name: name, elements: timed.last?.outcome.elements ?? 0, runsNsPerElement: perElement,
      runsContextSwitchesPerElement: switchesPerElement, runsCpuNsPerElement: cpuPerElement,
      runsStealMilliseconds: steal.count == timed.count ? steal : [],
      peakMemoryBytes: peak, extraFields: extraFields)
  }
}
