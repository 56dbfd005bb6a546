import Synchronization

/// A one-slot rendezvous between one sending and one receiving task, on bare
/// `UnsafeContinuation`s: `send` returns only once the receiver has taken the value (at once if
/// the receiver is already waiting), as swift-async-algorithms' `AsyncChannel` does. `nil` is
/// the end. When the receiver is gone, a waiting or later `send` returns `false`.
final class RendezvousChannel: Sendable {
  private enum State {
    case idle
    case senderWaiting(Int?, UnsafeContinuation<Bool, Never>)
    case receiverWaiting(UnsafeContinuation<Int?, Never>)
    case receiverGone
  }

  private let state = Mutex(State.idle)

  /// Hands `value` (`nil`: the end) to the receiver; returns whether it was taken.
  func send(_ value: Int?) async -> Bool {
    await withUnsafeContinuation { (sender: UnsafeContinuation<Bool, Never>) in
      let (receiver, taken) = state.withLock {
        state -> (UnsafeContinuation<Int?, Never>?, Bool?) in
        switch state {
        case .idle:
          state = .senderWaiting(value, sender)
          return (nil, nil)
        case .receiverWaiting(let receiver):
          state = .idle
          return (receiver, true)
        case .receiverGone:
          return (nil, false)
        case .senderWaiting:
          preconditionFailure("RendezvousChannel: two senders")
        }
      }
      receiver?.resume(returning: value)
      if let taken { sender.resume(returning: taken) }
    }
  }

  /// Takes the next value (`nil` at the end), suspending until one is sent.
  func receive() async -> Int? {
    await withUnsafeContinuation { (receiver: UnsafeContinuation<Int?, Never>) in
      let sent = state.withLock { state -> (Int?, UnsafeContinuation<Bool, Never>)? in
        switch state {
        case .idle:
          state = .receiverWaiting(receiver)
          return nil
        case .senderWaiting(let value, let sender):
          state = .idle
          return (value, sender)
        case .receiverWaiting, .receiverGone:
          preconditionFailure("RendezvousChannel: two receivers")
        }
      }
      if let (value, sender) = sent {
        sender.resume(returning: true)
        receiver.resume(returning: value)
      }
    }
  }

  /// The receiver will not receive again: a waiting sender learns it, later sends fail at once.
  func receiverGone() {
    let sender = state.withLock { state -> UnsafeContinuation<Bool, Never>? in
      defer { state = .receiverGone }
      if case .senderWaiting(_, let sender) = state { return sender }
      return nil
    }
    sender?.resume(returning: false)
  }
}

/// `0..<count` through a ``RendezvousChannel``; each iterator starts its own producer task.
struct RendezvousSequence: AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = Never

  /// How many values, `0..<count`.
  let count: Int

  func makeAsyncIterator() -> Iterator {
    let channel = RendezvousChannel()
    Task { [count] in
      for value in 0..<count {
        guard await channel.send(value) else { return }
      }
      _ = await channel.send(nil)
    }
    return Iterator(receiver: Receiver(channel: channel))
  }

  /// Receives from the channel until the end.
  struct Iterator: AsyncIteratorProtocol {
    let receiver: Receiver
    var ended = false

    mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Int? {
      guard !ended else { return nil }
      let value = await receiver.channel.receive()
      ended = value == nil
      return value
    }

    mutating func next() async -> Int? {
      await next(isolation: nil)
    }
  }

  /// Tells the channel when the iterator is gone, so an abandoned producer task ends.
  final class Receiver: Sendable {
    let channel: RendezvousChannel

    init(channel: RendezvousChannel) {
      self.channel = channel
    }

    deinit {
      channel.receiverGone()
    }
  }
}
