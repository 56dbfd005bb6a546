/// A check that failed: what was expected, and what came instead.
struct CheckFailure: Error, CustomStringConvertible {
  let description: String
}

/// Throws a ``CheckFailure`` describing `expected` and `actual` when they differ.
func expectEqual<Value: Equatable>(
  _ actual: Value, _ expected: Value, _ what: String
) throws(CheckFailure) {
  guard actual == expected else {
    throw CheckFailure(description: "\(what): expected \(expected), got \(actual)")
  }
}

/// Runs named checks one after another, each bounded in time, and prints one line per check and
/// the closing "N passed, N failed" line.
struct CheckRunner {
  /// How long one check may take on the real clock before it counts as failed (a hang).
  let limit: Duration
  private(set) var passed = 0
  private(set) var failed = 0

  init(limit: Duration) {
    self.limit = limit
  }

  mutating func run(_ name: String, _ check: @escaping @Sendable () async throws -> Void) async {
    let clock = ContinuousClock()
    let start = clock.now
    let limit = self.limit
    let outcome = await withTaskGroup(of: Result<Void, any Error>.self) { group in
      group.addTask {
        do {
          try await check()
          return .success(())
        } catch {
          return .failure(error)
        }
      }
      group.addTask {
        // Bounds a hang: a check that finishes in time cancels this wait at once.
        try? await Task.sleep(for: limit)
        return .failure(CheckFailure(description: "did not finish within \(limit)"))
      }
      let first = await group.next() ?? .failure(CheckFailure(description: "no result"))
      group.cancelAll()
      return first
    }
    let elapsed = clock.now - start
    switch outcome {
    case .success:
      passed += 1
      print("ok    \(name) (\(elapsed))")
    case .failure(let error):
      failed += 1
      print("FAIL  \(name): \(error)")
    }
  }
}
