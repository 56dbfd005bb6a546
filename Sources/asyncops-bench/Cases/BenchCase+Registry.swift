extension BenchCase {
  /// Every case, in the order a default run measures them (the floors always first: every
  /// ratio divides by them, and the harness measures them in every run; each shape floor is
  /// measured just before its operator case, see ``BenchOptions/plannedCases``).
  ///
  /// One line registers a case: `[.myCase]` for a plain ``BenchCase``, or
  /// `.variants(of: MyWorkload())` for an ``OperatorWorkload``, which registers it on every
  /// source kind. Add the line at the end of its section; keep one registration per line. An
  /// operator case goes in ``operatorCases`` and its floor, `floor-` + its name, in
  /// ``shapeFloorCases`` (a test checks that every operator case has one).
  static let registry: [BenchCase] = Array(registryGroups.joined())

  private static let registryGroups: [[BenchCase]] =
    [
      // Floors.
      [.handoff],
      [.floor],
      .asyncVariants(of: SourceOnlyWorkload()),

      operatorCases,

      // The push engine (PushReference), for the push-vs-pull table.
      [.pushDebounceBurst],
      [.pushCombineLatest2],
      [.pushCombineLatest3],
      [.pushCombineLatest4],
      [.pushShare(consumers: 1)],
      [.pushShare(consumers: 4)],
      [.pushShare(consumers: 16)],
      [.pushCurrentValue],
      [.pushBuffer],
      [.pushMerge2],
      [.pushZip2],
      [.pushCollectByCount],

      // Search (BrewSearch) and the CLI.
      [.searchNaive],
      [.search],
      [.typingReplay],
      [.jsonLoad],
      [.liveKeystroke],
      [.virtualTimeReplay],
      [.searchNonASCII],
      [.cancelLatency],
      [.liveKeystrokeNonASCII],
      [.typingReplayNonASCII],
      [.scanLimit],
      [.searchOneCore],

      shapeFloorCases,

      // Each of a few shape floors measured against a copy of itself (see `controlCases`).
      controlCases,

      // A few operator cases measured again against a probe (see `comparisonCases`).
      comparisonCases,
    ]

  /// The AsyncOps operator cases (each on a synchronous source, `-async` and `-async-channel`
  /// where it reads a base): every one is judged against its shape's floor.
  static let operatorCases: [BenchCase] = Array(operatorGroups.joined())

  private static let operatorGroups: [[BenchCase]] =
    [
      .variants(of: DebounceBurstWorkload()),
      .variants(of: CombineLatestWorkload(bases: 2)),
      .variants(of: CombineLatestWorkload(bases: 3)),
      .variants(of: CombineLatestWorkload(bases: 4)),
      .variants(of: ShareWorkload(consumers: 1)),
      .variants(of: ShareWorkload(consumers: 4)),
      .variants(of: ShareWorkload(consumers: 16)),
      [.currentValue],
      [.currentValuePingPong],
      [.throttleBurst],
      [.mapLatestSwitch],
      [.channelOneToOne],
      [.channelFourToFour],
      .variants(of: BufferBoundedWorkload()),
      .variants(of: MergeWorkload(bases: 2)),
      .variants(of: MergeWorkload(bases: 3)),
      .variants(of: MergeWorkload(bases: 8)),
      .variants(of: ZipWorkload(bases: 2)),
      .variants(of: ZipWorkload(bases: 3)),
      .variants(of: ChainWorkload()),
      [.timer],
      .variants(of: ChunksWorkload()),
      .variants(of: ReductionsWorkload()),
      .variants(of: AdjacentPairsWorkload()),
      .variants(of: RemoveDuplicatesWorkload()),
      .variants(of: CompactedWorkload()),
      .variants(of: InterspersedWorkload()),
      .variants(of: JoinedWorkload()),
      .variants(of: MapErrorWorkload()),
      [.asyncRange],
      // The operators past swift-async-algorithms.
      .pastSAA,
    ]

  /// The floor of every operator case's shape, hand-written for `Int`s: `floor-X` for the
  /// operator case `X`, the same source and size. A plain loop for the task-free operators
  /// (``LoopFloorWorkload``), the minimal hand-over protocol for the others.
  static let shapeFloorCases: [BenchCase] = Array(shapeFloorGroups.joined())

  private static let shapeFloorGroups: [[BenchCase]] =
    [
      .variants(of: DebounceFloorWorkload()),
      .variants(of: CombineLatestFloorWorkload(bases: 2)),
      .variants(of: CombineLatestFloorWorkload(bases: 3)),
      .variants(of: CombineLatestFloorWorkload(bases: 4)),
      .variants(of: ShareFloorWorkload(consumers: 1)),
      .variants(of: ShareFloorWorkload(consumers: 4)),
      .variants(of: ShareFloorWorkload(consumers: 16)),
      [.floorCurrentValue],
      [.floorCurrentValuePingPong],
      [.floorThrottleBurst],
      [.floorMapLatestSwitch],
      [.floorChannelOneToOne],
      [.floorChannelFourToFour],
      .variants(of: BufferFloorWorkload()),
      .variants(of: MergeFloorWorkload(bases: 2)),
      .variants(of: MergeFloorWorkload(bases: 3)),
      .variants(of: MergeFloorWorkload(bases: 8)),
      .variants(of: ZipFloorWorkload(bases: 2)),
      .variants(of: ZipFloorWorkload(bases: 3)),
      .variants(of: LoopFloorWorkload(.chain2, of: ChainWorkload())),
      [.floorTimer],
      .variants(of: LoopFloorWorkload(.chunks, of: ChunksWorkload())),
      .variants(of: LoopFloorWorkload(.reductions, of: ReductionsWorkload())),
      .variants(of: LoopFloorWorkload(.adjacentPairs, of: AdjacentPairsWorkload())),
      .variants(of: LoopFloorWorkload(.removeDuplicates, of: RemoveDuplicatesWorkload())),
      .variants(of: LoopFloorWorkload(.compacted, of: CompactedWorkload())),
      .variants(of: LoopFloorWorkload(.interspersed, of: InterspersedWorkload())),
      .variants(of: LoopFloorWorkload(.joined, of: JoinedWorkload())),
      .variants(of: LoopFloorWorkload(.mapError, of: MapErrorWorkload())),
      [.floorAsyncRange],
      .variants(of: DrivenFloorWorkload(of: DelayWorkload(), readsWithoutPause: true)),
      .variants(of: DrivenFloorWorkload(of: TimeoutWorkload())),
      .variants(of: DrivenFloorWorkload(of: WithLatestFromWorkload())),
      .variants(of: DrivenFloorWorkload(of: PrefixUntilOutputWorkload())),
      .variants(of: LoopFloorWorkload(.retry, of: RetryWorkload())),
      // What the unspecialised reader alone adds to floor-combineLatest2, what reading the
      // standard library's map generically adds to floor-compacted, what timeout's clock read
      // before each wait adds to floor-timeout, what calling the transform adds to
      // floor-mapLatest-switch, what a broadcast of one consumer adds to floor-share-1, and what
      // asking Task.isCancelled adds to floor-share-4 and -16 (not shapes' floors).
      [
        .floorCombineLatest2Unspecialised, .floorCompactedGeneric, .floorTimeoutClocked,
        .floorMapLatestSwitchTransformed, .floorShare1Broadcast,
      ],
      BenchCase.floorShareManyCancellable,
    ]

  /// The physical floor: a bare continuation hand-off between two tasks.
  static let handoffName = "handoff"
  /// The `AsyncStream` floor (a producer task that runs ahead of its consumer).
  static let floorName = "floor"
  /// The floors, measured first in every run, in this order.
  static let floorNames = [handoffName, floorName]

  /// The registered case with this name, if any.
  static func named(_ name: String) -> BenchCase? {
    registry.first { $0.name == name }
  }
}
