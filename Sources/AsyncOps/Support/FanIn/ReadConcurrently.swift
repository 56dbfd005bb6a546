/// Runs `readers` concurrently, one child task each, and returns when every one has returned: the
/// fan-out of `combineLatest`, `zip` and `merge` for a fixed number of bases.
///
/// Each reader is a closure made where its base's type is known (see ``CombineLatestFanOut``), so
/// the compiler specialises what the reader does per element; only this start-up, once per
/// iterator, handles them as plain closures.
@inlinable
func readConcurrently(_ readers: (@Sendable () async -> Void)...) async {
  await withDiscardingTaskGroup { group in
    for reader in readers { group.addTask(operation: reader) }
  }
}
