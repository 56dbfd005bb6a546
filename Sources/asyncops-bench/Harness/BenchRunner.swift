/// Runs one ``BenchCase``: prepare (untimed), warm-ups, timed repetitions, memory probe.
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
    /// What it reported.
    let outcome: RunOutcome
  }

  /// Smoke-run sizes and repetition counts.
  let quick: Bool
  /// `--repetitions`: overrides every case's repetition count.
  let repetitionsOverride: Int?
  /// Where progress of long cases is shown.
  let progress: ProgressLine

  /// Measures `benchCase`; throws if preparing or any run fails or a checksum does not match.
  @concurrent
  func measure(_ benchCase: BenchCase) async throws -> CaseMeasurement {
    let probe = PeakMemoryProbe.start()
    let clock = ContinuousClock()
    let preparing = clock.now
    progress.showOnTerminal("\(benchCase.name): preparing")
    let body = try await benchCase.prepare(quick ? benchCase.quickSize : benchCase.size)
    var isLong = preparing.duration(to: clock.now) >= ProgressLine.longCaseThreshold
    let repetitions =
      repetitionsOverride
      ?? (quick ? min(benchCase.repetitions, BenchOptions.quickRepetitions) : benchCase.repetitions)
    let runs = benchCase.warmups + repetitions
    var timed: [TimedRun] = []
    for run in 0..<runs {
      if isLong {
        let phase =
          run < benchCase.warmups
          ? "warm-up \(run + 1)/\(benchCase.warmups)"
          : "repetition \(run - benchCase.warmups + 1)/\(repetitions)"
        progress.show("\(benchCase.name): \(phase)")
      }
      let usageBefore = ContextSwitches.now()
      let start = clock.now
      let outcome = try await body()
      let elapsed = start.duration(to: clock.now)
      let usageAfter = ContextSwitches.now()
      guard outcome.checksum == outcome.expected else {
        throw ChecksumMismatch(caseName: benchCase.name, outcome: outcome)
      }
      isLong = isLong || elapsed >= ProgressLine.longCaseThreshold
      if run >= benchCase.warmups {
        timed.append(
          TimedRun(
            nanoseconds: outcome.timedNanoseconds ?? nanoseconds(elapsed),
            contextSwitches: usageAfter.switches - usageBefore.switches,
            cpuNanoseconds: usageAfter.cpuNanoseconds - usageBefore.cpuNanoseconds,
            outcome: outcome))
      }
    }
    progress.clear()
    return summarize(benchCase.name, timed, peak: probe.peakGrowthBytes())
  }

  private func summarize(
    _ name: String, _ timed: [TimedRun], peak: Int?
  ) -> CaseMeasurement {
    let perElement = timed.map { $0.nanoseconds / Double(max($0.outcome.elements, 1)) }
    let switchesPerElement = timed.map {
      Double($0.contextSwitches) / Double(max($0.outcome.elements, 1))
    }
    let cpuPerElement = timed.map { $0.cpuNanoseconds / Double(max($0.outcome.elements, 1)) }
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
      peakMemoryBytes: peak, extraFields: extraFields)
  }
}
