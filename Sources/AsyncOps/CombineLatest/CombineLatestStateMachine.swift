/// The pure core of `combineLatest`, shared by every arity: which base's element becomes the next
/// tuple, who is resumed, and when the combination ends.
///
/// The machine knows bases only by index and never touches their elements: the storage keeps each
/// base's latest and waiting element in a typed slot and builds the tuple when an action says so.
/// `Consumer` and `Reader` are the continuations of the consuming task and of the base readers
/// (plain tokens in unit tests). Every event is a `mutating` method returning what to do; nothing
/// is resumed here.
///
/// Rules (CombineLatest rules 1–4, pull):
/// - Until every base has produced, an element replaces its base's latest value and its reader
///   reads on; the element that completes the set yields the first tuple.
/// - From then on each element yields exactly one tuple. A reader whose element cannot be handed to
///   a waiting consumer waits with it; waiting elements become tuples in arrival order.
/// - A base finishing without ever producing ends the combination at once; otherwise it ends when
///   every base has finished. A failure ends it after the waiting elements have become tuples.
@usableFromInline
struct CombineLatestStateMachine<Consumer, Reader> {
  /// What one base is doing.
  @usableFromInline
  enum BaseState {
    /// Reading; it has not produced yet.
    case awaitingFirst
    /// Reading; it has produced, and none of its elements waits.
    case reading
    /// Its latest element waits to become a tuple; its reader is suspended until then.
    case waiting(Reader)
    /// It finished after producing.
    case finished
  }

  /// The bases are being read. (What each base does, and the arrival order, are the machine's
  /// own `bases` and `arrivals`: kept out of this payload, they are updated in place, while an
  /// enum payload holding them would be copied out and back, with a retain and a release of
  /// each array, on every event.)
  @usableFromInline
  struct Combining {
    @usableFromInline var awaitingFirstCount: Int
    @usableFromInline var unfinishedCount: Int
    /// Set while the consumer waits; then `arrivals` is empty.
    @usableFromInline var consumer: Consumer?

    @inlinable
    init(baseCount: Int, consumer: Consumer) {
      awaitingFirstCount = baseCount
      unfinishedCount = baseCount
      self.consumer = consumer
    }
  }

  @usableFromInline
  enum State {
    /// No `next()` yet; the bases are not read.
    case idle(baseCount: Int)
    case combining(Combining)
    /// A base failed while elements waited: they become tuples first (oldest first), then the
    /// failure is thrown. Their readers stop once their element is taken.
    case draining(waiting: [(index: Int, reader: Reader)], failure: any Error)
    /// Nothing more will be produced; the next `next()` throws `failure` if set, else returns nil.
    case ended(failure: (any Error)?)
    /// Transient, while an event updates the `.combining` payload (an event re-entering the
    /// machine then stops with a clear message).
    case modifying
  }

  @usableFromInline var state: State
  /// What each base does; meaningful while `.combining`.
  @usableFromInline var bases: [BaseState]
  /// Bases whose element waits, oldest first; meaningful while `.combining`.
  @usableFromInline var arrivals: CombineLatestArrivalQueue

  /// Creates the machine for `baseCount` bases. With no base no tuple can ever come, so the
  /// combination has ended before it starts (as when a base finishes without producing).
  @inlinable
  init(baseCount: Int) {
    precondition(baseCount >= 0, "combineLatest: a negative base count")
    state = baseCount == 0 ? .ended(failure: nil) : .idle(baseCount: baseCount)
    bases = Array(repeating: .awaitingFirst, count: baseCount)
    arrivals = CombineLatestArrivalQueue(capacity: baseCount)
  }
}

// MARK: - Actions

extension CombineLatestStateMachine {
  /// What to do when the consumer calls `next()`.
  @usableFromInline
  enum NextAction {
    /// Start reading every base; the consumer waits.
    case startReaders
    /// The consumer waits for an element.
    case suspend
    /// Make base `promoting`'s waiting element its latest, build the tuple and resume the
    /// consumer with it; resume the reader, telling it whether to read on.
    case emit(to: Consumer, promoting: Int, resuming: Reader, readerContinues: Bool)
    /// Resume the consumer with the end (`nil`).
    case finish(Consumer)
    /// Resume the consumer with the failure.
    case fail(Consumer, failure: any Error)
  }

