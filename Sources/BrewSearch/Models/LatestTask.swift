import Synchronization

/// Runs at most one piece of work at a time, newest wins: starting new work cancels the work in
/// flight, and the new work begins once the cancelled one has stopped, so passes never overlap.
///
/// Waiting is cancellable: cancelling the task that waits (``wait()`` or ``cancelAndWait()``)
/// cancels the work in flight, so a cancelled caller never waits for a pass to complete.
final class LatestTask: Sendable {
  private let current = Mutex<Task<Void, Never>?>(nil)

  /// Cancels the work in flight and starts `operation` after it has stopped.
  func replace(_ operation: @escaping @Sendable () async -> Void) {
    current.withLock { current in
      let previous = current
      previous?.cancel()
      current = Task {
        await previous?.value
        guard !Task.isCancelled else { return }
        await operation()
      }
    }
  }

  /// Cancels the work in flight and returns once every piece of work started has stopped.
  func cancelAndWait() async {
    let last = current.withLock { $0.take() }
    last?.cancel()
    await last?.value
  }

  /// Returns once the newest work (and so every earlier one) has finished, without cancelling it
  /// — unless the waiting task is cancelled, before or while it waits: then the work is
  /// cancelled, and this returns once it has stopped.
  func wait() async {
    let last = current.withLock { $0.take() }
    await withTaskCancellationHandler {
      await last?.value
    } onCancel: {
      last?.cancel()
    }
  }
}
