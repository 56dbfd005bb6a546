import AsyncOps
import Synchronization
// Re-exported: the default `sourceLocation: SourceLocation = #_sourceLocation` of this module's
// functions expands in the caller's file, which must see Swift Testing's macro and type.
@_exported import Testing

/// Runs `body` on virtual time: every job it starts runs serially, on one thread, to quiescence,
/// and its `TestClock` moves only when nothing else can run.
///
/// ```swift
/// try await withVirtualTime { time in
///   let debounced = input.debounce(for: .milliseconds(20), clock: time.clock)
///   let consumer = Task { await collect(debounced) }
///   source.send("b")
///   await time.advance(by: .milliseconds(5))
///   source.send("br")
///   await time.advance(by: .milliseconds(20))   // the debounce timer fires here
///   ...
/// }
/// ```
///
/// ## What is captured
/// The body runs in a task created on the driver's thread. Every job enqueued on the global
/// executor from that thread, or belonging to a task the driver has run, is run by the driver:
/// the body itself, child tasks (task groups, `async let`), unstructured `Task {}` and
/// `Task.detached {}` created inside, default-actor hops, continuations resumed by any of these,
/// and `Task.yield()`. A continuation resumed from a thread outside the driver still reaches it,
/// provided its task was started inside.
///
/// Main-actor work of those tasks runs on the driver too, isolated to a virtual main actor: write
/// the body `{ @MainActor time in ... }` to drive a `@MainActor` model.
///
/// ## What is not
/// Work on a Dispatch queue, on a custom executor or a task executor the body
/// sets up itself, and sleeps on a real clock are not seen by the driver. If the body waits on
/// such work and nothing else is runnable or pending on the clock, the driver waits up to
/// ``VirtualTimeOptions/stallTimeout`` of real time and then throws ``VirtualTimeError/stalled(_:)``
/// with the pending work and the suspended tasks listed — it never hangs. A real-clock sleep of
/// the body or of its child tasks is seen, and fails the body at once with
/// ``VirtualTimeError/unsupportedWork(_:)`` naming it; one of an unstructured `Task {}` of the
/// body is named the same way once it stalls the body. A sleep of zero or less waits for nothing:
/// it is a yield.
///
/// ## Time
/// When nothing is runnable, the driver resumes the oldest request of ``VirtualTime/advance(by:)``,
/// ``VirtualTime/settle()`` or ``VirtualTime/runUntilIdle(within:)``, moving the clock one deadline
/// at a time; with no request pending it moves the clock to the next sleeper's deadline, up to
/// ``VirtualTimeOptions/horizon``.
///
/// ## When the body returns
/// `withVirtualTime` returns once the body has returned and every job it left runnable has run.
/// It does not wait for tasks the body left suspended, and it does not move time after the body
/// returned. Such left-over work is never silently abandoned (as Kotlin's `runTest` fails on
/// "uncompleted coroutines"):
/// - a task the body left inside ``VirtualTime/advance(by:)``, ``VirtualTime/settle()`` or
///   ``VirtualTime/runUntilIdle(within:)`` is resumed at once, time unmoved;
/// - every task of the body still suspended (a model's `run()` nobody cancelled, a consumer
///   waiting for an element that never comes, a task sleeping on the clock), every sleeper still
///   on the clock and every such request is reported as one Swift Testing issue at
///   `sourceLocation`, naming each task by its id and, where the runtime tells, what it waits
///   on. A test that means to leave tasks suspended sets
///   ``VirtualTimeOptions/allowsSuspendedTasks`` (requests are still reported). To tell, the
///   driver keeps each task it has run, its result included, until the body returns (finished
///   ones are let go in batches once more than 1,024 are kept), unless that flag is set.
///
/// A left-over task that is resumed later from outside (a continuation another thread resumes)
/// runs on the global executor (its main-actor work on the real main actor). Await or cancel what
/// the body starts, and nothing is reported.
///
/// ## Cancellation
/// Cancelling the calling task (a Swift Testing time limit, for one) cancels the body's task; the
/// driver runs what that makes runnable, stops moving time, resumes every task waiting in
/// ``VirtualTime/advance(by:)``, ``VirtualTime/settle()`` or ``VirtualTime/runUntilIdle(within:)``
/// at once, time unmoved (so a body that checks `Task.isCancelled` between them sees it and can
/// return), and then throws ``VirtualTimeError/cancelled(_:)`` unless the body has returned by
/// then.
///
/// ## When the driver gives up
/// On a ``VirtualTimeError`` the body's task is cancelled and the driver stops: jobs still queued
/// and requests still pending are not run, so a runaway body (a `Task.yield()` loop) stops
/// instead of spinning on for the rest of the test process.
///
/// ## Parallel tests
/// Drivers are isolated from each other: each owns its thread and the tasks it started, and jobs
/// of other tasks are passed on to the global executor untouched, so Swift Testing may run tests
/// that use `withVirtualTime` in parallel with each other and with any other test.
///
/// - Parameters:
///   - clock: The clock the driver moves. Hand it (or `time.clock`) to the code under test.
///   - options: The horizon, the stall timeout and the job and request limits.
///   - sourceLocation: Where an issue about left-over work is recorded; by default the call.
///   - body: The test. Its result is returned once it has returned and every job it left
///     runnable has run.
/// - Throws: What `body` throws, or a ``VirtualTimeError`` when the body cannot finish.
public func withVirtualTime<Result: Sendable>(
  clock: TestClock = TestClock(),
  options: VirtualTimeOptions = VirtualTimeOptions(),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable (VirtualTime) async throws -> Result
) async throws -> Result {
  // Once per process: whether the driver can tell which tasks the body left suspended.
  await RuntimeTaskState.verifyOnce()
  let driver = VirtualTimeDriver(clock: clock, options: options)
  let outcome = OutcomeBox<Result>()
  let leftovers = try await withTaskCancellationHandler {
    try await withUnsafeThrowingContinuation {
      (continuation: UnsafeContinuation<VirtualTimeDriver.Leftovers, any Error>) in
      driver.start(
        body: { time in
          do {
            outcome.store(.success(try await body(time)))
          } catch {
            outcome.store(.failure(error))
          }
        },
        completion: { continuation.resume(with: $0.mapError { $0 }) })
    }
  } onCancel: {
    driver.cancel()
  }
  if !leftovers.isEmpty {
    Issue.record(Comment(rawValue: leftovers.report), sourceLocation: sourceLocation)
  }
  guard let result = outcome.take() else {
    throw VirtualTimeError.stalled("withVirtualTime: the body ended without a result")
  }
  return try result.get()
}

