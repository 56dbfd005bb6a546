/// The shape-floor targets: every operator case `X` is judged as a ratio to `floor-X`, the
/// hand-written floor of its own shape measured in the same run and mode (a plain loop over the
/// bases for an operator that needs no task, the minimal hand-over protocol for the others).
///
/// The name `floor-X` is a contract: outside checks read it from the `--json` output.
enum ShapeFloors {
  /// The largest ratio to its floor that meets an operator case's target, in both modes.
  static let limit = 1.25
  /// The limit of a task-free operator on a synchronous source (its floor is a loop that does
  /// no task hop at all, so a fixed cost per element weighs more).
  static let synchronousTaskFreeLimit = 1.5

  /// The least a floor is taken to cost per element, in ns. A loop floor over a synchronous
  /// source that measures less has been folded by the optimiser (the sum of `0..<N` in closed
  /// form, no loop left), so a ratio to it would say only "not folded"; a loop that still reads
  /// its elements one by one costs about this, so the operator is judged against it instead (and
  /// the case is reported, not dropped for a zero denominator).
  static let foldedLoopNsPerElement = 1.0

  /// The operator cases whose operator needs no task of its own (it reads its base in the
  /// consumer's task), by their synchronous case's name.
  static let taskFreeOperators: Set<String> = [
    "chain2", "reductions", "adjacentPairs", "chunks", "removeDuplicates", "compacted",
    "interspersed", "joined", "mapError", "async-range", "retry",
  ]

  /// `floor-` + `caseName`.
  static func floorName(of caseName: String) -> String {
    "floor-" + caseName
  }

  /// Whether `caseName` is a task-free operator on the synchronous source (its `-async` and
  /// `-async-channel` variants carry a suffix).
  static func isSynchronousTaskFree(_ caseName: String) -> Bool {
    taskFreeOperators.contains(caseName)
  }

  /// The shape-floor target of the operator case `caseName`.
  static func target(for caseName: String) -> BenchTargets.Target {
    BenchTargets.Target(
      caseName: caseName,
      limit: isSynchronousTaskFree(caseName) ? synchronousTaskFreeLimit : limit,
      reference: floorName(of: caseName))
  }

  /// The targets of `operatorCases`, in their order.
  static func targets(operatorCases: [String]) -> [BenchTargets.Target] {
    operatorCases.map(target(for:))
  }

  /// Whether `target` is a shape-floor target.
  static func isShapeFloorTarget(_ target: BenchTargets.Target) -> Bool {
    target.field == nil && target.reference == floorName(of: target.caseName)
  }
}
