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

    /// Resumes the request without doing what it asked (the driver has ended).
    func resumeUnserved() {
      switch self {
      case .settle(let continuation), .advance(_, let continuation): continuation.resume()
      case .runUntilIdle(_, let continuation): continuation.resume()
      }
    }

    /// The address of the task that waits in this request (a runtime continuation is its task).
    var taskAddress: UInt {
      switch self {
      case .settle(let continuation), .advance(_, let continuation):
        unsafeBitCast(continuation, to: UInt.self)
      case .runUntilIdle(_, let continuation): unsafeBitCast(continuation, to: UInt.self)
      }
    }

    /// The request as the report of left-over work names it.
    var summary: String {
      switch self {
      case .settle: "settle()"
      case .advance(let target, _): "advance(to: \(target))"
      case .runUntilIdle(let limit, _): "runUntilIdle(within the horizon \(limit))"
      }
    }
  }

  struct State: Sendable {
    var jobs = JobQueue()
    var taskIDs: Set<UInt64> = []
    /// Every task whose job reached the driver, by either path (kept by `taskTracker`).
    var trackedTaskIDs: Set<UInt64> = []
    var requests: [Request] = []
    var bodyFinished = false
    /// The caller's task was cancelled: the body is cancelled and the driver stops moving time.
    var cancelRequested = false
    /// Set, with the job queue empty or abandoned, in the same step that decides the driver is
    /// done: a job that arrives later goes to the global executor instead of a dead queue.
    var ended = false
    var jobsRun = 0
    /// The body's task, cancelled when the caller is cancelled or the driver gives up.
    var bodyTask: Task<Void, Never>?
  }

  /// What the driver's thread does next, decided in one step under the lock, so that "nothing is
  /// runnable" and "the driver ends" cannot be split by a job that arrives in between.
  enum Step {
    case runJobs
    case serve(Request)
    case idle(cancelRequested: Bool)
    /// The caller is cancelled: these requests are resumed at once, time unmoved, so that the
    /// body runs on and sees its cancellation.
    case release([Request])
    /// The body returned and nothing is runnable: the requests still pending are left over.
    case finished(leftoverRequests: [Request])
  }

  /// Work the body left behind when it returned, reported as an issue at the call.
  struct Leftovers: Sendable {
    var requests: [String] = []
    var sleeperDeadlines: [TestClock.Instant] = []
    /// The body's tasks still suspended, each described (id, where it waits).
    var suspendedTasks: [String] = []

    var isEmpty: Bool { requests.isEmpty && sleeperDeadlines.isEmpty && suspendedTasks.isEmpty }
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
  /// Real-clock sleeps of the driver's tasks (a failure; see ``RealClockSleeps``).
  let realClockSleeps = RealClockSleeps()
  /// The tasks whose jobs the driver ran, kept to tell which the body left suspended.
  let taskTracker = TaskTracker()

  init(clock: TestClock, options: VirtualTimeOptions) {
    self.clock = clock
    self.options = options
    self.horizon = clock.now.advanced(by: options.horizon)
  }

  // MARK: Routing

  /// Takes a job the global-enqueue hook (or, with `onMainActor`, the virtual main executor)
  /// routed here. Returns `false` once the driver has ended: the caller then hands the job to the
  /// global executor (or the real main executor), so it is never lost.
  func capture(_ job: UnownedJob, onMainActor: Bool = false) -> Bool {
    mainQueueArrivals.note(job, clock: clock)
    let taskID = runtimeTaskID(of: job)
    let tracking = RuntimeTaskState.isVerified && !options.allowsSuspendedTasks
    return state.withLock { state in
      guard !state.ended else { return false }
      // Kept before it is queued, under the lock the driver's thread pops jobs with: once
      // queued, the task may run to completion.
      if tracking && taskID != 0 && state.trackedTaskIDs.insert(taskID).inserted {
        taskTracker.track(job, id: taskID)
      }
      state.jobs.append(DriverJob(job: job, onMainActor: onMainActor))
      // Recorded under the driver's lock: `threadMain` sets `ended` and then forgets its tasks,
      // so a task recorded here is always forgotten afterwards, never left in the table.
      if taskID != 0 && state.taskIDs.insert(taskID).inserted {
        JobRouter.record(task: taskID, of: self)
      }
      return true
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    mainQueueArrivals.note(job, clock: clock)
    let taskID = runtimeTaskID(of: job)
    let tracking = RuntimeTaskState.isVerified && !options.allowsSuspendedTasks
    let accepted = state.withLock { state -> Bool in
      guard !state.ended else { return false }
      if tracking && taskID != 0 && state.trackedTaskIDs.insert(taskID).inserted {
        taskTracker.track(job, id: taskID)
      }
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
    if !accepted { request.resumeUnserved() }
  }

  /// The caller's task was cancelled (a Swift Testing time limit, say): cancel the body, stop
  /// moving time and waiting for outside work, and end as soon as nothing is runnable.
  func cancel() {
    let bodyTask = state.withLock { state in
      state.cancelRequested = true
      return state.bodyTask
    }
    bodyTask?.cancel()
  }

  // MARK: Running

  /// Starts the driver's thread, which runs `body` and calls `completion` once the body has
  /// finished and everything it left runnable has run (with the work it left over), or with the
  /// reason it cannot finish.
  func start(
    body: @escaping @Sendable (VirtualTime) async -> Void,
    completion: @escaping @Sendable (Result<Leftovers, VirtualTimeError>) -> Void
  ) {
    // The body's task is created here, in the caller's task, so it inherits the caller's
    // task-local values (Swift Testing's current test, for one: an `#expect` in the body is
    // attributed to its test). Its preferred executor is this driver, so every job of it — and of
    // the child tasks it starts, which inherit the preference — is enqueued here.
    let time = VirtualTime(driver: self)
    let bodyTask = Task(executorPreference: self) {
      await body(time)
      self.state.withLock { $0.bodyFinished = true }
    }
    taskTracker.setBodyTask(id: runtimeTaskID(ofTaskAt: RuntimeTaskState.address(of: bodyTask)))
    let cancelledAlready = state.withLock { state in
      state.bodyTask = bodyTask
      return state.cancelRequested
    }
    if cancelledAlready { bodyTask.cancel() }
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

  private func threadMain(completion: @Sendable (Result<Leftovers, VirtualTimeError>) -> Void) {
    JobRouter.enterDriverThread(self)
    mainQueueArrivals.arm()
    let outcome = runToCompletion()
    // `ended` is already set (in the step that decided the outcome); jobs that arrive from now
    // on go to the global executor (main-actor jobs to the real main executor).
    let (ownedTasks, bodyTask) = state.withLock { ($0.taskIDs, $0.bodyTask) }
    JobRouter.leaveDriverThread(self, ownedTasks: ownedTasks)
    var result: Result<Leftovers, VirtualTimeError>
    switch outcome {
    case .finished(let leftoverRequests):
      // Never leak a continuation: a task left inside `advance`/`settle` goes on at once, time
      // unmoved (its jobs now run on the global executor).
      var leftovers = Leftovers()
      leftovers.requests = leftoverRequests.map(\.summary)
      if !options.allowsSuspendedTasks {
        leftovers.sleeperDeadlines = clock.pendingDeadlines
        leftovers.suspendedTasks = describeSuspendedTasks(requests: leftoverRequests)
      }
      for request in leftoverRequests { request.resumeUnserved() }
      result = .success(leftovers)
    case .failed(let error):
      // The driver gives up: the body is cancelled, and the jobs and requests still pending are
      // not run, so a runaway body (a loop of `Task.yield()`) stops instead of spinning on the
      // global executor for the rest of the process.
      bodyTask?.cancel()
      result = .failure(error)
    }
    // A resumption from DispatchQueue.main explains (and outranks) any other outcome; left-over
    // requests were resumed above all the same.
    if let mainQueueFailure = mainQueueArrivals.failure() {
      bodyTask?.cancel()
      result = .failure(mainQueueFailure)
    } else if let sleepFailure = realClockSleeps.failure() {
      result = .failure(sleepFailure)
    }
    taskTracker.releaseAll()
    // Resumed only now, so that the caller's task is not mistaken for one of the driver's.
    completion(result)
  }

  private enum Outcome {
    case finished([Request])
    case failed(VirtualTimeError)
  }

  private func runToCompletion() -> Outcome {
    // Both count work done without time moving; only a step of the clock resets them, so a
    // polling loop (`while ... { await time.settle() }`) is caught like a `Task.yield()` loop.
    var jobsSinceTimeMoved = 0
    var requestsSinceTimeMoved = 0
    while true {
      while let job = state.withLock({ $0.jobs.popFirst() }) {
        job.run(on: self)
        jobsSinceTimeMoved += 1
        state.withLock { $0.jobsRun += 1 }
        if jobsSinceTimeMoved > options.jobLimit {
          return fail(
            .jobLimitExceeded(
              report(reason: "more than \(options.jobLimit) jobs ran at one instant")))
        }
      }
      taskTracker.pruneIfLarge()
      switch nextStep() {
      case .runJobs:
        continue
      case .finished(let leftoverRequests):
        return .finished(leftoverRequests)
      case .serve(let request):
        let before = clock.now
        handle(request)
        if clock.now != before {
          jobsSinceTimeMoved = 0
          requestsSinceTimeMoved = 0
        } else {
          requestsSinceTimeMoved += 1
          if requestsSinceTimeMoved > options.requestLimit {
            return fail(
              .jobLimitExceeded(
                report(
                  reason: """
                    more than \(options.requestLimit) advance/settle requests were served at one \
                    instant without time moving: a polling loop such as \
                    `while ... { await time.settle() }` waits for something that settling cannot \
                    bring (use a condition that time or an event makes true, or await the task)
                    """)))
          }
        }
      case .release(let requests):
        for request in requests { request.resumeUnserved() }
        // A body that ignores its cancellation and goes on asking is stopped like a polling loop.
        requestsSinceTimeMoved += requests.count
        if requestsSinceTimeMoved > options.requestLimit {
          return fail(
            .cancelled(
              report(
                reason: """
                  the calling task was cancelled, and the body went on asking for time without \
                  ending
                  """)))
        }
      case .idle(let cancelRequested):
        if cancelRequested {
          return fail(
            .cancelled(
              report(
                reason: "the calling task was cancelled (a time limit, or the test was stopped)")))
        }
        if let deadline = clock.nextDeadline {
          guard deadline <= horizon else {
            return fail(
              .horizonExceeded(
                report(reason: "the next deadline, \(deadline), is past the horizon, \(horizon)")))
          }
          clock.advance(to: deadline)
          jobsSinceTimeMoved = 0
          requestsSinceTimeMoved = 0
          continue
        }
        if !waitForOutsideWork() {
          if state.withLock({ $0.cancelRequested }) { continue }  // reported as a cancellation
          return fail(
            .stalled(
              report(
                reason: """
                  the body is suspended on work the driver cannot run (a Dispatch queue, a \
                  real-clock sleep, another executor, a task started outside the body, or a \
                  continuation nobody resumes)\(MainExecutorHook.stallNote)
                  """)))
        }
      }
    }
  }

  /// Decides, in one step, what to do once the job queue was found empty.
  private func nextStep() -> Step {
    state.withLock { state in
      if !state.jobs.isEmpty { return .runJobs }
      if state.bodyFinished {
        state.ended = true
        defer { state.requests = [] }
        return .finished(leftoverRequests: state.requests)
      }
      // Once the caller is cancelled, time no longer moves and requests are no longer served,
      // but a task waiting in one is released (time unmoved): a body that polls
      // `Task.isCancelled` between `settle()`s must get to see it, whenever the cancellation
      // lands. Once nothing is runnable and nothing is asked, the driver ends here.
      if state.cancelRequested {
        guard state.requests.isEmpty else {
          defer { state.requests = [] }
          return .release(state.requests)
        }
        return .idle(cancelRequested: true)
      }
      if let request = state.requests.first { return .serve(request) }
      return .idle(cancelRequested: false)
    }
  }

  /// Ends the driver with `error`: what is still queued is abandoned (see `threadMain`).
  private func fail(_ error: VirtualTimeError) -> Outcome {
    state.withLock { $0.ended = true }
    return .failed(error)
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
      let (hasWork, cancelled) = state.withLock {
        (!$0.jobs.isEmpty || !$0.requests.isEmpty, $0.cancelRequested)
      }
      if hasWork { return true }
      if cancelled { return false }
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
        suspended tasks: \(suspendedTaskSummary())
        real time since the driver started: \(Self.milliseconds(ContinuousClock.now - startedAt)) ms
      """
  }
}

/// What the driver's thread needs, passed through `pthread_create`'s context pointer.
private final class DriverLaunch: Sendable {
  let driver: VirtualTimeDriver
  let completion: @Sendable (Result<VirtualTimeDriver.Leftovers, VirtualTimeError>) -> Void

  init(
    driver: VirtualTimeDriver,
    completion: @escaping @Sendable (Result<VirtualTimeDriver.Leftovers, VirtualTimeError>) -> Void
  ) {
    self.driver = driver
    self.completion = completion
  }
}
