import BrewSearch
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import brew_search_cli

#if canImport(Glibc)
  import Glibc
#endif

/// Issue #17, item 1: reading, echoing and editing keys never waits for a cooperative thread.
/// The live screen's own code (``KeyReader``, ``LiveScreen``) runs in-process on a
/// pseudo-terminal while every thread of the cooperative pool is held by a blocked task, as a
/// filter pass filling every core would hold them; the typed keys must still be echoed.
@Suite(.timeLimit(.minutes(2))) struct KeyEchoWhilePoolIsBusyTests {
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

/// Holds threads of the cooperative pool: each of `threads` tasks blocks its thread until
/// ``release()``.
final class CooperativePoolBlocker: Sendable {
  let threads: Int
  private let started = DispatchSemaphore(value: 0)
  private let gate = DispatchSemaphore(value: 0)
  private let held = Atomic(0)

  init(threads: Int) {
    self.threads = threads
  }

  var heldThreads: Int { held.load(ordering: .acquiring) }

  /// Starts the blocking tasks and waits until each holds a thread; `false` when they do not
  /// all start within `limit` (another test may hold a thread for a while).
  func holdEveryThread(within limit: Duration) -> Bool {
    for _ in 0..<threads {
      Task.detached { self.block() }
    }
    let deadline = DispatchTime.now() + .nanoseconds(Int(limit / .nanoseconds(1)))
    for _ in 0..<threads where started.wait(timeout: deadline) == .timedOut { return false }
    return true
  }

  private func block() {
    held.add(1, ordering: .acquiringAndReleasing)
    started.signal()
    gate.wait()
    held.subtract(1, ordering: .acquiringAndReleasing)
  }

  /// Lets every blocked task return.
  func release() {
    for _ in 0..<threads { gate.signal() }
  }
}

/// Runs `body` on a new thread (not a cooperative one) and returns its result.
func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}
