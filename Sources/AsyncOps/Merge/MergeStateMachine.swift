/// The pure core of `merge`, shared by every arity: which element the consumer gets next, which
/// base reader is resumed, and when the merge ends.
///
/// The machine knows bases only by count; `Element` is the merged element, and `Consumer` and
/// `Reader` are the continuations of the consuming task and of the base readers (plain tokens in
/// unit tests). Every event is a `mutating` method returning what to do; nothing is resumed here.
///
/// Rules (Merge rules 1 and 2, pull):
/// - An element read while the consumer waits goes to it at once; otherwise it waits with its
///   reader suspended (at most one element per base), and waiting elements are taken in arrival
///   order.
/// - The merge finishes when every base has finished. The first failure ends it after the waiting
///   elements have been taken; the other bases are cancelled.
@usableFromInline
struct MergeStateMachine<Element, Consumer, Reader> {
  /// An element read from a base, and the reader suspended until it is taken.
  @usableFromInline
  struct Waiting {
    @usableFromInline var element: Element
    @usableFromInline var reader: Reader

    @inlinable
    init(element: Element, reader: Reader) {
      self.element = element
      self.reader = reader
    }
  }

  @usableFromInline
  enum State {
    /// No `next()` yet; the bases are not read.
    case idle(baseCount: Int)
    /// The bases are read; `consumer` is set while the consumer waits (then nothing waits).
    case merging(consumer: Consumer?, unfinished: Int)
    /// A base failed while elements waited: they are taken first, then `failure` is thrown.
    case draining(failure: any Error)
    /// Nothing more comes; the next `next()` throws `failure` if set, else returns `nil`.
    case ended(failure: (any Error)?)
  }

  @usableFromInline var state: State
  /// Elements waiting for the consumer, oldest first (at most one per base).
  @usableFromInline var waiting: [Waiting] = []

  /// A machine for `baseCount` bases; with none, the merge has ended before it starts.
  @inlinable
  init(baseCount: Int) {
    precondition(baseCount >= 0, "merge: a negative base count")
    state = baseCount == 0 ? .ended(failure: nil) : .idle(baseCount: baseCount)
  }
}

// MARK: - Actions

extension MergeStateMachine {
  /// What the consumer gets at once, without suspending.
  @usableFromInline
  enum ReadyAction {
    /// Return `element`; resume `reader`, telling it whether to read on.
    case emit(Element, resuming: Reader, readerContinues: Bool)
    /// Iteration has ended (`nil`).
    case finish
    /// Iteration ends with the failure.
    case fail(any Error)
  }

  /// What to do when the consumer, with its continuation, must wait.
  @usableFromInline
  enum NextAction {
    /// Start reading every base; the consumer waits.
    case startReaders
    /// The consumer waits for an element.
    case suspend
    /// Resume the consumer with the element and the reader, telling it whether to read on.
    case emit(to: Consumer, Element, resuming: Reader, readerContinues: Bool)
    /// Resume the consumer with the end.
    case finish(Consumer)
    /// Resume the consumer with the failure.
    case fail(Consumer, any Error)
  }

  /// What to do when a base reader has read an element.
  @usableFromInline
  enum ProducedAction {
    /// Resume the waiting consumer with the element and the reader so that it reads on.
    case emit(to: Consumer, resuming: Reader)
    /// The element waits; the reader stays suspended.
    case wait
    /// The merge has ended: drop the element and tell the reader to stop.
    case discard(resuming: Reader)
  }

  /// What to do when a base has finished.
  @usableFromInline
  enum FinishedAction {
    case none
    /// Every base has finished: resume the waiting consumer (if any) with the end.
    case finish(Consumer?)
  }

  /// What to do when a base has failed.
  @usableFromInline
  enum FailedAction {
    case none
    /// Resume the waiting consumer with the failure; cancel the other bases.
    case fail(Consumer, any Error)
    /// Cancel the other bases; the consumer takes the waiting elements, then the failure.
    case cancelReaders
  }

  /// What to do when the consumer is cancelled or its iterator is gone.
  @usableFromInline
  enum CancelledAction {
    case none
    /// Resume the waiting consumer (if any) with the end, tell the waiting readers to stop, and
    /// cancel the bases.
    case cancel(Consumer?, stopping: [Reader])
  }
}

