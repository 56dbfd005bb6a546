/// The pure core of `zip`, shared by every arity: when a tuple is complete, who is resumed, and
/// when the zip ends.
///
/// The machine knows bases only by index and never touches their elements: the storage keeps each
/// base's element in a typed slot and builds the tuple when an action says so. `Consumer` and
/// `Reader` are the continuations of the consuming task and of the base readers (plain tokens in
/// unit tests).
///
/// Rules (Zip rules 1 and 2, pull):
/// - Each reader reads one element, hands it in and waits; when every base has handed in its
///   n-th element, the n-th tuple is complete. When the consumer takes it, every reader is resumed
///   to read its next element (so a base is at most one element ahead of the tuples taken).
/// - The zip ends as soon as a base finishes: elements already read from other bases are dropped
///   and the other bases are cancelled. A failure ends it at once, the same way.
@usableFromInline
struct ZipStateMachine<Consumer, Reader> {
  @usableFromInline
  enum State {
    /// No `next()` yet; the bases are not read.
    case idle
    /// The bases are read; `consumer` is set while the consumer waits.
    case zipping(consumer: Consumer?)
    /// Nothing more comes; the next `next()` throws `failure` if set, else returns `nil`.
    case ended(failure: (any Error)?)
  }

  @usableFromInline var state: State
  /// The reader of each base that has handed in its element of the current tuple.
  @usableFromInline var held: [Reader?]
  /// How many entries of `held` are set.
  @usableFromInline var heldCount = 0
  /// The array the last ``releaseReaders()`` returned. Its storage is reused by the next release
  /// (once the caller has resumed those readers and let the array go), so that handing a tuple
  /// over does not allocate an array while the lock is held.
  @usableFromInline var released: [Reader] = []

  /// A machine for `baseCount` bases; with none, the zip has ended before it starts.
  @inlinable
  init(baseCount: Int) {
    precondition(baseCount >= 0, "zip: a negative base count")
    state = baseCount == 0 ? .ended(failure: nil) : .idle
    held = Array(repeating: nil, count: baseCount)
  }

  /// Whether every base has handed in its element of the current tuple.
  @inlinable
  var tupleIsComplete: Bool { heldCount == held.count }

  /// Takes every held reader (to resume them), leaving none held.
  @inlinable
  mutating func releaseReaders() -> [Reader] {
    var readers = released
    released = []
    // Unique again unless the caller of the last release still holds its array; then this copies.
    readers.removeAll(keepingCapacity: true)
    for index in held.indices {
      if let reader = held[index] {
        readers.append(reader)
        held[index] = nil
      }
    }
    heldCount = 0
    released = readers
    return readers
  }
}

// MARK: - Actions

extension ZipStateMachine {
  /// What the consumer gets at once, without suspending.
  @usableFromInline
  enum ReadyAction {
    /// Build the tuple from the slots and return it; resume the readers so that they read on.
    case emit(resuming: [Reader])
    case finish
    case fail(any Error)
  }

  /// What to do when the consumer, with its continuation, must wait.
  @usableFromInline
  enum NextAction {
    /// Start reading every base; the consumer waits.
    case startReaders
    case suspend
    /// Build the tuple, resume the consumer with it, and the readers so that they read on.
    case emit(to: Consumer, resuming: [Reader])
    case finish(Consumer)
    case fail(Consumer, any Error)
  }

  /// What to do when a base reader has read an element.
  @usableFromInline
  enum ProducedAction {
    /// Store the element; the reader waits for the tuple to be taken.
    case wait
    /// Store the element, build the tuple, resume the consumer with it and every reader.
    case emit(to: Consumer, resuming: [Reader])
    /// The zip has ended: drop the element and tell the reader to stop.
    case discard(resuming: Reader)
  }

  /// What to do when a base has finished or failed, or the consumer has gone.
  @usableFromInline
  enum EndAction {
    case none
    /// Resume the consumer (if waiting) with the end or, if set, the failure; tell the held
    /// readers to stop; cancel the bases.
    case end(Consumer?, failure: (any Error)?, stopping: [Reader])
  }
}

// MARK: - Events

extension ZipStateMachine {
  /// The consumer called `next()`: what it gets at once, or `nil` when it must suspend.
  @inlinable
  mutating func nextReady() -> ReadyAction? {
    switch state {
    case .idle:
      return nil
    case .zipping(let consumer):
      precondition(
        consumer == nil,
        "zip: next() was called while another call of next() on the same iterator is waiting")
      guard tupleIsComplete else { return nil }
      return .emit(resuming: releaseReaders())
    case .ended(let failure):
      state = .ended(failure: nil)
      if let failure { return .fail(failure) }
      return .finish
    }
  }

  /// The consumer called `next()` with its continuation `consumer`.
  @inlinable
  mutating func next(_ consumer: Consumer) -> NextAction {
    switch nextReady() {
    case .emit(let readers): return .emit(to: consumer, resuming: readers)
    case .finish: return .finish(consumer)
    case .fail(let failure): return .fail(consumer, failure)
    case nil: break
    }
    switch state {
    case .idle:
      state = .zipping(consumer: consumer)
      return .startReaders
    case .zipping:
      state = .zipping(consumer: consumer)
      return .suspend
    case .ended:
      preconditionFailure("zip: nextReady() left a state it always handles")
    }
  }

  /// Base `index` read an element; `reader` is the continuation its reader waits on.
  @inlinable
  mutating func produced(by index: Int, reader: Reader) -> ProducedAction {
    switch state {
    case .zipping(let consumer):
      precondition(held[index] == nil, "zip: base \(index) read two elements for one tuple")
      held[index] = reader
      heldCount += 1
      guard tupleIsComplete, let consumer else { return .wait }
      state = .zipping(consumer: nil)
      return .emit(to: consumer, resuming: releaseReaders())
    case .ended:
      return .discard(resuming: reader)
    case .idle:
      preconditionFailure("zip: a base produced before the readers started")
    }
  }

  /// A base finished: the zip ends at once.
  @inlinable
  mutating func finished() -> EndAction {
    end(failure: nil, keepingFailure: false)
  }

  /// A base failed: the zip ends at once with `failure`.
  @inlinable
  mutating func failed(_ failure: any Error) -> EndAction {
    end(failure: failure, keepingFailure: true)
  }

  /// The consuming task was cancelled, or the iterator is gone: end at once.
  @inlinable
  mutating func cancelled() -> EndAction {
    if case .idle = state {
      state = .ended(failure: nil)
      return .none
    }
    if case .ended = state { state = .ended(failure: nil) }
    return end(failure: nil, keepingFailure: false)
  }

  @inlinable
  mutating func end(failure: (any Error)?, keepingFailure: Bool) -> EndAction {
    guard case .zipping(let consumer) = state else { return .none }
    // A waiting consumer takes the failure now; otherwise its next `next()` throws it.
    state = .ended(failure: consumer == nil && keepingFailure ? failure : nil)
    return .end(consumer, failure: failure, stopping: releaseReaders())
  }
}
