/// Judges the speed targets on one run's measurements, in every scheduling mode the run has: a
/// target's ratio is taken in each mode against that mode's own reference case, and the target
/// is met only when the **worse** mode meets it (a target met in the lucky mode is not met for a
/// user). Pure: the `--modes` report, `--modes-report` and the single-mode footer share it.
///
/// A shape-floor target is judged on its **paired** ratio: the floor and its operator case run
/// their repetitions alternated (floor, operator, floor, …; see `BenchRunner.measurePair`), so
/// repetition *i* of each ran in the same stretch of time, and the ratio is the median of the
/// per-repetition ratios. A stretch in which the machine runs everything slower (which thread a
/// wake-up lands on, another process) then slows both sides of one ratio instead of one of the two
/// medians. The controls (a floor against a copy of itself) show the difference: over four
/// five-run series their ratios spread 0.65–1.33 paired against 0.52–1.63 as a ratio of medians.
enum TargetJudgement {
  /// How a shape-floor target's ratio is taken from the two cases' repetitions.
  enum Statistic: Equatable, Sendable {
    /// The median of the per-repetition ratios, when the two cases have the same number of
    /// repetitions (else the ratio of medians).
    case pairedMedian
    /// The case's median over the reference's median.
    case ratioOfMedians
  }

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
    /// Every timed repetition's ns per element, in the order they ran (empty when unknown).
    var runsNsPerElement: [Double]

    /// A result whose repetitions all took `nsPerElement`.
    init(
      caseName: String, mode: String, nsPerElement: Double, fastestNsPerElement: Double? = nil,
      slowestNsPerElement: Double? = nil, fields: [String: Double] = [:],
      runsNsPerElement: [Double] = []
    ) {
      self.fields = fields
      self.runsNsPerElement = runsNsPerElement
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
    /// The judged ratio: the paired median for a shape-floor target whose repetitions pair up,
    /// else the case's median over the reference's.
    let ratio: Double
    /// The smallest ratio: of the pairs, or the case's fastest repetition over the reference's
    /// median.
    let fastest: Double
    /// The largest ratio, taken as ``fastest`` is.
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
  /// results hold in at least one common mode, shape-floor targets taken by `statistic`.
  static func judge(
    _ results: [Result], targets: [BenchTargets.Target], statistic: Statistic = .pairedMedian
  ) -> [Verdict] {
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
        guard ShapeFloors.isShapeFloorTarget(target) else {
          return ModeRatio(
            mode: mode, ratio: measured.nsPerElement / reference.nsPerElement,
            fastest: measured.fastestNsPerElement / reference.nsPerElement,
            slowest: measured.slowestNsPerElement / reference.nsPerElement)
        }
        let shape = shapeFloorRatio(measured, to: reference, statistic: statistic)
        return ModeRatio(
          mode: mode, ratio: shape.ratio, fastest: shape.fastest, slowest: shape.slowest)
      }
      return ratios.isEmpty ? nil : Verdict(target: target, ratios: ratios)
    }
  }

  /// An operator case's ratio to its shape floor, as the targets judge it (the `×shape` column
  /// and `ratioToShapeFloor` show the same figure): by `statistic`, the floor taken as at least
  /// ``ShapeFloors/foldedLoopNsPerElement`` (a loop folded away by the optimiser). `fastest` and
  /// `slowest` are the extreme pairs, or the case's extreme repetitions over the floor's median.
  static func shapeFloorRatio(
    _ measured: Result, to floor: Result, statistic: Statistic = .pairedMedian
  ) -> (ratio: Double, fastest: Double, slowest: Double) {
    let least = ShapeFloors.foldedLoopNsPerElement
    if statistic == .pairedMedian, !measured.runsNsPerElement.isEmpty,
      measured.runsNsPerElement.count == floor.runsNsPerElement.count
    {
      let pairs = zip(measured.runsNsPerElement, floor.runsNsPerElement).map { $0 / max($1, least) }
      return (RunStatistics.median(pairs), pairs.min()!, pairs.max()!)
    }
    let denominator = max(floor.nsPerElement, least)
    return (
      measured.nsPerElement / denominator, measured.fastestNsPerElement / denominator,
      measured.slowestNsPerElement / denominator
    )
  }
}
