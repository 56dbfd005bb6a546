import Synchronization

/// The error an ``AsyncTestSource`` throws when it fails (`^` in a marble).
public struct TestSourceFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// Names the source that failed, e.g. `"input 1"`.
  public var source: String

  /// Creates the failure of the source named `source`.
  public init(source: String = "") {
    self.source = source
  }

  /// `"failure of input 1"`.
  public var description: String { source.isEmpty ? "test source failure" : "failure of \(source)" }
}

/// A hand-driven `AsyncSequence` for tests that records how it is iterated and cancelled.
///
/// Every event sent is kept; each iterator reads them all from the first, in order, and waits for
/// more. A consumer whose task is cancelled ends (`nil`) at its next read, or at once if it waits
/// in `next()`, and the cancellation is counted, so a test can check that an operator cancels
/// its upstream.
///
/// ```swift
/// let source = AsyncTestSource<Int>(name: "numbers")
/// source.send(1)
/// source.finish()
/// for try await value in source { print(value) }   // 1
/// ```
public final class AsyncTestSource<Element: Sendable>: AsyncSequence, Sendable {
  /// The source fails with ``TestSourceFailure``.
  public typealias Failure = TestSourceFailure

  private struct Waiter: Sendable {
    /// Unique per call of `read`, so a late cancellation handler never affects a later read.
    let readID: Int
    let iteratorID: Int
    let continuation: UnsafeContinuation<Result<Element?, TestSourceFailure>, Never>
  }

  private enum Event: Sendable {
    case element(Element)
    case finish
    case failure

    var isTerminal: Bool {
      if case .element = self { return false }
      return true
    }
  }

  private struct State: Sendable {
    var events: [Event] = []
    var waiters: [Waiter] = []
    var nextReadID = 0
    var nextIteratorID = 0
    /// Iterators made and not ended (returned `nil`, thrown, been cancelled or been dropped).
    var liveIterators: Set<Int> = []
    var cancellations = 0
    /// Reads that have an id but have not looked at the events yet: only these need a mark
    /// when their cancellation handler runs first (a finished read needs none, and an id kept
    /// for a finished read would stay for ever).
    var unstartedReads: Set<Int> = []
    var cancelledWaiters: Set<Int> = []
  }

  /// The name used in failures and messages.
  public let name: String
  private let state = Mutex(State())

  /// Creates a source with no events yet.
  public init(name: String = "") {
    self.name = name
  }

  /// Appends an element and wakes every waiting iterator. Ignored after `finish()`/`fail()`.
  public func send(_ element: Element) {
    append(.element(element))
  }

  /// Ends the sequence: iterators return `nil` once they have read every element.
  public func finish() {
    append(.finish)
  }

  /// Fails the sequence: iterators throw ``TestSourceFailure`` once they have read every element.
  public func fail() {
    append(.failure)
  }

  /// How many reads ended because the reading task was cancelled: a consumer cancelled while it
  /// waited in `next()`, or one that called `next()` already cancelled — which ends it (`nil`)
  /// even when an event was ready for it.
  public var cancellationCount: Int { state.withLock { $0.cancellations } }

  /// How many iterators exist and have not ended: not returned `nil`, thrown, been cancelled, or
  /// been dropped (every copy of the iterator gone).
  public var liveIteratorCount: Int { state.withLock { $0.liveIterators.count } }

  /// How many elements have been sent so far.
  public var sentCount: Int {
    state.withLock { state in
      state.events.count { if case .element = $0 { true } else { false } }
    }
  }

  /// How many cancellation marks wait for a read to start (for tests: it must not grow).
  var pendingCancellationMarkCount: Int { state.withLock { $0.cancelledWaiters.count } }

  /// How many iterators are suspended in `next()` right now.
  public var waitingCount: Int { state.withLock { $0.waiters.count } }

