/// The logic of ``AsyncBufferSequence``, as a pure value: no locks, no tasks, no continuations
/// resumed. Each event is a `mutating` method that returns what the storage must do.
///
/// `Consumer` is the continuation of the consumer suspended in `next()`, `Producer` the
/// continuation of the reading task parked while a bounded buffer is full, `Upstream` the handle
/// of that task; tests use plain strings for all three.
///
/// The consumer half (phase, waiting consumer, the queue of ready elements, the end, the reading
/// task) is the ``SingleConsumerState`` debounce and throttle embed too; this machine adds the
/// policy and the parked reader.
///
/// Invariants while running:
/// - a waiting consumer means the queue is empty and the upstream has not ended;
/// - a parked reader means a bounded buffer is full (`count == limit`).
@usableFromInline
struct BufferStateMachine<Element, Failure: Error, Consumer, Producer, Upstream>:
  SingleConsumerMachine, InvariantChecking
{
  @usableFromInline typealias Consumption = SingleConsumerState<
    Failure, Consumer, Upstream, RingBuffer<Element>
  >

  /// What `next()` must do, and the parked reader to resume (with `true`) because taking an
  /// element made room.
  @usableFromInline
  struct NextStep {
    @usableFromInline var action: SingleConsumerNextAction<Element, Failure>
    @usableFromInline var producer: Producer?

    @inlinable
    init(action: SingleConsumerNextAction<Element, Failure>, producer: Producer? = nil) {
      self.action = action
      self.producer = producer
    }
  }

  /// What the reading task must do after an element.
  @usableFromInline
  enum ProduceAction {
    /// Read the next element.
    case read
    /// The consumer was waiting: hand it the element, then read the next.
    case resumeConsumer(Consumer, Element)
    /// The bounded buffer is full: park until the consumer makes room.
    case park
    /// The consumer is gone: stop reading.
    case stop
  }

  /// Who must be resumed (or cancelled) after the upstream ended or the consumer was cancelled.
  @usableFromInline
  struct Resumptions {
    @usableFromInline var consumer: (Consumer, Result<Element?, Failure>)?
    @usableFromInline var producer: Producer?
    @usableFromInline var upstream: Upstream?

    @inlinable
    init(
      consumer: (Consumer, Result<Element?, Failure>)? = nil, producer: Producer? = nil,
      upstream: Upstream? = nil
    ) {
      self.consumer = consumer
      self.producer = producer
      self.upstream = upstream
    }
  }

  @usableFromInline var consumption = Consumption()
  @usableFromInline let limit: BufferLimit
  /// The reading task, parked while a bounded buffer is full.
  @usableFromInline var parkedProducer: Producer?

  @inlinable
  init(limit: BufferLimit) {
    self.limit = limit
  }

  /// Whether the reader may read another element now.
  @inlinable
  var hasRoom: Bool {
    guard case .bounded(let bound) = limit else { return true }
    return consumption.ready.count < bound
  }

  // MARK: - Consumer

  /// The consumer calls `next()`.
  @inlinable
  mutating func next() -> NextStep {
    defer { checkInvariants() }
    let action = consumption.next(operator: "buffer")
    return NextStep(action: action, producer: hasRoom ? parkedProducer.take() : nil)
  }

  /// The consumer is about to suspend: the outcome to resume it with at once, or `nil` when it
  /// was stored and waits; and the parked reader to resume when there is room.
  @inlinable
  mutating func suspend(_ consumer: Consumer) -> (Result<Element?, Failure>?, Producer?) {
    defer { checkInvariants() }
    let outcome = consumption.suspend(consumer, operator: "buffer")
    return (outcome, hasRoom ? parkedProducer.take() : nil)
  }

  /// The consumer's task was cancelled, or its iterator was dropped.
  @inlinable
  mutating func cancelled() -> Resumptions {
    defer { checkInvariants() }
    let (consumer, upstream) = consumption.cancelled()
    return Resumptions(
      consumer: consumer.map { ($0, .success(nil)) }, producer: parkedProducer.take(),
      upstream: upstream)
  }

  // MARK: - Upstream

  /// The reading task was created; returns it when it must be cancelled at once.
  @inlinable
  mutating func upstreamStarted(_ upstream: Upstream) -> Upstream? {
    defer { checkInvariants() }
    return consumption.upstreamStarted(upstream)
  }

  /// The upstream produced `element`: the waiting consumer takes it, or it is buffered as the
  /// policy says.
  @inlinable
  mutating func upstreamProduced(_ element: Element) -> ProduceAction {
    defer { checkInvariants() }
    guard consumption.isRunning else { return .stop }
    if let consumer = consumption.takeConsumer() { return .resumeConsumer(consumer, element) }
    switch limit {
    case .bounded:
      consumption.ready.append(element)
      return hasRoom ? .read : .park
    case .unbounded:
      consumption.ready.append(element)
    case .latest(let bound):
      if consumption.ready.count == bound { _ = consumption.ready.popFirst() }
      consumption.ready.append(element)
    case .oldest(let bound):
      if consumption.ready.count < bound { consumption.ready.append(element) }
    }
    return .read
  }

  /// The reader is about to park: `true` (read on) or `false` (stop) to resume it with at once,
  /// or `nil` when it was stored and waits for room.
  @inlinable
  mutating func park(_ producer: Producer) -> Bool? {
    defer { checkInvariants() }
    guard consumption.isRunning else { return false }
    if hasRoom { return true }
    parkedProducer = producer
    return nil
  }

  /// The upstream finished: the consumer gets the finish after the buffered elements.
  @inlinable
  mutating func upstreamFinished() -> Resumptions {
    defer { checkInvariants() }
    return ended(.finished)
  }

  /// The upstream failed: the consumer gets the failure after the buffered elements.
  @inlinable
  mutating func upstreamFailed(_ failure: Failure) -> Resumptions {
    defer { checkInvariants() }
    return ended(.failed(failure))
  }

  @inlinable
  mutating func ended(_ end: Consumption.End) -> Resumptions {
    guard consumption.isRunning else { return Resumptions() }
    return Resumptions(consumer: consumption.ended(end))
  }

  // MARK: - Invariants

  /// Asserts the invariants (a no-op in release builds): the consumer half's; the buffer never
  /// holds more than its limit; a parked reader means the iteration runs and a bounded buffer is
  /// full.
  @inlinable
  func checkInvariants() {
    consumption.checkInvariants()
    switch limit {
    case .bounded(let bound), .latest(let bound), .oldest(let bound):
      assert(consumption.ready.count <= bound, "buffer: more elements buffered than its limit")
    case .unbounded:
      break
    }
    assert(
      parkedProducer == nil || (consumption.isRunning && !hasRoom),
      "buffer: the reader is parked while there is room")
  }
}

/// How many elements a buffer keeps, and what happens when it is full.
@usableFromInline
enum BufferLimit: Sendable, Equatable {
  /// The reader waits while `n` elements are buffered.
  case bounded(Int)
  case unbounded
  /// A new element evicts the oldest buffered one.
  case latest(Int)
  /// A new element is dropped.
  case oldest(Int)
}
