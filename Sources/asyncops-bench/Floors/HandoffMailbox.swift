import Synchronization

/// A one-element mailbox between two tasks built on a bare `UnsafeContinuation`: the cheapest way
/// one task can hand a value to another and wake it. The `handoff` case ping-pongs through two of
/// these to measure the physical floor of any cross-task operator.
///
/// Exactly one sender and one receiver alternate: a `send` is always followed by a `receive`
/// before the next `send`, so the mailbox never holds two values.
final class HandoffMailbox: Sendable {
  private enum State {
    case empty
    case receiverWaiting(UnsafeContinuation<Int, Never>)
    case holding(Int)
  }

  private let state = Mutex(State.empty)

  /// Delivers `value`, resuming the receiver if it is already waiting (outside the lock).
  @inline(never)
  func send(_ value: Int) {
    let waiting = state.withLock { state -> UnsafeContinuation<Int, Never>? in
      switch state {
      case .empty:
        state = .holding(value)
        return nil
      case .receiverWaiting(let continuation):
        state = .empty
        return continuation
      case .holding:
        preconditionFailure("HandoffMailbox: send before the previous value was received")
      }
    }
    waiting?.resume(returning: value)
  }

  /// Takes the value, suspending until one is sent.
  @inline(never)
  func receive() async -> Int {
    await withUnsafeContinuation { continuation in
      let ready = state.withLock { state -> Int? in
        switch state {
        case .empty:
          state = .receiverWaiting(continuation)
          return nil
        case .holding(let value):
          state = .empty
          return value
        case .receiverWaiting:
          preconditionFailure("HandoffMailbox: two receivers")
        }
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}