  /// What the consumer gets at once, without suspending.
  @usableFromInline
  enum ReadyAction {
    /// Make base `promoting`'s waiting element its latest and build the tuple; resume the
    /// reader, telling it whether to read on.
    case emit(promoting: Int, resuming: Reader, readerContinues: Bool)
    /// Iteration has ended (`nil`).
    case finish
    /// Iteration ends with the failure.
    case fail(any Error)
  }

  /// What to do when a base reader has read an element.
  @usableFromInline
  enum ProducedAction {
    /// Not every base has produced: store the element as the base's latest; the reader reads on.
    case replaceLatest(resuming: Reader)
    /// Store the element as the base's latest, build the tuple, resume the consumer with it and
    /// the reader so that it reads on.
    case emit(to: Consumer, resuming: Reader)
    /// Store the element as the base's waiting element; the reader stays suspended.
    case wait
    /// The combination has ended: drop the element and tell the reader to stop.
    case discard(resuming: Reader)
  }

  /// What to do when a base finished.
  @usableFromInline
  enum FinishedAction {
    case none
    /// The combination ends: resume the waiting consumer (if any) with `nil`; cancel the readers.
    case finish(Consumer?)
  }

  /// What to do when a base failed.
  @usableFromInline
  enum FailedAction {
    case none
    /// Resume the waiting consumer with the failure; cancel the readers.
    case fail(Consumer, failure: any Error)
    /// Cancel the readers; the consumer gets the waiting tuples, then the failure.
    case cancelReaders
  }

  /// What to do when the consumer is cancelled or its iterator is gone.
  @usableFromInline
  enum CancelledAction {
    case none
    /// Resume the waiting consumer (if any) with `nil`, tell the waiting readers to stop, and
    /// cancel the readers.
    case cancel(Consumer?, stopping: [Reader])
  }
}

// MARK: - Events

extension CombineLatestStateMachine {
  /// The consumer called `next()`: what it gets at once, or `nil` when nothing is ready and it
  /// must suspend (then it calls ``next(_:)`` with its continuation).
  ///
  /// The consumer's fast path: while elements wait (a consumer slower than its bases, the usual
  /// case under load), taking one costs one lock and no continuation or cancellation handler.
  @inlinable
  mutating func nextReady() -> ReadyAction? {
    switch state {
    case .idle:
      return nil
    case .combining(let combining):
      precondition(
        combining.consumer == nil,
        """
        combineLatest: next() was called on an iterator (or a copy of it) while another call of \
        next() on it is still waiting; iterate each iterator from one task at a time
        """)
      guard let index = arrivals.popFirst() else { return nil }
      guard case .waiting(let reader) = bases[index] else {
        preconditionFailure("base \(index) arrived without a waiting element")
      }
      bases[index] = .reading
      return .emit(promoting: index, resuming: reader, readerContinues: true)
    case .draining(var waiting, let failure):
      let first = waiting.removeFirst()
      state =
        waiting.isEmpty ? .ended(failure: failure) : .draining(waiting: waiting, failure: failure)
      return .emit(promoting: first.index, resuming: first.reader, readerContinues: false)
    case .ended(let failure):
      state = .ended(failure: nil)
      if let failure { return .fail(failure) }
      return .finish
    case .modifying:
      preconditionFailure("state machine re-entered while modifying")
    }
  }

