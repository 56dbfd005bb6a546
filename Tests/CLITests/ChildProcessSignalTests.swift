import BrewSearch
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Signals delivered to the test process while it runs a child cannot end it: the CI crash was
/// Foundation's `FileHandle.readDataToEndOfFile()` trapping on a `read` interrupted by a signal
/// (`EINTR`); `ChildProcess` retries every interrupted call.
@Suite struct ChildProcessSignalTests {
  /// How many times the handler ran.
  static let delivered = Atomic(0)

  /// A handler installed without `SA_RESTART`, so each signal interrupts a blocked system call
  /// of the thread it is delivered to with `EINTR`.
  static let installHandler: Void = {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      ChildProcessSignalTests.delivered.add(1, ordering: .relaxed)
    }
    action.sa_flags = 0
    sigemptyset(&action.sa_mask)
    sigaction(SIGUSR2, &action, nil)
  }()

  @Test(.timeLimit(.minutes(1)))
  func aRunInterruptedByManySignalsStillCollectsEverything() throws {
    Self.installHandler
    // 4 MiB through `cat`: many poll, read and write calls for the signals to interrupt.
    var random = SplitMix64(seed: 11)
    let input = (0..<4 << 20).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    let result = Mutex<Result<ChildProcess.Output, ChildProcess.SpawnError>?>(nil)
    let runner = Mutex<pthread_t?>(nil)
    let done = Atomic(false)
    // The runner stays alive until the signalling stops, so its `pthread_t` is never stale.
    let mayExit = DispatchSemaphore(value: 0)
    // The run on a thread of its own that accepts SIGUSR2: threads of the cooperative pool
    // block most signals, so the test's own thread would never see one.
    let thread = Thread {
      var usr2 = sigset_t()
      sigemptyset(&usr2)
      sigaddset(&usr2, SIGUSR2)
      pthread_sigmask(SIG_UNBLOCK, &usr2, nil)
      runner.withLock { $0 = pthread_self() }
      let output = Result { () throws(ChildProcess.SpawnError) in
        try ChildProcess.run("/bin/cat", [], input: input, limit: 50)
      }
      result.withLock { $0 = output }
      done.store(true, ordering: .releasing)
      mayExit.wait()
    }
    let before = Self.delivered.load(ordering: .relaxed)
    thread.start()
    // Signals the running thread until the run is over (each wait is a yield, not a sleep).
    // The end is a flag, read as often as needed: a semaphore taken by one of the two loops
    // would leave the other waiting for ever (it hung a CI run once).
    while !done.load(ordering: .acquiring) {
      guard let target = runner.withLock({ $0 }) else {
        sched_yield()
        continue
      }
      // One at a time (a pending signal is not queued twice): the next once this one ran.
      let count = Self.delivered.load(ordering: .relaxed)
      pthread_kill(target, SIGUSR2)
      while Self.delivered.load(ordering: .relaxed) == count, !done.load(ordering: .acquiring) {
        sched_yield()
      }
    }
    mayExit.signal()
    let output = try #require(try result.withLock { $0 }?.get())
    #expect(output.exitStatus == 0 && output.signal == nil && !output.timedOut)
    #expect(output.stdout == Data(input))
    #expect(output.stderr.isEmpty)
    let interruptions = Self.delivered.load(ordering: .relaxed) - before
    #expect(interruptions > 0, "only \(interruptions) signals were delivered")
  }
}
