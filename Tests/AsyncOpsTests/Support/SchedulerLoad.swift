import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work that competes with the code under test for the CPUs, so that its threads are preempted at
/// arbitrary points: the load generator of the start-race stress tests.
///
/// A race between two steps of an operator (starting its reader task, then registering the
/// waiting consumer) needs the thread running the first step to lose its CPU before the second
/// step, while another thread runs the reader. On an idle machine that window is a few hundred
/// nanoseconds and almost never opens; with more runnable threads than cores, the kernel
/// preempts threads in the middle of such windows. No sleeps: the load only takes CPU time.
///
/// ```swift
/// let late = await SchedulerLoad.during {
///   var late = 0
///   for _ in 0..<2_000 {
///     var iterator = (0..<100).async.share(bufferingPolicy: .bufferingNewest(1))
///       .makeAsyncIterator()
///     if await iterator.next() != 0 { late += 1 }
///   }
///   return late
/// }
/// #expect(late == 0)
/// ```
///
/// - `threads` busy operating-system threads, outside the cooperative pool: they spin and call
///   `sched_yield()` now and then, so the kernel switches threads often and at arbitrary points.
/// - `tasks` busy tasks on the cooperative pool: each spins for a few microseconds between
///   `Task.yield()`s, so a newly created task may have to wait for a pool thread, or may run at
///   once on the other one.
///
/// The load stops, and every thread and task of it has ended, before ``during(threads:tasks:_:)``
/// returns.
enum SchedulerLoad {
  /// Runs `body` while `threads` busy threads and `tasks` busy tasks take CPU time.
  static func during<Result>(
    threads: Int = 2, tasks: Int = 2, _ body: () async throws -> Result
  ) async rethrows -> Result {
    let running = LoadFlag()
    let spinners = (0..<threads).map { _ in BusyThread.start(while: running) }
    let busyTasks = (0..<tasks).map { _ in
      Task.detached {
        while running.isSet {
          spin(iterations: 2_000)
          await Task.yield()
        }
      }
    }
    defer {
      running.clear()
      for spinner in spinners { spinner.join() }
    }
    let result = try await body()
    running.clear()
    for task in busyTasks { await task.value }
    return result
  }

  /// Runs `trial` `count` times under load and returns how many times it returned `false`.
  ///
  /// ```swift
  /// let failures = await SchedulerLoad.failures(of: 1_000) { _ in await firstElement() == 0 }
  /// #expect(failures == 0)
  /// ```
  static func failures(
    of count: Int, threads: Int = 2, tasks: Int = 2, _ trial: (Int) async -> Bool
  ) async -> Int {
    await during(threads: threads, tasks: tasks) {
      var failures = 0
      for index in 0..<count {
        // A test stopped by its time limit is cancelled: its later trials would end early and be
        // counted as failures of the operator; the time limit reports itself.
        if Task.isCancelled { break }
        if !(await trial(index)) && !Task.isCancelled { failures += 1 }
      }
      return failures
    }
  }

  /// Burns CPU time without touching memory another thread uses.
  @inline(never)
  static func spin(iterations: Int) {
    var value: UInt64 = 0x9E37_79B9
    for _ in 0..<iterations { value = value &* 6_364_136_223_846_793_005 &+ 1 }
    blackHole(value)
  }

  @inline(never)
  static func blackHole(_ value: UInt64) {
    if value == 42 { print("") }
  }
}

/// Whether the load still runs; read by every spinner.
private final class LoadFlag: Sendable {
  private let value = Atomic(true)
  var isSet: Bool { value.load(ordering: .relaxed) }
  func clear() { value.store(false, ordering: .relaxed) }
}

/// One busy operating-system thread.
private final class BusyThread: Sendable {
  let flag: LoadFlag
  /// Set by the thread when it has returned.
  let done = Atomic(false)

  init(flag: LoadFlag) { self.flag = flag }

  static func start(while flag: LoadFlag) -> BusyThread {
    let busy = BusyThread(flag: flag)
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        let busy = Unmanaged<BusyThread>.fromOpaque(context).takeRetainedValue()
        while busy.flag.isSet {
          SchedulerLoad.spin(iterations: 20_000)
          sched_yield()
        }
        busy.done.store(true, ordering: .releasing)
        return nil
      }, Unmanaged.passRetained(busy).toOpaque())
    precondition(result == 0, "SchedulerLoad: could not start a busy thread (\(result))")
    pthread_detach(thread)
    return busy
  }

  /// Waits until the thread has returned (it does within one spin once the flag is cleared).
  func join() {
    while !done.load(ordering: .acquiring) { sched_yield() }
  }
}
