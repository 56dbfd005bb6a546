/// What a ``SingleConsumerState`` holds for its consumer between two `next()` calls: one element
/// (debounce, throttle and mapLatest keep only the newest emission) or a queue of them (buffer's
/// ring, the few cut chunks of chunks by signal).
@usableFromInline
protocol SingleConsumerReady {
  associatedtype Element
  /// Nothing ready.
  static var empty: Self { get }
  /// Removes and returns the element the consumer gets next, if any.
  mutating func takeFirst() -> Element?
  /// Whether nothing is ready.
  var holdsNothing: Bool { get }
}

extension Optional: SingleConsumerReady {
  @inlinable
  static var empty: Self { nil }

  @inlinable
  mutating func takeFirst() -> Wrapped? { take() }

  @inlinable
  var holdsNothing: Bool { self == nil }
}

extension Array: SingleConsumerReady {
  @inlinable
  static var empty: Self { [] }

  @inlinable
  mutating func takeFirst() -> Element? { isEmpty ? nil : removeFirst() }

  @inlinable
  var holdsNothing: Bool { isEmpty }
}

extension RingBuffer: SingleConsumerReady {
  @inlinable
  static var empty: Self { Self() }

  @inlinable
  mutating func takeFirst() -> Element? { popFirst() }

  @inlinable
  var holdsNothing: Bool { isEmpty }
}

/// The consumer half of an operator whose one consumer is fed by a task that reads the upstream
/// (debounce, throttle, buffer, mapLatest, chunks by signal or timer), as a pure value: the phase of the iteration, the consumer
/// suspended in `next()`, what is ready for it, how the upstream ended, and the task reading the
/// upstream. Each operator's state machine embeds one and adds its own half (a timer, a policy).
///
/// Invariant while running: a waiting consumer means nothing is ready for it (`ready` is empty and
/// `end` is `nil`). An end is delivered only after everything ready before it.
@usableFromInline
struct SingleConsumerState<Failure: Error, Consumer, Upstream, Ready: SingleConsumerReady> {
  @usableFromInline typealias Element = Ready.Element

  /// How the upstream ended, kept until the consumer has taken every element before it.
  @usableFromInline
  enum End {
    case finished
    case failed(Failure)
  }

  /// Where the iteration is.
  @usableFromInline
  enum Phase {
    /// No `next()` yet: no task runs.
    case initial
    case running
    /// The consumer received the end, or was cancelled: every later `next()` returns `nil`.
    case finished
  }

  /// What `next()` must do.
  @usableFromInline typealias NextAction = SingleConsumerNextAction<Element, Failure>

  // Fenced (leading `_`): written only by this type's methods, so the phase, the waiting consumer
  // and the upstream task always change together. `ready` and `end` are the owning machine's to
  // set, under the invariant below.
  @usableFromInline var _phase = Phase.initial
  /// The task reading the upstream, once created.
  @usableFromInline var _upstream: Upstream?
  /// The consumer suspended in `next()`.
  @usableFromInline var _consumer: Consumer?
  /// What the consumer gets before the end.
  @usableFromInline var ready = Ready.empty  // fence: settable by its owner
  /// How the iteration ends, once known.
  @usableFromInline var end: End?  // fence: settable by its owner

  @inlinable
  init() {}

  @inlinable
  var isRunning: Bool { _phase == .running }

  /// The consumer suspended in `next()`, if any.
  @inlinable
  var consumer: Consumer? { _consumer }

  /// The task reading the upstream, once created and while the iteration runs.
  @inlinable
  var upstream: Upstream? { _upstream }

  /// The consumer calls `next()`; `name` names the operator in the misuse message.
  @inlinable
  mutating func next(operator name: StaticString) -> NextAction {
    switch _phase {
    case .initial:
      _phase = .running
      return .startUpstream
    case .running:
      precondition(_consumer == nil, Self.misuse(name))
      guard let outcome = takeReady() else { return .suspend }
      return .deliver(outcome)
    case .finished:
      return .deliver(.success(nil))
    }
  }

