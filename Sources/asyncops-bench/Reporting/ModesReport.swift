/// `asyncops-bench --modes-report RUN.json...`: the markdown tables docs/performance.md records
/// for a set of saved `--modes --json` runs: the runs (load, `handoff` per mode), then every
/// target's ratio in each mode per run and whether the worse mode met it, and in how many runs,
/// then the controls' ratios judged the same way (apart: they are not targets).
enum ModesReport {
  /// Reads the runs and prints the markdown; returns the exit status (2 when a file is unusable).
  static func run(paths: [String]) -> Int32 {
    var runs: [(path: String, rows: [ModeRow])] = []
    do throws(BenchComparison.InputError) {
      for path in paths {
        let rows = ModeRow.rows(try BenchComparison.runObjects(inFile: path))
        guard !rows.isEmpty else {
          throw BenchComparison.InputError(message: "\(path): no cases")
        }
        runs.append((path, rows))
      }
    } catch {
      writeStandardError("asyncops-bench: \(error.message)\n")
      return BenchCommand.usageExitStatus
    }
    for line in markdown(runs) { print(line) }
    return 0
  }

  /// The markdown lines for `runs`, in their order (run 1 is the first).
  static func markdown(_ runs: [(path: String, rows: [ModeRow])]) -> [String] {
    var modes: [String] = []
    for run in runs {
      for row in run.rows where !modes.contains(row.mode) { modes.append(row.mode) }
    }
    let modeNames = modes.map { $0.isEmpty ? "(one mode)" : $0 }.joined(separator: " / ")
    var lines = [
      "| run | file | load average (first case → last case) | handoff ns (\(modeNames)) |",
      "|---|---|---|---|",
    ]
    for (index, run) in runs.enumerated() {
      let loads = run.rows.compactMap(\.loadAverage)
      let load = loads.isEmpty ? "unknown" : "\(loads.first!) → \(loads.last!)"
      let handoffs = modes.map { mode in
        run.rows.first { $0.caseName == BenchCase.handoffName && $0.mode == mode }
          .map { NumberFormatting.fixed($0.nsPerElement, 0) } ?? "-"
      }
      lines.append(
        "| \(index + 1) | `\(run.path)` | \(load) | \(handoffs.joined(separator: " / ")) |")
    }
    lines += [
      "",
      "Each cell: ×reference in \(modeNames), then the verdict on the worse mode. A shape floor's "
        + "ratio is the median of its paired repetitions' ratios (see `TargetJudgement`).",
      "",
    ]
    lines += targetTable(runs, targets: BenchTargets.all, modes: modes)
    lines += statisticLines(runs, targets: BenchTargets.all, what: "targets", showingRange: false)
    lines += sectionApart(
      runs, caseNames: BenchCase.controlNames, what: "controls", modes: modes,
      heading: "Controls, not targets: each a shape floor measured as an operator case against a "
        + "copy of itself (`control-X` against `floor-control-X`, both `floor-X`'s body). A ratio "
        + "away from 1 is the measurement's own spread for that shape in that mode.")
    lines += sectionApart(
      runs, caseNames: BenchCase.comparisonNames, what: "comparisons", modes: modes,
      heading: "Probe comparisons, not targets: an operator case measured again, paired with a "
        + "probe instead of its floor (`share-1-broadcast` is `share-1`'s body against "
        + "`floor-share-1-broadcast`). A ratio near 1 says the probe's one extra thing accounts "
        + "for the operator's distance to its floor.")
    return lines + cpuTable(runs, modes: modes, modeNames: modeNames)
  }

  /// A table of paired cases judged apart from the targets (the controls, the probe comparisons)
  /// under `heading`, with how many held in every run; nothing when no run measured one.
  static func sectionApart(
    _ runs: [(path: String, rows: [ModeRow])], caseNames: [String], what: String,
    modes: [String], heading: String
  ) -> [String] {
    let targets = caseNames.map(ShapeFloors.target(for:))
    let table = targetTable(runs, targets: targets, modes: modes)
    guard table.count > 2 else { return [] }  // only the table's head: no run measured one
    return ["", heading, ""] + table
      + statisticLines(runs, targets: targets, what: what, showingRange: true)
  }