  private func append(_ event: Event) {
    let waiters = state.withLock { state -> [Waiter] in
      if let last = state.events.last, last.isTerminal { return [] }  // already ended
      state.events.append(event)
      // Every waiter had read all earlier events, so a terminal event ends each of them.
      if event.isTerminal {
        for waiter in state.waiters { state.liveIterators.remove(waiter.iteratorID) }
      }
      defer { state.waiters.removeAll() }
      return state.waiters
    }
    let outcome: Result<Element?, TestSourceFailure> =
      switch event {
      case .element(let element): .success(element)
      case .finish: .success(nil)
      case .failure: .failure(TestSourceFailure(source: name))
      }
    // Every waiter had read all earlier events, so this event is the next one for each of them.
    for waiter in waiters {
      waiter.continuation.resume(returning: outcome)
    }
  }

  /// Creates an iterator that reads every event from the first.
  public func makeAsyncIterator() -> Iterator {
    let id = state.withLock { state in
      defer { state.nextIteratorID += 1 }
      state.liveIterators.insert(state.nextIteratorID)
      return state.nextIteratorID
    }
    return Iterator(registration: IteratorRegistration(source: self, id: id))
  }

  /// Held by an iterator and its copies: when the last is dropped, the iterator is no longer
  /// live (a consumer that stops iterating without ending is not counted for ever).
  final class IteratorRegistration: Sendable {
    let source: AsyncTestSource
    let id: Int

    init(source: AsyncTestSource, id: Int) {
      self.source = source
      self.id = id
    }

    deinit {
      source.state.withLock { _ = $0.liveIterators.remove(id) }
    }
  }

  /// Reads the source's events in order, waiting for new ones.
  public struct Iterator: AsyncIteratorProtocol {
    let registration: IteratorRegistration
    var source: AsyncTestSource { registration.source }
    var position = 0
    var ended = false

    /// The next element; `nil` at the finish, or once the calling task is cancelled (whether it
    /// waits or an event is ready).
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(TestSourceFailure) -> Element? {
      guard !ended else { return nil }
      let outcome = await source.read(at: position, iterator: registration.id)
      switch outcome {
      case .success(let element?):
        position += 1
        return element
      case .success(nil):
        ended = true
        return nil
      case .failure(let failure):
        ended = true
        throw failure
      }
    }

    /// The next element; `nil` at the finish or when the waiting task is cancelled.
    public mutating func next() async throws(TestSourceFailure) -> Element? {
      try await next(isolation: nil)
    }
  }

  private func read(
    at position: Int, iterator iteratorID: Int
  ) async -> Result<Element?, TestSourceFailure> {
    let readID = state.withLock { state in
      defer { state.nextReadID += 1 }
      state.unstartedReads.insert(state.nextReadID)
      return state.nextReadID
    }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        let ready = state.withLock { state -> Result<Element?, TestSourceFailure>? in
          state.unstartedReads.remove(readID)
          // A cancelled consumer ends here even when an event is ready: the source behaves as
          // if cancellation finished it for that consumer (and counts it).
          if state.cancelledWaiters.remove(readID) != nil || Task.isCancelled {
            state.cancellations += 1
            state.liveIterators.remove(iteratorID)
            return .success(nil)
          }
          if position < state.events.count {
            switch state.events[position] {
            case .element(let element): return .success(element)
            case .finish:
              state.liveIterators.remove(iteratorID)
              return .success(nil)
            case .failure:
              state.liveIterators.remove(iteratorID)
              return .failure(TestSourceFailure(source: name))
            }
          }
          state.waiters.append(
            Waiter(readID: readID, iteratorID: iteratorID, continuation: continuation))
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.readID == readID }) else {
          if state.unstartedReads.contains(readID) { state.cancelledWaiters.insert(readID) }
          return nil
        }
        state.cancellations += 1
        state.liveIterators.remove(iteratorID)
        return state.waiters.remove(at: index)
      }
      waiter?.continuation.resume(returning: .success(nil))
    }
  }
}
