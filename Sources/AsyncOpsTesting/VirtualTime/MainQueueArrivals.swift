import AsyncOps
import Dispatch
import Synchronization

/// Jobs of a driver's tasks that the real main queue enqueued: the body's work was resumed by
/// `DispatchQueue.main.async` (or other main-queue work), which the driver does not run.
///
/// The driver cannot order main-queue blocks with its own jobs, so whether such a resumption
/// lands before or after the driver moves time is a matter of timing: the test would pass or fail
/// by luck. So it is a failure, reported when the body ends, naming the task and the instant.
/// (A resumption that lands before its task has finished suspending enqueues nothing and cannot
/// be seen; it is also harmless, since the task then simply went on.)
final class MainQueueArrivals: Sendable {
  private struct State: Sendable {
    /// Off until the driver's thread starts: the body's first job is enqueued by the caller,
    /// which may well be a `@MainActor` test running on the main queue.
    var armed = false
    var arrivals: [String] = []
  }

  private let state = Mutex(State())

  /// Marks the main queue, once per process, so that a thread draining it can be recognised.
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Called on the driver's thread when it starts.
  func arm() {
    _ = Self.mainQueueKey
    state.withLock { $0.armed = true }
  }

  /// Called for each job a driver accepts from another thread than its own.
  /// Costs one thread-specific read on the driver's own thread (the common case).
  func note(_ job: UnownedJob, clock: TestClock) {
    guard !JobRouter.isDriverThread, DispatchQueue.getSpecific(key: Self.mainQueueKey) == true
    else { return }
    let taskID = runtimeTaskID(of: job)
    let instant = clock.now
    state.withLock { state in
      guard state.armed else { return }
      state.arrivals.append("task \(taskID) at \(instant)")
    }
  }

  /// The failure to report, if any job arrived from the main queue.
  func failure() -> VirtualTimeError? {
    let arrivals = state.withLock { $0.arrivals }
    guard !arrivals.isEmpty else { return nil }
    return .unsupportedWork(
      """
      withVirtualTime: the body's tasks were resumed from DispatchQueue.main, which the driver \
      does not run, so the result would depend on real timing.
        resumed from DispatchQueue.main: \(arrivals.prefix(10).joined(separator: ", "))\
      \(arrivals.count > 10 ? ", ..." : "")
        use the main actor instead (`Task { @MainActor in ... }`, `await MainActor.run { ... }`): \
      the driver runs main-actor work of the body on virtual time
      """)
  }
}