  /// The consumer is about to suspend; something may have become ready since ``next(operator:)``.
  /// Returns the outcome to resume it with at once, or `nil` when it was stored and waits.
  @inlinable
  mutating func suspend(_ consumer: Consumer, operator name: StaticString) -> Result<
    Element?, Failure
  >? {
    switch _phase {
    case .initial:
      preconditionFailure("suspend(_:) before next()")
    case .running:
      if let outcome = takeReady() { return outcome }
      // Two copies of one iterator can both pass `next()` before either suspends.
      precondition(self._consumer == nil, Self.misuse(name))
      self._consumer = consumer
      return nil
    case .finished:
      return .success(nil)
    }
  }

  @inlinable
  static func misuse(_ name: StaticString) -> String {
    """
    \(name): next() was called on an iterator (or a copy of it) while another call of next() \
    on it is still waiting; iterate each iterator from one task at a time
    """
  }

  /// Takes the next ready element, else the end (which finishes the iteration).
  @inlinable
  mutating func takeReady() -> Result<Element?, Failure>? {
    if let element = ready.takeFirst() { return .success(element) }
    guard let end else { return nil }
    finish()
    switch end {
    case .finished: return .success(nil)
    case .failed(let failure): return .failure(failure)
    }
  }

  /// Moves to `.finished`, releasing everything the running state held.
  @inlinable
  mutating func finish() {
    _phase = .finished
    _upstream = nil
    _consumer = nil
    ready = .empty
    end = nil
  }

  /// The consumer's task was cancelled, or its iterator was dropped: finishes, and returns the
  /// waiting consumer (to resume with `nil`) and the upstream task (to cancel) — both `nil` when
  /// the iteration was not running.
  @inlinable
  mutating func cancelled() -> (consumer: Consumer?, upstream: Upstream?) {
    guard _phase == .running else {
      _phase = .finished
      return (nil, nil)
    }
    let parties = (_consumer, _upstream)
    finish()
    return parties
  }

  /// The task reading the upstream was created. Returns it when it must be cancelled at once
  /// because the consumer is already gone.
  @inlinable
  mutating func upstreamStarted(_ upstream: Upstream) -> Upstream? {
    guard _phase == .running else { return upstream }
    self._upstream = upstream
    return nil
  }

  /// Records how the upstream ended; returns the waiting consumer with its outcome (the end
  /// itself: a waiting consumer means nothing was ready).
  @inlinable
  mutating func ended(_ end: End) -> (Consumer, Result<Element?, Failure>)? {
    self.end = end
    guard let consumer = _consumer.take() else { return nil }
    return (consumer, takeReady()!)
  }

  /// Takes the waiting consumer to hand it an element directly; `nil` when the consumer is busy
  /// (then the owner stores the element in ``ready``).
  @inlinable
  mutating func takeConsumer() -> Consumer? {
    _consumer.take()
  }
}

/// What the consumer's `next()` must do.
@usableFromInline
enum SingleConsumerNextAction<Element, Failure: Error> {
  /// Return (or throw) this at once.
  case deliver(Result<Element?, Failure>)
  /// Start the task that reads the upstream, then suspend.
  case startUpstream
  case suspend
}

extension SingleConsumerNextAction: Equatable where Element: Equatable, Failure: Equatable {}

extension SingleConsumerState {
  /// Asserts the invariants (a no-op in release builds): outside `.running` nothing is held; while
  /// running, a waiting consumer means nothing is ready for it.
  @inlinable
  func checkInvariants() {
    guard _phase == .running else {
      assert(
        _upstream == nil && _consumer == nil && ready.holdsNothing && end == nil,
        "SingleConsumerState: state held outside .running")
      return
    }
    assert(
      _consumer == nil || (ready.holdsNothing && end == nil),
      "SingleConsumerState: the consumer waits while something is ready for it")
  }
}
