import AsyncOps
import Synchronization

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
/// with the pending work listed — it never hangs.
///
/// ## Time
/// When nothing is runnable, the driver resumes the oldest request of ``VirtualTime/advance(by:)``,
/// ``VirtualTime/settle()`` or ``VirtualTime/runUntilIdle(within:)``, moving the clock one deadline
/// at a time; with no request pending it moves the clock to the next sleeper's deadline, up to
/// ``VirtualTimeOptions/horizon``.
///
/// ## Parallel tests
/// Drivers are isolated from each other: each owns its thread and the tasks it started, and jobs
/// of other tasks are passed on to the global executor untouched, so Swift Testing may run tests
/// that use `withVirtualTime` in parallel with each other and with any other test.
///
/// - Parameters:
///   - clock: The clock the driver moves. Hand it (or `time.clock`) to the code under test.
///   - options: The horizon, the stall timeout and the job limit.
///   - body: The test. Its result is returned once it and every job it left runnable are done.
/// - Throws: What `body` throws, or a ``VirtualTimeError`` when the body cannot finish.
public func withVirtualTime<Result: Sendable>(
  clock: TestClock = TestClock(),
  options: VirtualTimeOptions = VirtualTimeOptions(),
  _ body: @escaping @Sendable (VirtualTime) async throws -> Result
) async throws -> Result {
  let driver = VirtualTimeDriver(clock: clock, options: options)
  let outcome = OutcomeBox<Result>()
  try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
    driver.start(
      body: { time in
        do {
          outcome.store(.success(try await body(time)))
        } catch {
          outcome.store(.failure(error))
        }
      },
      completion: { failure in
        if let failure {
          continuation.resume(throwing: failure)
        } else {
          continuation.resume()
        }
      })
  }
  guard let result = outcome.take() else {
    throw VirtualTimeError.stalled("withVirtualTime: the body ended without a result")
  }
  return try result.get()
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

  /// Creates options; every parameter has a default suited to unit tests.
  public init(
    horizon: Duration = .seconds(3600),
    stallTimeout: Duration = .milliseconds(250),
    jobLimit: Int = 10_000_000
  ) {
    self.horizon = horizon
    self.stallTimeout = stallTimeout
    self.jobLimit = jobLimit
  }
}

/// Why a `withVirtualTime` body could not finish. Each message lists the pending work.
public enum VirtualTimeError: Error, CustomStringConvertible, Sendable {
  /// Nothing inside the driver could run and nothing was pending on the clock, yet the body had
  /// not finished: it waits on something the driver does not run.
  case stalled(String)
  /// Time would have had to move past the horizon for the body to go on.
  case horizonExceeded(String)
  /// Too many jobs ran without time moving: a livelock such as a loop of `Task.yield()`.
  case jobLimitExceeded(String)
  /// The body's tasks were resumed by work the driver does not run and cannot order with its
  /// own (`DispatchQueue.main.async`), so the outcome would depend on real timing.
  case unsupportedWork(String)

  /// The failure, with the pending work listed.
  public var description: String {
    switch self {
    case .stalled(let report), .horizonExceeded(let report), .jobLimitExceeded(let report),
      .unsupportedWork(let report):
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
