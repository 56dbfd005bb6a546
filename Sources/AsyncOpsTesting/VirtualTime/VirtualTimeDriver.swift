import AsyncOps
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs every job of one `withVirtualTime` body, one at a time, on one thread of its own, and
/// moves its `TestClock` whenever nothing is runnable.
///
/// Jobs reach the driver two ways: through ``JobRouter`` (jobs enqueued on the global executor
/// from the driver's thread, or belonging to a task the driver already runs) and through its
/// `TaskExecutor` conformance (jobs the runtime enqueues on the executor a job is running on, such
/// as `Task.yield()`).
final class VirtualTimeDriver: TaskExecutor, Sendable {
  /// What a task inside the body asked the driver to do once everything else is quiescent.
  enum Request: Sendable {
    case settle(UnsafeContinuation<Void, Never>)
    case advance(to: TestClock.Instant, UnsafeContinuation<Void, Never>)
    case runUntilIdle(limit: TestClock.Instant, UnsafeContinuation<Void, any Error>)
  }

  struct State: Sendable {
    var jobs = JobQueue()
    var taskIDs: Set<UInt64> = []
    var requests: [Request] = []
    var bodyFinished = false
    var ended = false
    var jobsRun = 0
  }

  let clock: TestClock
  let options: VirtualTimeOptions
  /// The instant past which the driver stops moving time on its own (start + the horizon).
  let horizon: TestClock.Instant
  /// When the driver's thread started, for the real time a failure report states.
  private let startedAt = ContinuousClock.now
  private let state = Mutex(State())
  /// Jobs of the driver's tasks that the real main queue enqueued (a failure; main-actor hook).
  let mainQueueArrivals = MainQueueArrivals()

  init(clock: TestClock, options: VirtualTimeOptions) {
    self.clock = clock
    self.options = options
    self.horizon = clock.now.advanced(by: options.horizon)
  }

  // MARK: Routing

  func capture(_ job: UnownedJob, onMainActor: Bool = false) {
    mainQueueArrivals.note(job, clock: clock)
    let taskID = runtimeTaskID(of: job)
    let isNewTask = state.withLock { state in
      state.jobs.append(DriverJob(job: job, onMainActor: onMainActor))
      return taskID != 0 && state.taskIDs.insert(taskID).inserted
    }
    if isNewTask { JobRouter.record(task: taskID, of: self) }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    mainQueueArrivals.note(job, clock: clock)
    let accepted = state.withLock { state -> Bool in
      guard !state.ended else { return false }
      state.jobs.append(DriverJob(job: job, onMainActor: false))
      return true
    }
    // A job that arrives after the driver ended (a leftover task resumed by someone else) is
    // handed to the global executor rather than lost.
    if !accepted { globalConcurrentExecutor.enqueue(job) }
  }

  func submit(_ request: Request) {
    let accepted = state.withLock { state -> Bool in
      guard !state.ended else { return false }
      state.requests.append(request)
      return true
    }
    guard !accepted else { return }
    switch request {
    case .settle(let continuation), .advance(_, let continuation): continuation.resume()
    case .runUntilIdle(_, let continuation): continuation.resume()
    }
  }

  // MARK: Running

