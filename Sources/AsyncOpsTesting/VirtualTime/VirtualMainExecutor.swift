import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The main actor as a driver's jobs see it: one immortal serial executor shared by every driver.
///
/// ``MainExecutorHook`` makes `MainActor` resolve to this executor on a driver's thread. A job
/// enqueued here belongs to the driver running on the enqueuing thread, or to the driver that
/// already runs its task; the driver runs it in its one FIFO with its other jobs, isolated to this
/// executor, so `@MainActor` code, `MainActor.assumeIsolated`, `assertIsolated` and
/// `preconditionIsolated` behave as on the main actor. A job no driver owns (a task resumed after
/// its driver ended) goes on to the real main executor.
///
/// The driver *impersonates* the main actor: main-actor jobs run on the driver's thread, not on
/// the main queue. That keeps the body deterministic and independent of whether anything services
/// the main queue; the price is that the body's main-actor jobs are not mutually exclusive with
/// main-actor code outside the body, and `dispatchPrecondition(.onQueue(.main))` traps in them.
/// (See <doc:TestingAMainActorViewModel>.)
final class VirtualMainExecutor: SerialExecutor {
  static let shared = VirtualMainExecutor()
  /// Immortal: the runtime does not retain an executor behind an unowned reference.
  static let reference = UnownedSerialExecutor(ordinary: shared)

  /// Set on a thread while it runs a driver's main-actor job.
  private static let mainJobKey: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "AsyncOpsTesting: no thread-specific key")
    return key
  }()

  /// Whether this thread is running a driver's main-actor job right now.
  static var isRunningMainJob: Bool { pthread_getspecific(mainJobKey) != nil }

  /// Runs `job` of `driver` isolated to the virtual main actor.
  static func run(_ job: UnownedJob, of driver: VirtualTimeDriver) {
    pthread_setspecific(mainJobKey, UnsafeRawPointer(bitPattern: 1))
    defer { pthread_setspecific(mainJobKey, nil) }
    job.runSynchronously(isolatedTo: reference, taskExecutor: driver.asUnownedTaskExecutor())
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    // A driver that has ended refuses the job (a main-actor task resumed after the body
    // returned); like a late global job, it then goes where it would have gone anyway.
    if let driver = JobRouter.owner(of: job), driver.capture(job, onMainActor: true) { return }
    runtimeEnqueue(job, on: MainExecutorHook.realMain)
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor { Self.reference }

  /// Reached only when the current executor is not this one (the runtime's fast path,
  /// current == expected, answers inside main-actor jobs): isolated only while a driver runs one
  /// of its main-actor jobs on this thread, so `MainActor.assumeIsolated` in a nonisolated job of
  /// the driver traps, as it would on any thread of the global pool.
  func isIsolatingCurrentContext() -> Bool? {
    Self.isRunningMainJob
  }

  func checkIsolated() {
    precondition(
      Self.isRunningMainJob,
      "withVirtualTime: main-actor isolated code ran outside a main-actor job of the driver")
  }
}

/// One job a driver runs: on its task executor, or isolated to the virtual main actor.
struct DriverJob: Sendable {
  let job: UnownedJob
  let onMainActor: Bool

  func run(on driver: VirtualTimeDriver) {
    if onMainActor {
      VirtualMainExecutor.run(job, of: driver)
    } else {
      job.runSynchronously(on: driver.asUnownedTaskExecutor())
    }
  }
}
