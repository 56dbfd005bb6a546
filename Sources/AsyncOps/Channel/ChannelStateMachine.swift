/// The logic of ``AsyncChannel`` and ``AsyncThrowingChannel``, as a pure value: no locks, no
/// continuations resumed. Each event is a `mutating` method that returns what the storage must
/// resume.
///
/// `Sender` is the continuation of a `send` suspended until a consumer takes its element (resumed
/// with `true` when it was taken, `false` when it was dropped); `Consumer` the continuation of a
/// consumer suspended in `next()`. Tests use plain strings for both. Every suspended party has an
/// `id` (unique per channel) so that its cancellation can find it.
///
/// Invariant while open: senders and consumers never both wait (a rendezvous happens at once), and
/// each queue is in the order its parties arrived.
///
/// A failure (SAA 1.1.5's rule, pinned down by its `TestThrowingChannel`): every consumer waiting
/// when `fail` is called throws it; when none waits, the next `next()` of any iterator throws it.
/// After that delivery every `next()` returns `nil`: the failure is delivered once per channel,
/// not once per iterator.
@usableFromInline
struct ChannelStateMachine<Element, Failure: Error, Sender, Consumer> {
  @usableFromInline typealias Outcome = Result<Element?, Failure>

  /// A `send` waiting for a consumer.
  @usableFromInline
  struct WaitingSend {
    @usableFromInline let id: UInt64
    @usableFromInline let element: Element
    @usableFromInline let sender: Sender

    @inlinable
    init(id: UInt64, element: Element, sender: Sender) {
      self.id = id
      self.element = element
      self.sender = sender
    }
  }

  /// How the channel ended.
  @usableFromInline
  enum Termination {
    case finished
    /// Failed, and no consumer has thrown the failure yet.
    case failed(Failure)
  }

  /// What a `send` must do.
  @usableFromInline
  enum SendAction {
    /// The send waits for a consumer.
    case wait
    /// Resume the sender at once; its element was not delivered (finished, or cancelled).
    case drop(Sender)
    /// A consumer was waiting: resume it with the element, and the sender with `true`.
    case handOff(Consumer, Element, Sender)
  }

  /// What a `next()` must do.
  @usableFromInline
  enum NextAction {
    /// The consumer waits for a sender.
    case wait
    /// Resume the consumer at once with this outcome.
    case resume(Consumer, Outcome)
    /// A sender was waiting: resume the consumer with its element, and the sender with `true`.
    case take(Consumer, Element, Sender)
  }

  /// Who must be resumed when the channel ends.
  @usableFromInline
  struct Ending {
    /// Resumed with `false`: their elements are dropped.
    @usableFromInline var senders: [Sender] = []
    /// Resumed with `outcome`.
    @usableFromInline var consumers: [Consumer] = []
    @usableFromInline var outcome: Outcome = .success(nil)

    @inlinable
    init() {}
  }

  @usableFromInline var waitingSends: [WaitingSend] = []
  @usableFromInline var waitingConsumers: [(id: UInt64, consumer: Consumer)] = []
  @usableFromInline var termination: Termination?

  @inlinable
  init() {}

  /// What a `send` that has not suspended yet must do.
  @usableFromInline
  enum ImmediateSendAction {
    /// No consumer waits: suspend, and ask again with ``send(_:id:sender:isCancelled:)``.
    case mustWait
    /// The element is not delivered (finished, or cancelled): return `false` at once.
    case dropped
    /// This consumer was waiting: resume it with the element and return `true` at once.
    case handedOff(Consumer)
  }

  /// What a `next()` that has not suspended yet must do.
  @usableFromInline
  enum ImmediateNextAction {
    /// No sender waits: suspend, and ask again with ``next(id:consumer:isCancelled:)``.
    case mustWait
    /// Return this outcome at once (the end, the failure, or `nil` for a cancelled consumer).
    case ended(Outcome)
    /// This sender was waiting: resume it with `true` and return its element at once.
    case took(Element, Sender)
  }

  // MARK: - Send

