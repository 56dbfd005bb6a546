import AsyncOps
import Synchronization

/// Reads whether a runtime task has completed, and what a suspended one waits on, so that
/// `withVirtualTime` can name the tasks a body left suspended.
///
/// Swift has no API that tells whether a task is complete without awaiting it, so this reads the
/// runtime's task status word (`ActiveTaskStatus`: its flags and its newest status record) at its
/// offset in the task object. That layout is the runtime's own: it was read on Swift 6.3.1 Linux
/// x86_64, and it is **verified** once per process, with tasks of known state, before it is
/// trusted (``verifyOnce()``); on a runtime where it does not match, ``isVerified`` is `false` and
/// no task is reported as left suspended (the report falls back to sleepers and requests).
///
/// Only tasks the driver keeps retained are read (see ``TaskTracker``), so the memory read is
/// always a live task.
enum RuntimeTaskState {
  /// `AsyncTask`: the job header (64 bytes), the resume context and a reserved word, then its
  /// private storage, whose first 16 bytes are the exclusivity access set: the status is next.
  private static let statusFlagsOffset = 96
  /// The newest status record of the task (a linked list), right after the flags word.
  private static let statusRecordOffset = 104
  private static let isCompleteFlag: UInt32 = 0x2000
  private static let isEnqueuedFlag: UInt32 = 0x1000
  private static let hasDependencyFlag: UInt32 = 0x4000

  /// What a suspended task waits on, as its dependency status record says.
  enum Wait: Equatable, Sendable {
    /// The value of another task (`await task.value`), by its id.
    case taskValue(UInt64)
    /// The next result of a task group.
    case taskGroup
    /// A continuation: a `withCheckedContinuation`, an `AsyncSequence`'s `next()` waiting for
    /// an element, a sleep on a clock.
    case continuation
    /// Queued on an executor (an actor's, or the global one): runnable, not run by the driver.
    case executor
    /// Nothing the runtime records.
    case unknown
  }

  private struct Calibration: Sendable {
    var verified = false
  }

  /// Runs once per process, on first use; every caller of ``verifyOnce()`` awaits its end (tests
  /// run in parallel: none may start a driver before the layout is known).
  private static let calibrationTask = Task.detached { await calibrate() }
  /// The result of the calibration, once it has run.
  private static let calibration = Mutex<Calibration?>(nil)
  /// `calibration.verified`, read for every job a driver queues without taking a lock.
  private static let verified = Atomic(false)

  /// Whether the layout was verified on this runtime (after ``verifyOnce()``).
  static var isVerified: Bool { verified.load(ordering: .acquiring) }

  /// Whether the task at `address` has completed.
  static func isComplete(_ address: UInt) -> Bool {
    flags(address) & isCompleteFlag != 0
  }

  /// Whether the task at `address` has suspended on something (not queued to run).
  private static func isSuspendedOnDependency(_ address: UInt) -> Bool {
    let flags = flags(address)
    return flags & hasDependencyFlag != 0 && flags & (isEnqueuedFlag | isCompleteFlag) == 0
      && wait(of: address) != .executor
  }

  private static func flags(_ address: UInt) -> UInt32 {
    UnsafeRawPointer(bitPattern: address)!.load(fromByteOffset: statusFlagsOffset, as: UInt32.self)
  }

  private static func word(_ address: UInt, at offset: Int) -> UInt {
    UnsafeRawPointer(bitPattern: address)!.load(fromByteOffset: offset, as: UInt.self)
  }

  /// What the suspended task at `address` waits on.
  static func wait(of address: UInt) -> Wait {
    guard flags(address) & hasDependencyFlag != 0 else { return .unknown }
    // The status records: { flags (kind in the low byte), parent, two words of what it waits on,
    // the dependency kind (a byte) }. The dependency record has kind 0; walk a few at most.
    var record = word(address, at: statusRecordOffset)
    for _ in 0..<8 where record != 0 {
      if word(record, at: 0) & 0xFF == 0 {
        // The kind is one byte; the bytes after it are padding, not cleared.
        switch word(record, at: 32) & 0xFF {
        case 1: return .taskValue(runtimeTaskID(ofTaskAt: word(record, at: 16)))
        case 2: return .continuation
        case 3: return .taskGroup
        case 4: return .executor
        default: return .unknown
        }
      }
      record = word(record, at: 8)
    }
    return .unknown
  }

  /// Checks the layout once per process with tasks of known state: a completed one, one
  /// suspended on a continuation and one awaiting another's value. They run on a driver of their
  /// own (its own thread: no wait for the cooperative pool, however loaded), before the caller's
  /// driver starts; it takes well under a millisecond.
  static func verifyOnce() async {
    guard calibration.withLock({ $0 == nil }) else { return }
    let result = await calibrationTask.value
    calibration.withLock { $0 = result }
    verified.store(result.verified, ordering: .releasing)
  }

