import Foundation
import Synchronization

/// Runs `body` while `count` operating-system threads spin on every core: they preempt the
/// cooperative pool's threads at arbitrary points (and a thread woken by a task's creation may
/// preempt its creator at once), which widens the windows a start race needs. The threads spin;
/// nothing sleeps.
func withSpinningThreads<Result>(
  _ count: Int = 2 * ProcessInfo.processInfo.activeProcessorCount,
  _ body: () async throws -> Result
) async rethrows -> Result {
  let spinning = SpinningThreads(count: count)
  defer { spinning.stop() }
  return try await body()
}

/// The busy threads of ``withSpinningThreads(_:_:)``.
private final class SpinningThreads: Sendable {
  private let stopped = Atomic<Bool>(false)

  init(count: Int) {
    for _ in 0..<count {
      let thread = Thread { [self] in
        var spins = 0
        while !stopped.load(ordering: .relaxed) { spins &+= 1 }
        _ = spins
      }
      thread.start()
    }
  }

  func stop() {
    stopped.store(true, ordering: .relaxed)
  }
}