extension VirtualTimeDriver.Leftovers {
  /// The issue recorded for work the body left behind.
  var report: String {
    var lines = ["withVirtualTime: the body returned and left work behind, which was not run:"]
    if !suspendedTasks.isEmpty {
      lines.append(
        "  \(suspendedTasks.count) task(s) of the body still suspended: "
          + suspendedTasks.prefix(10).joined(separator: "; ")
          + (suspendedTasks.count > 10 ? "; ..." : ""))
    }
    if !sleeperDeadlines.isEmpty {
      let shown = sleeperDeadlines.prefix(10).map(\.description).joined(separator: ", ")
      lines.append(
        "  \(sleeperDeadlines.count) sleeper(s) still on the clock, due at \(shown)"
          + (sleeperDeadlines.count > 10 ? ", ..." : ""))
    }
    if !requests.isEmpty {
      lines.append(
        "  request(s) of a task the body left running, resumed without moving time: "
          + requests.joined(separator: ", "))
    }
    lines.append(
      "  Await or cancel the tasks the body starts before it returns (a test that means to leave "
        + "them suspended says so: `VirtualTimeOptions(allowsSuspendedTasks: true)`).")
    return lines.joined(separator: "\n")
  }
}

/// The handle a `withVirtualTime` body uses to move time and to wait for quiescence.
///
/// ```swift
/// try await withVirtualTime { time in
///   await time.advance(by: .seconds(1))   // everything due within the second runs first
///   #expect(time.now == .zero.advanced(by: .seconds(1)))
/// }
/// ```
public final class VirtualTime: Sendable {
  let driver: VirtualTimeDriver

  init(driver: VirtualTimeDriver) {
    self.driver = driver
  }

  /// The clock this driver moves; inject it into the code under test.
  public var clock: TestClock { driver.clock }

  /// The clock's current time.
  public var now: TestClock.Instant { driver.clock.now }

  /// Runs everything else to quiescence, then moves time forward by `duration`, one deadline at a
  /// time: at each deadline the due sleepers resume and run to quiescence before time moves on.
  /// Returns at `now + duration`, once everything due by then has run.
  public func advance(by duration: Duration) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Like ``advance(by:)``, to an absolute instant. An instant in the past only settles.
  public func advance(to instant: TestClock.Instant) async {
    await withUnsafeContinuation { continuation in
      driver.submit(.advance(to: instant, continuation))
    }
  }

