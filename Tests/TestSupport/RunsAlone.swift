import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Trait where Self == ConditionTrait {
  /// Runs a suite only when `ASYNCOPS_LOAD_TESTS` is set, for a suite that must not share its test
  /// process with the rest of the suite: one that loads the machine on purpose (busy threads and
  /// tasks, to perturb the scheduler) would starve the timing-sensitive tests beside it, and one
  /// that must hold every cooperative thread at once would depend on what the others hold, and
  /// make them wait meanwhile. `swift test` skips these; CI runs each in a process of its own
  /// (`.ci/run`).
  ///
  /// ```swift
  /// @Suite(.runsAlone("loads the machine")) struct StartRaceStressTests { ... }
  /// ```
  public static func runsAlone(_ why: String) -> Self {
    .enabled(
      if: getenv("ASYNCOPS_LOAD_TESTS") != nil,
      "\(why): run with ASYNCOPS_LOAD_TESTS=1 in a process of its own")
  }
}