  /// `send(element)` before it suspends: served at once when a consumer waits, the channel has
  /// ended or `isCancelled`; otherwise the state is unchanged and the send must suspend.
  @inlinable
  mutating func sendAtOnce(_ element: Element, isCancelled: Bool) -> ImmediateSendAction {
    if termination != nil || isCancelled { return .dropped }
    if waitingConsumers.isEmpty { return .mustWait }
    return .handedOff(waitingConsumers.removeFirst().consumer)
  }

  /// `send(element)` with `id` is about to suspend as `sender`; `isCancelled` is its task's
  /// cancellation, read under the same lock (a cancellation that lands after this call finds the
  /// send in the queue).
  @inlinable
  mutating func send(
    _ element: Element, id: UInt64, sender: Sender, isCancelled: Bool
  ) -> SendAction {
    if termination != nil || isCancelled { return .drop(sender) }
    if !waitingConsumers.isEmpty {
      return .handOff(waitingConsumers.removeFirst().consumer, element, sender)
    }
    waitingSends.append(WaitingSend(id: id, element: element, sender: sender))
    return .wait
  }

  /// The task of the `send` with `id` was cancelled: the sender to resume with `false` when it
  /// still waits (its element is not delivered), else `nil` (it was taken, or not yet queued).
  @inlinable
  mutating func sendCancelled(id: UInt64) -> Sender? {
    guard let index = waitingSends.firstIndex(where: { $0.id == id }) else { return nil }
    return waitingSends.remove(at: index).sender
  }

  // MARK: - Consume

  /// `next()` before it suspends: served at once when a sender waits, the channel has ended or
  /// `isCancelled`; otherwise the state is unchanged and the consumer must suspend.
  @inlinable
  mutating func nextAtOnce(isCancelled: Bool) -> ImmediateNextAction {
    switch termination {
    case .finished:
      return .ended(.success(nil))
    case .failed(let failure):
      termination = .finished
      return .ended(.failure(failure))
    case nil:
      break
    }
    if isCancelled { return .ended(.success(nil)) }
    if waitingSends.isEmpty { return .mustWait }
    let send = waitingSends.removeFirst()
    return .took(send.element, send.sender)
  }

  /// `next()` with `id` is about to suspend as `consumer`; `isCancelled` as in ``send(_:id:sender:isCancelled:)``.
  @inlinable
  mutating func next(id: UInt64, consumer: Consumer, isCancelled: Bool) -> NextAction {
    switch termination {
    case .finished:
      return .resume(consumer, .success(nil))
    case .failed(let failure):
      termination = .finished
      return .resume(consumer, .failure(failure))
    case nil:
      break
    }
    // A cancelled consumer takes nothing: a waiting send stays for another consumer.
    if isCancelled { return .resume(consumer, .success(nil)) }
    if !waitingSends.isEmpty {
      let send = waitingSends.removeFirst()
      return .take(consumer, send.element, send.sender)
    }
    waitingConsumers.append((id, consumer))
    return .wait
  }

  /// The task of the `next()` with `id` was cancelled: the consumer to resume with `nil` when it
  /// still waits, else `nil`. Other consumers go on.
  @inlinable
  mutating func nextCancelled(id: UInt64) -> Consumer? {
    guard let index = waitingConsumers.firstIndex(where: { $0.id == id }) else { return nil }
    return waitingConsumers.remove(at: index).consumer
  }

  // MARK: - End

  /// `finish()` (`failure == nil`) or `fail(failure)`: every waiting send is resumed and its
  /// element dropped; every waiting consumer ends (or throws). Returns `nil` when the channel had
  /// already ended (a later `finish` or `fail` changes nothing).
  @inlinable
  mutating func finish(failure: Failure?) -> Ending? {
    guard termination == nil else { return nil }
    var ending = Ending()
    ending.senders = waitingSends.map(\.sender)
    ending.consumers = waitingConsumers.map(\.consumer)
    waitingSends = []
    waitingConsumers = []
    if let failure {
      ending.outcome = .failure(failure)
      termination = ending.consumers.isEmpty ? .failed(failure) : .finished
    } else {
      termination = .finished
    }
    return ending
  }
}
