import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The runtime's own global enqueue, which a hook calls for jobs it does not keep.
typealias GlobalEnqueue = @convention(thin) (UnownedJob) -> Void
/// The shape of `swift_task_enqueueGlobal_hook`: called for every job sent to the global executor.
typealias GlobalEnqueueHook = @convention(thin) (UnownedJob, GlobalEnqueue) -> Void

/// The runtime's id of the task a job belongs to (0 for jobs that are not tasks).
@_silgen_name("swift_task_getJobTaskId")
func runtimeTaskID(of job: UnownedJob) -> UInt64

/// Sends each job enqueued on the global executor to the virtual-time driver that owns it.
///
/// A job belongs to a driver when it is enqueued from the driver's thread (while the driver runs
/// one of its jobs: a new task, a resumed continuation, an actor hop) or when it is a task the
/// driver has already captured (a continuation resumed from another thread). Every other job goes
/// on to the runtime's global executor untouched, so tests that run in parallel with a driver, and
/// other drivers, are not disturbed.
enum JobRouter {
  private static let drivers = Mutex<[VirtualTimeDriver]>([])

  /// Installs the hook once per process; it stays installed and passes on every job it does not
  /// own, so installing it is harmless for code that never uses a driver.
  private static let installHook: Void = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else {
      fatalError("AsyncOpsTesting: the Swift runtime has no swift_task_enqueueGlobal_hook")
    }
    let hook: GlobalEnqueueHook = { job, original in
      if let driver = JobRouter.owner(of: job) {
        driver.capture(job)
      } else {
        original(job)
      }
    }
    symbol.assumingMemoryBound(to: GlobalEnqueueHook?.self).pointee = hook
  }()

  static func register(_ driver: VirtualTimeDriver) {
    _ = installHook
    drivers.withLock { $0.append(driver) }
  }

  static func unregister(_ driver: VirtualTimeDriver) {
    drivers.withLock { drivers in drivers.removeAll { $0 === driver } }
  }

  private static func owner(of job: UnownedJob) -> VirtualTimeDriver? {
    let thread = pthread_self()
    let taskID = runtimeTaskID(of: job)
    return drivers.withLock { drivers in
      drivers.first { $0.runsOn(thread) }
        ?? (taskID == 0 ? nil : drivers.first { $0.owns(taskID: taskID) })
    }
  }
}
