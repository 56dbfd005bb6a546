import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension Trait where Self == ConditionTrait {
  /// Runs a suite that must hold every thread of the cooperative pool at once only when
  /// `ASYNCOPS_LOAD_TESTS` is set. Beside the rest of the suite it competes for the pool with
  /// every other test (a process test holds a thread while its child runs), so whether it gets
  /// every thread would depend on what else runs; and while it holds them, the other tests wait.
  /// CI runs it in a process of its own (`.ci/run`), as the load tests.
  static var holdsTheCooperativePool: Self {
    .enabled(
      if: getenv("ASYNCOPS_LOAD_TESTS") != nil,
      "holds every cooperative thread: run with ASYNCOPS_LOAD_TESTS=1 in a process of its own")
  }
}