  /// One line per target measured in some run: its ratio in each mode per run, the verdict on the
  /// worse mode, and in how many runs it was met.
  static func targetTable(
    _ runs: [(path: String, rows: [ModeRow])], targets: [BenchTargets.Target], modes: [String]
  ) -> [String] {
    let verdicts = runs.map { TargetJudgement.judge($0.rows.map(\.result), targets: targets) }
    let runHeads = runs.indices.map { "run \($0 + 1)" }
    var lines = [
      "| target | limit | " + runHeads.joined(separator: " | ") + " | every run |",
      "|---|---|" + String(repeating: "---|", count: runs.count) + "---|",
    ]
    for target in targets {
      let perRun = verdicts.map { run in run.first { $0.target == target } }
      guard perRun.contains(where: { $0 != nil }) else { continue }
      let cells = perRun.map { verdict -> String in
        guard let verdict else { return "-" }
        let ratios = modes.map { mode in
          verdict.ratio(in: mode).map { NumberFormatting.fixed($0, 2) } ?? "-"
        }
        return ratios.joined(separator: " / ") + (verdict.met ? " met" : " **missed**")
      }
      let judged = perRun.compactMap { $0 }
      let metCount = judged.filter(\.met).count
      let summary =
        metCount == judged.count && judged.count == runs.count
        ? "met" : "**missed** (met in \(metCount) of \(runs.count))"
      lines.append(
        "| \(BenchTargets.targetLabel(target)) | ≤ \(NumberFormatting.fixed(target.limit, 2)) | "
          + cells.joined(separator: " | ") + " | \(summary) |")
    }
    return lines
  }

  /// How many of `targets` (called `what`) were met in every run, and with `showingRange` the
  /// range of their ratios (for the controls: the measurement's own spread), under each
  /// ``TargetJudgement/Statistic``: the judged one (paired) and the ratio of medians beside it,
  /// so a reader sees what the choice of statistic changes.
  static func statisticLines(
    _ runs: [(path: String, rows: [ModeRow])], targets: [BenchTargets.Target], what: String,
    showingRange: Bool
  ) -> [String] {
    let statistics: [(TargetJudgement.Statistic, String)] = [
      (.pairedMedian, "judged: the median of the paired repetitions' ratios"),
      (.ratioOfMedians, "not judged: the ratio of the two medians"),
    ]
    var lines: [String] = []
    for (statistic, label) in statistics {
      let verdicts = runs.map {
        TargetJudgement.judge($0.rows.map(\.result), targets: targets, statistic: statistic)
      }
      let ratios = verdicts.flatMap { $0.flatMap { $0.ratios.map(\.ratio) } }
      guard let low = ratios.min(), let high = ratios.max() else { return [] }
      let measured = targets.filter { target in
        verdicts.allSatisfy { run in run.contains { $0.target == target } }
      }
      let metEveryRun = measured.filter { target in
        verdicts.allSatisfy { run in run.first { $0.target == target }?.met == true }
      }
      let range =
        showingRange
        ? "; ratios \(NumberFormatting.fixed(low, 2))–\(NumberFormatting.fixed(high, 2))" : ""
      lines.append(
        "- \(label): \(metEveryRun.count) of \(measured.count) \(what) met in every run\(range).")
    }
    return [""] + lines
  }

  /// CPU time per element of each `handoff`-referenced target case over `handoff`'s, per run and
  /// mode: less sensitive to other processes than the wall-clock ratios (a preempted thread
  /// uses no CPU), so a loaded run still says something; the targets are judged on wall time.
  static func cpuTable(
    _ runs: [(path: String, rows: [ModeRow])], modes: [String], modeNames: String
  ) -> [String] {
    let names = BenchTargets.all.filter { $0.reference == BenchCase.handoffName }.map(\.caseName)
    let measured = names.filter { name in runs.contains { $0.rows.contains { $0.caseName == name } }
    }
    guard !measured.isEmpty else { return [] }
    var lines = [
      "",
      "CPU ns per element (every thread) over `handoff`'s, in \(modeNames) (not judged):",
      "",
      "| case | " + runs.indices.map { "run \($0 + 1)" }.joined(separator: " | ") + " |",
      "|---|" + String(repeating: "---|", count: runs.count),
    ]
    for name in measured {
      let cells = runs.map { run in
        modes.map { mode -> String in
          let row = run.rows.first { $0.caseName == name && $0.mode == mode }
          let handoff = run.rows.first { $0.caseName == BenchCase.handoffName && $0.mode == mode }
          guard let cpu = row?.cpuNsPerElement, let floor = handoff?.cpuNsPerElement, floor > 0
          else { return "-" }
          return NumberFormatting.fixed(cpu / floor, 2)
        }.joined(separator: " / ")
      }
      lines.append("| \(name) | " + cells.joined(separator: " | ") + " |")
    }
    return lines
  }
}