  private static func calibrate() async -> Calibration {
    #if os(Linux) && arch(x86_64) && compiler(>=6.3)
      let driver = VirtualTimeDriver(clock: TestClock(), options: VirtualTimeOptions())
      let result = Mutex(Calibration())
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        driver.start(
          body: { time in
            let calibration = await calibrate(in: time)
            result.withLock { $0 = calibration }
          },
          completion: { _ in continuation.resume() })
      }
      return result.withLock { $0 }
    #else
      return Calibration()
    #endif
  }

  /// The calibration itself, on the calibration driver: every state is reached deterministically.
  private static func calibrate(in time: VirtualTime) async -> Calibration {
    var result = Calibration()
    let done = Task { 1 }
    _ = await done.value
    let parked = Mutex<UnsafeContinuation<Void, Never>?>(nil)
    let waiting = Task { await withUnsafeContinuation { c in parked.withLock { $0 = c } } }
    let awaiting = Task { await waiting.value }
    await time.settle()  // both have run up to their suspension
    let tasks = [address(of: waiting), address(of: awaiting)]
    let matches =
      tasks.allSatisfy(isSuspendedOnDependency) && isComplete(address(of: done))
      && wait(of: tasks[0]) == .continuation
      && wait(of: tasks[1]) == .taskValue(runtimeTaskID(ofTaskAt: tasks[0]))
    guard let continuation = parked.withLock({ $0 }) else { return result }
    continuation.resume()
    await awaiting.value
    result.verified = matches && isComplete(tasks[0]) && isComplete(tasks[1])
    return result
  }

  /// The address of a task object (`Task` holds exactly its reference).
  static func address<Success, Failure>(of task: Task<Success, Failure>) -> UInt {
    unsafeBitCast(task, to: UInt.self)
  }
}

/// The runtime's id of the task at `address`.
func runtimeTaskID(ofTaskAt address: UInt) -> UInt64 {
  runtimeTaskID(of: unsafeBitCast(address, to: UnownedJob.self))
}

/// Retains the task at `address` (a task is a native Swift object).
private func runtimeRetain(_ address: UInt) {
  _ = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).retain()
}

/// Balances ``runtimeRetain(_:)``.
private func runtimeRelease(_ address: UInt) {
  Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release()
}

/// The tasks whose jobs one driver ran, each kept alive (retained) until the driver ends, so that
/// when the body returns the driver can tell which are still suspended and what they wait on.
/// Completed tasks are let go from time to time, so a body that runs many short tasks keeps few.
final class TaskTracker: Sendable {
  private struct State: Sendable {
    /// Task id → the task's address (retained by the tracker).
    var tasks: [UInt64: UInt] = [:]
    /// Tasks made before the body's (the test's own, resumed from the body): never reported.
    var firstTaskID: UInt64 = .max
    var pruneAt = 1024
  }

  private let state = Mutex(State())

  /// Tasks with an id below the body's were made before it: not the body's.
  func setBodyTask(id: UInt64) {
    state.withLock { $0.firstTaskID = id }
  }

  /// Keeps the task of `job`, seen for the first time (the driver checks that, under its own
  /// lock, once per task). Call before the job is queued: the task is alive then.
  func track(_ job: UnownedJob, id: UInt64) {
    let address = unsafeBitCast(job, to: UInt.self)
    runtimeRetain(address)
    state.withLock { $0.tasks[id] = address }
  }

  /// Lets go of completed tasks once many are kept. Call where no lock is held (a release may run
  /// a `deinit`).
  func pruneIfLarge() {
    let completed = state.withLock { state -> [UInt] in
      guard state.tasks.count >= state.pruneAt else { return [] }
      let done = state.tasks.filter { RuntimeTaskState.isComplete($0.value) }
      for id in done.keys { state.tasks[id] = nil }
      state.pruneAt = max(1024, state.tasks.count * 2)
      return Array(done.values)
    }
    for address in completed { runtimeRelease(address) }
  }

  /// The body's tasks not complete now, by id, with what each waits on.
  func suspended() -> [(id: UInt64, address: UInt, wait: RuntimeTaskState.Wait)] {
    let tasks = state.withLock { state in
      state.tasks.filter { $0.key >= state.firstTaskID }
    }
    return tasks.sorted { $0.key < $1.key }.compactMap { id, address in
      RuntimeTaskState.isComplete(address)
        ? nil : (id, address, RuntimeTaskState.wait(of: address))
    }
  }

  /// Lets go of every task (when the driver ends).
  func releaseAll() {
    let addresses = state.withLock { state -> [UInt] in
      defer { state.tasks = [:] }
      return Array(state.tasks.values)
    }
    for address in addresses { runtimeRelease(address) }
  }
}
