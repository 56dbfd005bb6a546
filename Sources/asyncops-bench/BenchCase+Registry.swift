extension BenchCase {
  /// Every case, in the order a default run measures them. `floor` comes first: every other
  /// case's `ratioToFloor` divides by it, and the harness measures it in every run.
  static let registry: [BenchCase] = [
    .floor,
    .handoff,
  ]

  /// The case every ratio is taken against.
  static let floorName = "floor"

  /// The registered case with this name, if any.
  static func named(_ name: String) -> BenchCase? {
    registry.first { $0.name == name }
  }
}
