extension BenchCase {
  /// Every case, in the order a default run measures them. `floor` comes first: every other
  /// case's `ratioToFloor` divides by it, and the harness measures it in every run.
  static let registry: [BenchCase] = [
    .floor,
    .handoff,
    .debounceBurst,
    .throttleBurst,
    .mapLatestSwitch,
    .combineLatest2,
    .combineLatest3,
    .combineLatest4,
    .share(consumers: 1),
    .share(consumers: 4),
    .share(consumers: 16),
    .currentValue,
    .pushDebounceBurst,
    .pushCombineLatest2,
    .pushCombineLatest3,
    .pushCombineLatest4,
    .pushShare(consumers: 1),
    .pushShare(consumers: 4),
    .pushShare(consumers: 16),
    .pushCurrentValue,
    .searchNaive,
    .search,
    .typingReplay,
    .jsonLoad,
    .liveKeystroke,
  ]

  /// The case every ratio is taken against.
  static let floorName = "floor"

  /// The registered case with this name, if any.
  static func named(_ name: String) -> BenchCase? {
    registry.first { $0.name == name }
  }
}
