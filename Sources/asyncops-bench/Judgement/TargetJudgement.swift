/// Judges the speed targets on one run's measurements, in every scheduling mode the run has: a
/// target's ratio is taken in each mode against that mode's own reference case, and the target
/// is met only when the **worse** mode meets it (a target met in the lucky mode is not met for a
/// user). Pure: the `--modes` report, `--modes-report` and the single-mode footer share it.
enum TargetJudgement {
  /// One case's figures in one mode (`""` for a run without modes).
  struct Result: Equatable, Sendable {
    /// The case's name.
    let caseName: String
    /// `pinned`, `free`, or `""`.
    let mode: String
    /// Median ns per element.
    let nsPerElement: Double
    /// Fastest repetition, ns per element.
    var fastestNsPerElement: Double
    /// Slowest repetition, ns per element.
    var slowestNsPerElement: Double
    /// The case's own figures (median over its repetitions), for targets judged on one of them.
    var fields: [String: Double]

    /// A result whose repetitions all took `nsPerElement`.
    init(
      caseName: String, mode: String, nsPerElement: Double, fastestNsPerElement: Double? = nil,
      slowestNsPerElement: Double? = nil, fields: [String: Double] = [:]
    ) {
      self.fields = fields
      self.caseName = caseName
      self.mode = mode
      self.nsPerElement = nsPerElement
      self.fastestNsPerElement = fastestNsPerElement ?? nsPerElement
      self.slowestNsPerElement = slowestNsPerElement ?? nsPerElement
    }
  }

  /// A target's ratio in one mode.
  struct ModeRatio: Equatable, Sendable {
    /// The mode.
    let mode: String
    /// Median of the case over median of the reference.
    let ratio: Double
    /// The case's fastest repetition over the reference's median.
    let fastest: Double
    /// The case's slowest repetition over the reference's median.
    let slowest: Double
  }

  /// One target, judged.
  struct Verdict: Equatable, Sendable {
    /// The target.
    let target: BenchTargets.Target
    /// Its ratio in each mode that measured both the case and its reference, in the run's mode
    /// order.
    let ratios: [ModeRatio]

    /// The mode with the largest ratio (the first such, on a tie).
    var worse: ModeRatio {
      ratios.dropFirst().reduce(ratios[0]) { $1.ratio > $0.ratio ? $1 : $0 }
    }

    /// Met when the worse mode's ratio is at most the limit.
    var met: Bool { worse.ratio <= target.limit }

    /// The ratio in `mode`, if measured.
    func ratio(in mode: String) -> Double? {
      ratios.first { $0.mode == mode }?.ratio
    }
  }

  /// The verdict on every target in `targets` (in that order) whose case and reference the
  /// results hold in at least one common mode.
  static func judge(_ results: [Result], targets: [BenchTargets.Target]) -> [Verdict] {
    var modes: [String] = []
    for result in results where !modes.contains(result.mode) { modes.append(result.mode) }
    return targets.compactMap { target in
      let ratios = modes.compactMap { mode -> ModeRatio? in
        if let field = target.field {
          // A ratio the case measured itself, repetition by repetition.
          guard
            let value = results.first(where: {
              $0.mode == mode && $0.caseName == target.caseName
            })?.fields[field]
          else { return nil }
          return ModeRatio(mode: mode, ratio: value, fastest: value, slowest: value)
        }
        guard
          let measured = results.first(where: { $0.mode == mode && $0.caseName == target.caseName }
          ),
          let reference = results.first(where: {
            $0.mode == mode && $0.caseName == target.reference
          }),
          reference.nsPerElement > 0 || ShapeFloors.isShapeFloorTarget(target)
        else { return nil }
        let denominator =
          ShapeFloors.isShapeFloorTarget(target)
          ? max(reference.nsPerElement, ShapeFloors.foldedLoopNsPerElement)
          : reference.nsPerElement
        return ModeRatio(
          mode: mode, ratio: measured.nsPerElement / denominator,
          fastest: measured.fastestNsPerElement / denominator,
          slowest: measured.slowestNsPerElement / denominator)
      }
      return ratios.isEmpty ? nil : Verdict(target: target, ratios: ratios)
    }
  }
}