  /// Starts the driver's thread, which runs `body` and calls `completion` once the body has
  /// finished and everything it left runnable has run, or with the reason it cannot finish.
  func start(
    body: @escaping @Sendable (VirtualTime) async -> Void,
    completion: @escaping @Sendable (VirtualTimeError?) -> Void
  ) {
    // The body's task is created here, in the caller's task, so it inherits the caller's
    // task-local values (Swift Testing's current test, for one: an `#expect` in the body is
    // attributed to its test). Its preferred executor is this driver, so every job of it — and of
    // the child tasks it starts, which inherit the preference — is enqueued here.
    let time = VirtualTime(driver: self)
    Task(executorPreference: self) {
      await body(time)
      self.state.withLock { $0.bodyFinished = true }
    }
    let launch = DriverLaunch(driver: self, completion: completion)
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        let launch = Unmanaged<DriverLaunch>.fromOpaque(context).takeRetainedValue()
        launch.driver.threadMain(completion: launch.completion)
        return nil
      }, Unmanaged.passRetained(launch).toOpaque())
    precondition(result == 0, "AsyncOpsTesting: could not start the driver's thread (\(result))")
    pthread_detach(thread)
  }

  private func threadMain(completion: @Sendable (VirtualTimeError?) -> Void) {
    JobRouter.enterDriverThread(self)
    mainQueueArrivals.arm()
    let outcome = runToCompletion()
    // A resumption from DispatchQueue.main explains (and outranks) any other outcome.
    let failure = mainQueueArrivals.failure() ?? outcome
    let ownedTasks = state.withLock { state in
      state.ended = true
      return state.taskIDs
    }
    JobRouter.leaveDriverThread(self, ownedTasks: ownedTasks)
    // Resumed only now, so that the caller's task is not mistaken for one of the driver's.
    completion(failure)
  }

  private func runToCompletion() -> VirtualTimeError? {
    var jobsSinceTimeMoved = 0
    while true {
      while let job = state.withLock({ $0.jobs.popFirst() }) {
        job.run(on: self)
        jobsSinceTimeMoved += 1
        state.withLock { $0.jobsRun += 1 }
        if jobsSinceTimeMoved > options.jobLimit {
          return .jobLimitExceeded(
            report(reason: "more than \(options.jobLimit) jobs ran at one instant"))
        }
      }
      // Quiescent: nothing is runnable.
      if state.withLock({ $0.bodyFinished }) { return nil }
      if let request = state.withLock({ $0.requests.first }) {
        handle(request)
        jobsSinceTimeMoved = 0
        continue
      }
      if let deadline = clock.nextDeadline {
        guard deadline <= horizon else {
          return .horizonExceeded(
            report(reason: "the next deadline, \(deadline), is past the horizon, \(horizon)"))
        }
        clock.advance(to: deadline)
        jobsSinceTimeMoved = 0
        continue
      }
      if !waitForOutsideWork() {
        return .stalled(
          report(
            reason: """
              the body is suspended on work the driver cannot run (a Dispatch queue, a \
              real-clock sleep, another executor, a task started outside the body, or a \
              continuation nobody resumes)\(MainExecutorHook.stallNote)
              """))
      }
    }
  }

  /// Performs the oldest request at a quiescent point: one step of time at most, so that what a
  /// step makes runnable runs before the next step.
  private func handle(_ request: Request) {
    switch request {
    case .settle(let continuation):
      dropFirstRequest()
      continuation.resume()
    case .advance(let target, let continuation):
      if let deadline = clock.nextDeadline, deadline <= target {
        clock.advance(to: deadline)
      } else {
        clock.advance(to: target)
        dropFirstRequest()
        continuation.resume()
      }
    case .runUntilIdle(let limit, let continuation):
      guard let deadline = clock.nextDeadline else {
        dropFirstRequest()
        continuation.resume()
        return
      }
      if deadline <= limit {
        clock.advance(to: deadline)
      } else {
        dropFirstRequest()
        continuation.resume(
          throwing: VirtualTimeError.horizonExceeded(
            report(reason: "still busy at the horizon of runUntilIdle, \(limit)")))
      }
    }
  }

  private func dropFirstRequest() {
    state.withLock { _ = $0.requests.removeFirst() }
  }

  /// Waits, for at most the stall timeout of real time, for a job that another thread enqueues for
  /// this driver (a continuation resumed from outside). Returns whether one arrived.
  private func waitForOutsideWork() -> Bool {
    let realClock = ContinuousClock()
    let giveUp = realClock.now.advanced(by: options.stallTimeout)
    var pause = timespec(tv_sec: 0, tv_nsec: 100_000)
    while realClock.now < giveUp {
      if state.withLock({ !$0.jobs.isEmpty || !$0.requests.isEmpty }) { return true }
      nanosleep(&pause, nil)
    }
    return state.withLock { !$0.jobs.isEmpty || !$0.requests.isEmpty }
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    Int((duration / .milliseconds(1)).rounded())
  }

  /// Lists what is pending, for a failure message.
  private func report(reason: String) -> String {
    let (jobsRun, pendingJobs, requests) = state.withLock {
      ($0.jobsRun, $0.jobs.count, $0.requests.count)
    }
    let deadlines = clock.pendingDeadlines
    let sleepers =
      deadlines.isEmpty
      ? "none"
      : "\(deadlines.count), due at "
        + deadlines.prefix(10).map(\.description).joined(separator: ", ")
        + (deadlines.count > 10 ? ", ..." : "")
    return """
      withVirtualTime: the body did not finish: \(reason).
        virtual time: \(clock.now)
        pending sleepers: \(sleepers)
        runnable jobs: \(pendingJobs); jobs run so far: \(jobsRun)
        pending advance/settle requests: \(requests)
        real time since the driver started: \(Self.milliseconds(ContinuousClock.now - startedAt)) ms
      """
  }
}

/// What the driver's thread needs, passed through `pthread_create`'s context pointer.
private final class DriverLaunch: Sendable {
  let driver: VirtualTimeDriver
  let completion: @Sendable (VirtualTimeError?) -> Void

  init(driver: VirtualTimeDriver, completion: @escaping @Sendable (VirtualTimeError?) -> Void) {
    self.driver = driver
    self.completion = completion
  }
}

/// A first-in, first-out queue of jobs that does not shift the array on every pop.
struct JobQueue: Sendable {
  private var storage: [DriverJob] = []
  private var head = 0

  var count: Int { storage.count - head }
  var isEmpty: Bool { count == 0 }

  mutating func append(_ job: DriverJob) {
    storage.append(job)
  }

  mutating func popFirst() -> DriverJob? {
    guard head < storage.count else { return nil }
    let job = storage[head]
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    }
    return job
  }
}
