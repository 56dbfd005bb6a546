extension BenchCase {
  /// Every case, in the order a default run measures them (the floors always first: every
  /// ratio divides by them, and the harness measures them in every run).
  ///
  /// One line registers a case: `[.myCase]` for a plain ``BenchCase``, or
  /// `.variants(of: MyWorkload())` for an ``OperatorWorkload``, which registers it on every
  /// source kind. Add the line at the end of its section; keep one registration per line.
  static let registry: [BenchCase] = Array(
    [
      // Floors.
      [.handoff],
      [.floor],
      .asyncVariants(of: SourceOnlyWorkload()),

      // Operators (each on a synchronous source, `-async` and `-async-channel`).
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

      // Floors of the shapes the semantics require (hand-written, Int only).
      [.floorCombineLatest(bases: 2)],
      [.floorCombineLatest(bases: 3)],
      [.floorCombineLatest(bases: 4)],
      [.floorShare1],
      [.floorDebounceBurst],
      [.floorCombineLatest2Unspecialised],
      [.floorCombineLatestChannel(bases: 2)],
      [.floorCombineLatestChannel(bases: 3)],
      [.floorCombineLatestChannel(bases: 4)],
    ].joined())

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
