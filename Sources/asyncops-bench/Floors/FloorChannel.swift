import Synchronization

/// The least an `AsyncChannel<Int>` can do per element with the semantics it must keep, written
/// by hand for the `floor-channel-1to1` and `floor-channel-4to4` cases: a rendezvous (no buffer)
/// between any number of senders and consumers, each side queued in the order it began to wait
/// (channel rules 1–3), on bare continuations. No generics. A waiting sender or consumer whose
/// task is cancelled leaves its queue and returns (the consumer with `nil`), through a
/// cancellation handler per wait as the operator's; each waiter carries a number to be found by.
final class FloorChannel: Sendable {
  private struct State {
    var senders: [(id: Int, value: Int, sender: UnsafeContinuation<Void, Never>)] = []
    var senderHead = 0
    var consumers: [(id: Int, consumer: UnsafeContinuation<Int?, Never>)] = []
    var consumerHead = 0
    var finished = false

    mutating func popSender() -> (Int, UnsafeContinuation<Void, Never>)? {
      guard senderHead < senders.count else { return nil }
      defer {
        senderHead += 1
        if senderHead == senders.count { (senders, senderHead) = ([], 0) }
      }
      return (senders[senderHead].value, senders[senderHead].sender)
    }

    mutating func popConsumer() -> UnsafeContinuation<Int?, Never>? {
      guard consumerHead < consumers.count else { return nil }
      defer {
        consumerHead += 1
        if consumerHead == consumers.count { (consumers, consumerHead) = ([], 0) }
      }
      return consumers[consumerHead].consumer
    }

    /// Takes the waiting sender `id` out of its queue, if it still waits.
    mutating func removeSender(_ id: Int) -> UnsafeContinuation<Void, Never>? {
      guard let index = senders[senderHead...].firstIndex(where: { $0.id == id }) else {
        return nil
      }
      return senders.remove(at: index).sender
    }

    /// Takes the waiting consumer `id` out of its queue, if it still waits.
    mutating func removeConsumer(_ id: Int) -> UnsafeContinuation<Int?, Never>? {
      guard let index = consumers[consumerHead...].firstIndex(where: { $0.id == id }) else {
        return nil
      }
      return consumers.remove(at: index).consumer
    }
  }

  private let state = Mutex(State())
  /// The last waiter's number (taken without the lock).
  private let ids = Atomic<Int>(0)

  /// Returns once a consumer has taken `value` (at once if one waits, or after finish), or once
  /// the sending task is cancelled.
  func send(_ value: Int) async {
    // The operator asks this on its fast path too: a cancelled send returns without delivering.
    if Task.isCancelled { return }
    let consumer = state.withLock { state -> UnsafeContinuation<Int?, Never>?? in
      state.finished ? .some(nil) : state.popConsumer().map { .some($0) }
    }
    if let consumer {
      consumer?.resume(returning: value)
      return
    }
    let id = ids.wrappingAdd(1, ordering: .relaxed).newValue
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (sender: UnsafeContinuation<Void, Never>) in
        let consumer = state.withLock { state -> UnsafeContinuation<Int?, Never>?? in
          if state.finished || Task.isCancelled { return .some(nil) }
          if let consumer = state.popConsumer() { return .some(consumer) }
          state.senders.append((id, value, sender))
          return .none
        }
        guard let consumer else { return }
        consumer?.resume(returning: value)
        sender.resume()
      }
    } onCancel: {
      state.withLock { $0.removeSender(id) }?.resume()
    }
  }

  /// The next value, or `nil` once finished or once the consuming task is cancelled.
  func next() async -> Int? {
    // The operator asks this on its fast path too: a cancelled consumer gets `nil` at its next
    // call, even with a sender waiting.
    if Task.isCancelled { return nil }
    let ready = state.withLock { state -> (Int, UnsafeContinuation<Void, Never>)?? in
      if let sender = state.popSender() { return .some(sender) }
      return state.finished ? .some(nil) : .none
    }
    if let ready {
      guard let (value, sender) = ready else { return nil }
      sender.resume()
      return value
    }
    let id = ids.wrappingAdd(1, ordering: .relaxed).newValue
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (consumer: UnsafeContinuation<Int?, Never>) in
        let ready = state.withLock { state -> (Int, UnsafeContinuation<Void, Never>)?? in
          if Task.isCancelled { return .some(nil) }
          if let sender = state.popSender() { return .some(sender) }
          if state.finished { return .some(nil) }
          state.consumers.append((id, consumer))
          return .none
        }
        guard let ready else { return }
        guard let (value, sender) = ready else { return consumer.resume(returning: nil) }
        sender.resume()
        consumer.resume(returning: value)
      }
    } onCancel: {
      state.withLock { $0.removeConsumer(id) }?.resume(returning: nil)
    }
  }

  /// Ends every consumer, now and later, and resumes every waiting sender.
  func finish() {
    let (senders, consumers) = state.withLock { state in
      state.finished = true
      defer {
        (state.senders, state.senderHead) = ([], 0)
        (state.consumers, state.consumerHead) = ([], 0)
      }
      return (state.senders[state.senderHead...], state.consumers[state.consumerHead...])
    }
    for waiting in senders { waiting.sender.resume() }
    for waiting in consumers { waiting.consumer.resume(returning: nil) }
  }
}

extension BenchCase {
  /// `floor-channel-1to1`: `channel-1to1`'s work through ``FloorChannel``.
  static let floorChannelOneToOne = BenchCase(
    name: "floor-channel-1to1",
    summary: "hand-written Int rendezvous channel: 1 sender task → 1 consumer task; per element",
    size: 200_000, quickSize: 2_000, repetitions: operatorRepetitions,
    measure: { count in await floorChannelExchange(count: count, senders: 1, consumers: 1) })

  /// `floor-channel-4to4`: `channel-4to4`'s work through ``FloorChannel``.
  static let floorChannelFourToFour = BenchCase(
    name: "floor-channel-4to4",
    summary: "hand-written Int rendezvous channel: 4 sender tasks → 4 consumer tasks; per element",
    size: 200_000, quickSize: 2_000, repetitions: operatorRepetitions,
    measure: { count in await floorChannelExchange(count: count, senders: 4, consumers: 4) })
}

/// `channelExchange` (the `channel-*` cases' run) with ``FloorChannel`` for `AsyncChannel`.
@inline(never)
private func floorChannelExchange(count: Int, senders: Int, consumers: Int) async -> RunOutcome {
  let channel = FloorChannel()
  let sum = await withTaskGroup(of: Int.self) { group in
    for _ in 0..<consumers {
      group.addTask {
        var sum = 0
        while let value = await channel.next() { sum &+= value }
        return sum
      }
    }
    await withTaskGroup(of: Void.self) { sending in
      for sender in 0..<senders {
        let range = (count * sender / senders)..<(count * (sender + 1) / senders)
        sending.addTask {
          for value in range { await channel.send(value) }
        }
      }
    }
    channel.finish()
    return await group.reduce(0, &+)
  }
  return RunOutcome(
    elements: count, checksum: sum, expected: triangular(count),
    extraFields: [("senders", Double(senders)), ("consumers", Double(consumers))])
}