// MARK: - Events

extension MergeStateMachine {
  /// The consumer called `next()`: what it gets at once, or `nil` when it must suspend (then it
  /// calls ``next(_:)`` with its continuation).
  @inlinable
  mutating func nextReady() -> ReadyAction? {
    switch state {
    case .idle:
      return nil
    case .merging(let consumer, _):
      precondition(
        consumer == nil,
        "merge: next() was called while another call of next() on the same iterator is waiting")
      guard !waiting.isEmpty else { return nil }
      let first = waiting.removeFirst()
      return .emit(first.element, resuming: first.reader, readerContinues: true)
    case .draining(let failure):
      let first = waiting.removeFirst()
      if waiting.isEmpty { state = .ended(failure: failure) }
      return .emit(first.element, resuming: first.reader, readerContinues: false)
    case .ended(let failure):
      state = .ended(failure: nil)
      if let failure { return .fail(failure) }
      return .finish
    }
  }

  /// The consumer called `next()` with its continuation `consumer`.
  @inlinable
  mutating func next(_ consumer: Consumer) -> NextAction {
    if let ready = nextReady() {
      switch ready {
      case .emit(let element, let reader, let continues):
        return .emit(to: consumer, element, resuming: reader, readerContinues: continues)
      case .finish: return .finish(consumer)
      case .fail(let failure): return .fail(consumer, failure)
      }
    }
    switch state {
    case .idle(let baseCount):
      state = .merging(consumer: consumer, unfinished: baseCount)
      return .startReaders
    case .merging(_, let unfinished):
      state = .merging(consumer: consumer, unfinished: unfinished)
      return .suspend
    case .draining, .ended:
      preconditionFailure("merge: nextReady() left a state it always handles")
    }
  }

  /// A base read `element`; `reader` is the continuation its reader waits on.
  @inlinable
  mutating func produced(_ element: Element, reader: Reader) -> ProducedAction {
    switch state {
    case .merging(let consumer, let unfinished):
      if let consumer {
        state = .merging(consumer: nil, unfinished: unfinished)
        return .emit(to: consumer, resuming: reader)
      }
      waiting.append(Waiting(element: element, reader: reader))
      return .wait
    case .draining, .ended:
      return .discard(resuming: reader)
    case .idle:
      preconditionFailure("merge: a base produced before the readers started")
    }
  }

  /// A base finished.
  @inlinable
  mutating func finished() -> FinishedAction {
    switch state {
    case .merging(let consumer, let unfinished):
      guard unfinished > 1 else {
        // Every reader that finished had its element taken first, so nothing waits.
        state = .ended(failure: nil)
        return .finish(consumer)
      }
      state = .merging(consumer: consumer, unfinished: unfinished - 1)
      return .none
    case .draining, .ended:
      return .none
    case .idle:
      preconditionFailure("merge: a base finished before the readers started")
    }
  }

  /// A base failed with `failure`.
  @inlinable
  mutating func failed(_ failure: any Error) -> FailedAction {
    switch state {
    case .merging(let consumer, _):
      if let consumer {
        state = .ended(failure: nil)
        return .fail(consumer, failure)
      }
      state = waiting.isEmpty ? .ended(failure: failure) : .draining(failure: failure)
      return .cancelReaders
    case .draining, .ended:
      return .none
    case .idle:
      preconditionFailure("merge: a base failed before the readers started")
    }
  }

  /// The consuming task was cancelled, or the iterator is gone: end at once.
  @inlinable
  mutating func cancelled() -> CancelledAction {
    let stopping = waiting.map(\.reader)
    waiting.removeAll()
    switch state {
    case .idle:
      state = .ended(failure: nil)
      return .none
    case .merging(let consumer, _):
      state = .ended(failure: nil)
      return .cancel(consumer, stopping: stopping)
    case .draining:
      state = .ended(failure: nil)
      return .cancel(nil, stopping: stopping)
    case .ended:
      state = .ended(failure: nil)
      return .none
    }
  }
}
