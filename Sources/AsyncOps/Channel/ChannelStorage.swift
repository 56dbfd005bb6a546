import Synchronization

/// The concurrency shell of both channels: holds a ``ChannelStateMachine`` in a `Mutex` and
/// resumes what it returns outside the lock. No task of its own: a channel runs only in the tasks
/// of its senders and consumers.
@usableFromInline
final class ChannelStorage<Element: Sendable, Failure: Error>: Sendable {
  @usableFromInline typealias Outcome = Result<Element?, Failure>
  @usableFromInline typealias Sender = UnsafeContinuation<Bool, Never>
  @usableFromInline typealias Consumer = UnsafeContinuation<Outcome, Never>
  @usableFromInline typealias Machine = ChannelStateMachine<Element, Failure, Sender, Consumer>

  @usableFromInline let machine = Mutex(Machine())
  /// Numbers every suspended party, so that a cancellation handler (which may run before the
  /// party is queued) can find it.
  @usableFromInline let ids = Atomic<UInt64>(0)

  @inlinable
  init() {}

  @inlinable
  func nextID() -> UInt64 {
    ids.wrappingAdd(1, ordering: .relaxed).newValue
  }

  /// Sends `element` and returns once a consumer took it (`true`), or once it was dropped
  /// (`false`): the channel ended, or the sending task was cancelled.
  @inlinable
  func send(_ element: Element) async -> Bool {
    // The rendezvous's second party does not suspend: a consumer already waits (or the channel
    // has ended, or the task is cancelled), so it is served under one lock, with no continuation
    // and no cancellation handler of its own.
    switch machine.withLock({ $0.sendAtOnce(element, isCancelled: Task.isCancelled) }) {
    case .handedOff(let consumer):
      consumer.resume(returning: .success(element))
      return true
    case .dropped:
      return false
    case .mustWait:
      break
    }
    let id = nextID()
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (sender: Sender) in
        // The cancellation is read under the lock: a cancellation after it finds the send queued.
        let action = machine.withLock {
          $0.send(element, id: id, sender: sender, isCancelled: Task.isCancelled)
        }
        switch action {
        case .wait:
          break
        case .drop(let sender):
          sender.resume(returning: false)
        case .handOff(let consumer, let element, let sender):
          consumer.resume(returning: .success(element))
          sender.resume(returning: true)
        }
      }
    } onCancel: {
      machine.withLock { $0.sendCancelled(id: id) }?.resume(returning: false)
    }
  }

  /// The next element of any sender, `nil` once the channel finished or this task is cancelled;
  /// throws the channel's failure.
  @inlinable
  func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
    // As in `send`: a waiting sender (or the end) serves this consumer without a suspension.
    switch machine.withLock({ $0.nextAtOnce(isCancelled: Task.isCancelled) }) {
    case .took(let element, let sender):
      sender.resume(returning: true)
      return element
    case .ended(let outcome):
      return try outcome.get()
    case .mustWait:
      break
    }
    let id = nextID()
    let outcome = await withTaskCancellationHandler {
      await withUnsafeContinuation { (consumer: Consumer) in
        let action = machine.withLock {
          $0.next(id: id, consumer: consumer, isCancelled: Task.isCancelled)
        }
        switch action {
        case .wait:
          break
        case .resume(let consumer, let outcome):
          consumer.resume(returning: outcome)
        case .take(let consumer, let element, let sender):
          consumer.resume(returning: .success(element))
          sender.resume(returning: true)
        }
      }
    } onCancel: {
      machine.withLock { $0.nextCancelled(id: id) }?.resume(returning: .success(nil))
    }
    return try outcome.get()
  }

  /// Ends the channel (`failure == nil`) or fails it.
  @inlinable
  func finish(failure: Failure?) {
    guard let ending = machine.withLock({ $0.finish(failure: failure) }) else { return }
    for sender in ending.senders { sender.resume(returning: false) }
    for consumer in ending.consumers { consumer.resume(returning: ending.outcome) }
  }
}

/// The state an iterator of a channel keeps: after it returned `nil` or threw, it returns `nil`
/// without asking the channel again.
@usableFromInline
struct ChannelIteration<Element: Sendable, Failure: Error>: Sendable {
  @usableFromInline let storage: ChannelStorage<Element, Failure>
  @usableFromInline var ended = false

  @inlinable
  init(storage: ChannelStorage<Element, Failure>) {
    self.storage = storage
  }

  @inlinable
  mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
    guard !ended else { return nil }
    do {
      if let element = try await storage.next(isolation: actor) { return element }
      ended = true
      return nil
    } catch {
      ended = true
      throw error
    }
  }
}