  /// Lets every other runnable job run to quiescence; time does not move.
  public func settle() async {
    await withUnsafeContinuation { continuation in
      driver.submit(.settle(continuation))
    }
  }

  /// Moves time from deadline to deadline until no sleeper and no runnable job is left.
  ///
  /// - Parameter limit: How far time may move; by default the driver's horizon.
  /// - Throws: ``VirtualTimeError/horizonExceeded(_:)`` when a sleeper is still pending past
  ///   `now + limit` (for example a timer that re-arms forever), with the pending work listed.
  public func runUntilIdle(within limit: Duration? = nil) async throws {
    let end = limit.map { now.advanced(by: $0) } ?? driver.horizon
    try await withUnsafeThrowingContinuation { continuation in
      driver.submit(.runUntilIdle(limit: end, continuation))
    }
  }
}

/// Limits that turn a body that cannot finish into a clear failure instead of a hang.
public struct VirtualTimeOptions: Sendable {
  /// How far past its starting time the driver moves the clock on its own. Default: one hour.
  public var horizon: Duration
  /// How long, in real time, the driver waits for outside work when nothing inside can run.
  /// Default: 250 ms.
  public var stallTimeout: Duration
  /// How many jobs may run at one instant before the driver reports a livelock. Default: 10⁷.
  public var jobLimit: Int
  /// How many ``VirtualTime/advance(by:)``/``VirtualTime/settle()`` requests may be served at
  /// one instant, time not moving, before the driver reports a polling loop. Default: 10,000.
  public var requestLimit: Int
  /// Whether the body may return with tasks still suspended (or sleeping on the clock) without
  /// an issue being recorded. Default: `false`: such tasks are reported, each named. Set it only
  /// for a test whose meaning is to leave them, and say why:
  ///
  /// ```swift
  /// // The consumer is left waiting on purpose: the test checks what it saw so far.
  /// try await withVirtualTime(options: VirtualTimeOptions(allowsSuspendedTasks: true)) { time in
  ///   ...
  /// }
  /// ```
  public var allowsSuspendedTasks: Bool

  /// Creates options; every parameter has a default suited to unit tests.
  public init(
    horizon: Duration = .seconds(3600),
    stallTimeout: Duration = .milliseconds(250),
    jobLimit: Int = 10_000_000,
    requestLimit: Int = 10_000,
    allowsSuspendedTasks: Bool = false
  ) {
    self.horizon = horizon
    self.stallTimeout = stallTimeout
    self.jobLimit = jobLimit
    self.requestLimit = requestLimit
    self.allowsSuspendedTasks = allowsSuspendedTasks
  }
}

/// Why a `withVirtualTime` body could not finish. Each message lists the pending work.
public enum VirtualTimeError: Error, CustomStringConvertible, Sendable {
  /// Nothing inside the driver could run and nothing was pending on the clock, yet the body had
  /// not finished: it waits on something the driver does not run.
  case stalled(String)
  /// Time would have had to move past the horizon for the body to go on.
  case horizonExceeded(String)
  /// Too many jobs ran, or too many requests were served, without time moving: a livelock such
  /// as a loop of `Task.yield()`, or a polling loop of `settle()` or `advance(by: .zero)`.
  case jobLimitExceeded(String)
  /// The body's tasks were resumed by work the driver does not run and cannot order with its
  /// own (`DispatchQueue.main.async`), or slept on a real clock, so the outcome would depend on
  /// real timing.
  case unsupportedWork(String)
  /// The calling task was cancelled (a time limit, say) before the body returned.
  case cancelled(String)

  /// The failure, with the pending work listed.
  public var description: String {
    switch self {
    case .stalled(let report), .horizonExceeded(let report), .jobLimitExceeded(let report),
      .unsupportedWork(let report), .cancelled(let report):
      report
    }
  }
}

/// Carries the body's result from the driver's thread to the caller.
private final class OutcomeBox<Value: Sendable>: Sendable {
  private let outcome = Mutex<Result<Value, any Error>?>(nil)

  func store(_ result: Result<Value, any Error>) {
    outcome.withLock { $0 = result }
  }

  func take() -> Result<Value, any Error>? {
    outcome.withLock { $0.take() }
  }
}
