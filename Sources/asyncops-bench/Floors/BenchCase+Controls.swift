extension BenchCase {
  /// The shape floors measured against a copy of themselves: `control-X` runs `floor-X`'s body
  /// and is measured exactly as an operator case is, against its own copy `floor-control-X` (the
  /// two prepared, warmed up and their repetitions alternated, in the same run and mode).
  ///
  /// A control costs what its floor costs, by construction, so its ratio is what the harness
  /// reports for no difference at all: how far from 1 the ratio of a case to its floor strays on
  /// this machine, in this mode, for this shape. A target that an operator case misses by less
  /// than its shape's control strays in the same runs says nothing about the operator (see
  /// docs/performance.md, "Controls").
  ///
  /// One control per floor kind and source kind, not one per operator case: each would double its
  /// case's time.
  static let controlCases: [BenchCase] = controlledFloorNames.flatMap { floorName in
    [
      copy(of: floorName, as: controlFloorName(of: floorName)),
      copy(of: floorName, as: controlName(of: floorName)),
    ]
  }

  /// The shape floors that have a control, by their operator case's name.
  static let controlledCaseNames = [
    "merge2", "merge2-async", "merge2-async-channel", "merge3", "zip2", "zip2-async-channel",
    "combineLatest2", "share-1", "share-1-async", "timeout", "channel-1to1", "reductions-async",
    "reductions-async-channel", "removeDuplicates-async",
  ]

  private static let controlledFloorNames = controlledCaseNames.map(ShapeFloors.floorName(of:))

  /// The names of the controls (`control-X`), the cases judged against their copies.
  static let controlNames = controlledCaseNames.map { "control-" + $0 }

  private static func controlName(of floorName: String) -> String {
    "control-" + floorName.dropFirst("floor-".count)
  }

  private static func controlFloorName(of floorName: String) -> String {
    ShapeFloors.floorName(of: controlName(of: floorName))
  }

  /// `floor`'s case under another name: the same body, sizes, repetitions and warm-ups.
  private static func copy(of floorName: String, as name: String) -> BenchCase {
    guard let floor = shapeFloorCases.first(where: { $0.name == floorName }) else {
      preconditionFailure("asyncops-bench: no shape floor \(floorName) to control")
    }
    return BenchCase(
      name: name, summary: "control: \(floorName)'s body again, measured as an operator case",
      size: floor.size, quickSize: floor.quickSize, repetitions: floor.repetitions,
      warmups: floor.warmups, prepare: floor.prepare)
  }

  /// The cases measured together with a floor of their own (`floor-` + their name), their
  /// repetitions alternated: the operator cases, the controls and the probe comparisons.
  static let pairedCaseNames = Set(operatorCases.map(\.name) + controlNames + comparisonNames)
}