  /// The consumer called `next()`; `consumer` is its continuation.
  @inlinable
  mutating func next(_ consumer: Consumer) -> NextAction {
    if let ready = nextReady() {
      switch ready {
      case .emit(let promoted, let reader, let readerContinues):
        return .emit(
          to: consumer, promoting: promoted, resuming: reader, readerContinues: readerContinues)
      case .finish:
        return .finish(consumer)
      case .fail(let failure):
        return .fail(consumer, failure: failure)
      }
    }
    switch state {
    case .idle(let baseCount):
      state = .combining(Combining(baseCount: baseCount, consumer: consumer))
      return .startReaders
    case .combining(var combining):
      // `nextReady()` found no waiting element.
      state = .modifying
      combining.consumer = consumer
      state = .combining(combining)
      return .suspend
    case .draining, .ended, .modifying:
      preconditionFailure("combineLatest: nextReady() left a state it always handles")
    }
  }

  /// Base `index` read an element; `reader` is the continuation its reader waits on.
  @inlinable
  mutating func produced(by index: Int, reader: Reader) -> ProducedAction {
    switch state {
    case .combining(var combining):
      state = .modifying
      defer { state = .combining(combining) }
      switch bases[index] {
      case .awaitingFirst:
        bases[index] = .reading
        combining.awaitingFirstCount -= 1
      case .reading:
        break
      case .waiting, .finished:
        preconditionFailure("base \(index) produced while it could not read")
      }
      if combining.awaitingFirstCount > 0 { return .replaceLatest(resuming: reader) }
      if let consumer = combining.consumer {
        combining.consumer = nil
        return .emit(to: consumer, resuming: reader)
      }
      bases[index] = .waiting(reader)
      arrivals.append(index)
      return .wait
    case .draining, .ended:
      return .discard(resuming: reader)
    case .idle, .modifying:
      preconditionFailure("a base produced before the readers started")
    }
  }

  /// Base `index` finished.
  @inlinable
  mutating func finished(_ index: Int) -> FinishedAction {
    switch state {
    case .combining(var combining):
      state = .modifying
      switch bases[index] {
      case .awaitingFirst:
        // No tuple can ever come; nothing waits, since no element waits before the first tuple.
        state = .ended(failure: nil)
        return .finish(combining.consumer)
      case .reading:
        bases[index] = .finished
        combining.unfinishedCount -= 1
        guard combining.unfinishedCount == 0 else {
          state = .combining(combining)
          return .none
        }
        // Every base finished, so none has an element waiting.
        state = .ended(failure: nil)
        return .finish(combining.consumer)
      case .waiting, .finished:
        preconditionFailure("base \(index) finished while it could not read")
      }
    case .draining, .ended:
      return .none
    case .idle, .modifying:
      preconditionFailure("a base finished before the readers started")
    }
  }

  /// Base `index` failed with `failure`.
  @inlinable
  mutating func failed(_ index: Int, failure: any Error) -> FailedAction {
    switch state {
    case .combining(let combining):
      if let consumer = combining.consumer {
        state = .ended(failure: nil)
        return .fail(consumer, failure: failure)
      }
      var waiting: [(index: Int, reader: Reader)] = []
      while let waitingIndex = arrivals.popFirst() {
        guard case .waiting(let reader) = bases[waitingIndex] else {
          preconditionFailure("base \(waitingIndex) arrived without a waiting element")
        }
        waiting.append((waitingIndex, reader))
      }
      state =
        waiting.isEmpty
        ? .ended(failure: failure) : .draining(waiting: waiting, failure: failure)
      return .cancelReaders
    case .draining, .ended:
      return .none
    case .idle, .modifying:
      preconditionFailure("a base failed before the readers started")
    }
  }

  /// The consuming task was cancelled, or the iterator is gone: end at once.
  @inlinable
  mutating func cancelled() -> CancelledAction {
    switch state {
    case .idle:
      state = .ended(failure: nil)
      return .none
    case .combining(let combining):
      state = .ended(failure: nil)
      let stopping = bases.compactMap { base -> Reader? in
        if case .waiting(let reader) = base { return reader }
        return nil
      }
      return .cancel(combining.consumer, stopping: stopping)
    case .draining(let waiting, _):
      state = .ended(failure: nil)
      return .cancel(nil, stopping: waiting.map(\.reader))
    case .ended:
      state = .ended(failure: nil)
      return .none
    case .modifying:
      preconditionFailure("state machine re-entered while modifying")
    }
  }
}
