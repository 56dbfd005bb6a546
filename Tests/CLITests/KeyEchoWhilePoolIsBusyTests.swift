import BrewSearch
import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import brew_search_cli

#if canImport(Glibc)
  import Glibc
#endif

/// Reading, echoing and editing keys never waits for a cooperative thread.
/// The live screen's own code (``KeyReader``, ``LiveScreen``) runs in-process on a
/// pseudo-terminal while every thread of the cooperative pool is held by a blocked task, as a
/// filter pass filling every core would hold them; the typed keys must still be echoed.
@Suite(.timeLimit(.minutes(2)), .runsAlone("holds every cooperative thread"))
struct KeyEchoWhilePoolIsBusyTests {
  @Test func keysAreEchoedAndEditedWhileEveryCooperativeThreadIsBlocked() async throws {
    let terminal = try PseudoTerminal(rows: 20, columns: 80)
    terminal.makeFollowerRaw()
    let follower = terminal.follower.fileDescriptor
    let model = BrewHistorySearchModel(debounce: .zero, clock: ContinuousClock())
    model.updateSource(Brew.sampleHistory)
    let screen = LiveScreen(
      model: model, screen: SearchScreen(useColor: false, engineName: "pull"),
      size: { (rows: 20, columns: 80) }, write: { Terminal.write($0, to: follower) })
    let running = Task { await model.run() }
    let applying = Task {
      for await input in KeyReader.inputs(for: screen, from: follower) { model.apply(input) }
    }
    screen.draw(full: true)
    // Dispatch's cooperative pool on Linux has one thread per active processor.
    let blocker = CooperativePoolBlocker(threads: ProcessInfo.processInfo.activeProcessorCount)
    // Every wait below blocks a thread: it runs on a thread of its own, so that this test's task
    // does not hold a cooperative thread itself.
    let outcome = await onOwnThread { () -> String? in
      defer {
        terminal.type("\u{1B}")  // Esc: the key thread ends its stream, still without the pool
        blocker.release()
      }
      guard terminal.read(until: "Search: ▏") else { return "no first screen" }
      guard blocker.holdEveryThread(within: .seconds(60)) else {
        return "only \(blocker.heldThreads) of \(blocker.threads) cooperative threads could be "
          + "blocked: something else holds one"
      }
      terminal.type("tea-like")
      guard terminal.read(until: "Search: tea-like▏") else { return "no echo of tea-like" }
      terminal.type("\u{1B}[D\u{1B}[D\u{1B}[3~")  // ← ← Delete
      guard terminal.read(until: "Search: tea-li▏e") else { return "no echo of the edit" }
      guard blocker.heldThreads == blocker.threads else { return "a blocked thread got free" }
      return nil
    }
    #expect(outcome == nil, "\(outcome ?? ""): \(terminal.transcript)")
    // Once the pool is free again, the model receives everything that was typed.
    await applying.value
    #expect(model.searchText == "tea-lie")
    running.cancel()
    await running.value
  }
}

/// Holds every thread of the cooperative pool: `threads` tasks each block their thread until
/// ``release()``.
///
/// Other tests of the process run beside this one, and a synchronous one holds a cooperative
/// thread while it waits for its child process. Holding some threads while waiting for the rest
/// would starve every other test of the pool for that long, so the threads are taken in short
/// attempts: an attempt that does not hold them all within ``attemptWindow`` lets go of what it
/// took and the next one starts after ``pauseBetweenAttempts``.
final class CooperativePoolBlocker: Sendable {
  /// How long one attempt may hold some of the threads while it waits for the rest.
  static let attemptWindow: Duration = .milliseconds(50)
  /// How long the pool is left alone between two attempts (the waits are on the caller's own
  /// thread, not a cooperative one).
  static let pauseBetweenAttempts: Duration = .milliseconds(200)

  let threads: Int
  private let current = Mutex<Attempt?>(nil)

  init(threads: Int) {
    self.threads = threads
  }

  /// How many threads the attempt that succeeded still holds (0 before one did).
  var heldThreads: Int { current.withLock { $0?.heldThreads ?? 0 } }

  /// Takes every thread of the pool at once, in attempts, for at most `limit`; `false` when no
  /// attempt held them all (another test kept one busy all along).
  func holdEveryThread(within limit: Duration) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    while clock.now < deadline {
      let attempt = Attempt(threads: threads)
      for _ in 0..<threads {
        Task.detached { attempt.block() }
      }
      if attempt.holdsEveryThread(within: Self.attemptWindow) {
        current.withLock { $0 = attempt }
        return true
      }
      _ = DispatchSemaphore(value: 0).wait(timeout: .now() + Self.pauseBetweenAttempts.dispatch)
    }
    return false
  }

  /// Lets every blocked task return.
  func release() {
    current.withLock { $0 }?.release()
  }
}

/// One try at holding every thread: tasks that start block until every one has started (then
/// until release), or until the try is abandoned; a task that starts after that returns at once.
private final class Attempt: Sendable {
  private enum Phase { case gathering, holding, abandoned }
  private struct State {
    var phase = Phase.gathering
    var blocked = 0
  }

  let threads: Int
  private let state = Mutex(State())
  private let everyThreadHeld = DispatchSemaphore(value: 0)
  private let gate = DispatchSemaphore(value: 0)

  init(threads: Int) {
    self.threads = threads
  }

  var heldThreads: Int { state.withLock { $0.phase == .holding ? $0.blocked : 0 } }

  /// Run by each blocking task on its cooperative thread.
  func block() {
    let joined = state.withLock { state -> Bool in
      guard state.phase == .gathering else { return false }
      state.blocked += 1
      if state.blocked == threads {
        state.phase = .holding
        everyThreadHeld.signal()
      }
      return true
    }
    guard joined else { return }
    gate.wait()
    state.withLock { $0.blocked -= 1 }
  }

  /// Whether every task started within `window`; if not, the attempt is abandoned and the tasks
  /// that did start return.
  func holdsEveryThread(within window: Duration) -> Bool {
    if everyThreadHeld.wait(timeout: .now() + window.dispatch) == .success { return true }
    let started = state.withLock { state -> Int? in
      // The last task may have started between the time-out and the lock.
      guard state.phase == .gathering else { return nil }
      state.phase = .abandoned
      return state.blocked
    }
    guard let started else { return true }
    for _ in 0..<started { gate.signal() }
    return false
  }

  func release() {
    for _ in 0..<threads { gate.signal() }
  }
}

extension Duration {
  /// This duration as Dispatch's interval.
  fileprivate var dispatch: DispatchTimeInterval {
    .nanoseconds(Int(self / .nanoseconds(1)))
  }
}

/// Runs `body` on a new thread (not a cooperative one) and returns its result.
func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}
