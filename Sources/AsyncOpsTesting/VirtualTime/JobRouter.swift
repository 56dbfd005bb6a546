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
///
/// The hook runs for every global enqueue in the process, so its common paths take no shared
/// lock: a driver's thread is recognised through a thread-specific value, and only a job enqueued
/// from another thread looks its task up in the one table of captured tasks.
enum JobRouter {
  /// Task id → the driver that captured it.
  private static let taskOwners = Mutex<[UInt64: VirtualTimeDriver]>([:])

  /// Marks a driver's own thread; set while the driver runs, read without a lock by the hook.
  private static let driverThreadKey: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "AsyncOpsTesting: no thread-specific key")
    return key
  }()

  /// Installs the hook once per process; it stays installed and passes on every job it does not
  /// own, so installing it is harmless for code that never uses a driver.
  private static let installHook: Void = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else {
      fatalError("AsyncOpsTesting: the Swift runtime has no swift_task_enqueueGlobal_hook")
    }
    let hook: GlobalEnqueueHook = { job, original in
      // A driver that has ended refuses the job; it then goes where it would have gone anyway.
      if let driver = JobRouter.owner(of: job), driver.capture(job) { return }
      original(job)
    }
    symbol.assumingMemoryBound(to: GlobalEnqueueHook?.self).pointee = hook
  }()

  /// Called on the driver's own thread before it runs anything.
  static func enterDriverThread(_ driver: VirtualTimeDriver) {
    _ = installHook
    // Unretained: the driver outlives its thread's use of the key (cleared in `leave`).
    pthread_setspecific(driverThreadKey, Unmanaged.passUnretained(driver).toOpaque())
    // Main-actor work of the driver's tasks (VirtualMainExecutor); needs the marker just set.
    MainExecutorHook.installAndVerify()
  }

  /// Whether this thread is a driver's thread (while the driver runs).
  static var isDriverThread: Bool { pthread_getspecific(driverThreadKey) != nil }

  /// Called on the driver's thread when it ends: its tasks are no longer routed to it.
  static func leaveDriverThread(_ driver: VirtualTimeDriver, ownedTasks: Set<UInt64>) {
    pthread_setspecific(driverThreadKey, nil)
    taskOwners.withLock { owners in
      for id in ownedTasks { owners[id] = nil }
    }
  }

  /// Records that `driver` runs the task `id`, so jobs of that task enqueued elsewhere reach it.
  static func record(task id: UInt64, of driver: VirtualTimeDriver) {
    taskOwners.withLock { $0[id] = driver }
  }

  /// The driver that owns `job`: the one running on this thread, else the one that runs its task.
  static func owner(of job: UnownedJob) -> VirtualTimeDriver? {
    if let marker = pthread_getspecific(driverThreadKey) {
      return Unmanaged<VirtualTimeDriver>.fromOpaque(marker).takeUnretainedValue()
    }
    let taskID = runtimeTaskID(of: job)
    guard taskID != 0 else { return nil }
    return taskOwners.withLock { $0[taskID] }
  }
}
