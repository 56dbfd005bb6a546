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
/// more. A consumer blocked in `next()` that is cancelled ends (`nil`), and the cancellation is
/// counted, so a test can check that an operator cancels its upstream.
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
    var liveIterators = 0
    var cancellations = 0
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

  /// How many times a consumer was cancelled while it waited in `next()`.
  public var cancellationCount: Int { state.withLock { $0.cancellations } }

  /// How many iterators exist and have not ended (returned `nil`, thrown, or been cancelled).
  public var liveIteratorCount: Int { state.withLock { $0.liveIterators } }

  /// How many elements have been sent so far.
  public var sentCount: Int {
    state.withLock { state in
      state.events.count { if case .element = $0 { true } else { false } }
    }
  }

  /// How many iterators are suspended in `next()` right now.
  public var waitingCount: Int { state.withLock { $0.waiters.count } }

  private func append(_ event: Event) {
    let waiters = state.withLock { state -> [Waiter] in
      if let last = state.events.last, last.isTerminal { return [] }  // already ended
      state.events.append(event)
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
      if event.isTerminal { state.withLock { $0.liveIterators -= 1 } }
      waiter.continuation.resume(returning: outcome)
    }
  }

  /// Creates an iterator that reads every event from the first.
  public func makeAsyncIterator() -> Iterator {
    state.withLock { $0.liveIterators += 1 }
    return Iterator(source: self)
  }

  /// Reads the source's events in order, waiting for new ones.
  public struct Iterator: AsyncIteratorProtocol {
    let source: AsyncTestSource
    var position = 0
    var ended = false

    /// The next element; `nil` at the finish or when the waiting task is cancelled.
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(TestSourceFailure) -> Element? {
      guard !ended else { return nil }
      let outcome = await source.read(at: position)
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
    at position: Int
  ) async -> Result<Element?, TestSourceFailure> {
    let readID = state.withLock { state in
      defer { state.nextReadID += 1 }
      return state.nextReadID
    }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        let ready = state.withLock { state -> Result<Element?, TestSourceFailure>? in
          if state.cancelledWaiters.remove(readID) != nil || Task.isCancelled {
            state.cancellations += 1
            state.liveIterators -= 1
            return .success(nil)
          }
          if position < state.events.count {
            switch state.events[position] {
            case .element(let element): return .success(element)
            case .finish:
              state.liveIterators -= 1
              return .success(nil)
            case .failure:
              state.liveIterators -= 1
              return .failure(TestSourceFailure(source: name))
            }
          }
          state.waiters.append(Waiter(readID: readID, continuation: continuation))
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.readID == readID }) else {
          state.cancelledWaiters.insert(readID)
          return nil
        }
        state.cancellations += 1
        state.liveIterators -= 1
        return state.waiters.remove(at: index)
      }
      waiter?.continuation.resume(returning: .success(nil))
    }
  }
}
