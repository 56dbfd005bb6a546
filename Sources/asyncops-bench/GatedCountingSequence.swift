import Synchronization

/// `0..<count` as a synchronous `AsyncSequence`, like ``CountingSequence``, except that each
/// iterator, after yielding `0`, waits until every iterator sharing its ``StartGate`` has yielded
/// `0` before it yields anything else.
///
/// combineLatest coalesces the elements a base produces before every base has produced one (as
/// Combine does), and its bases are read concurrently, so with plain ranges the number of tuples
/// would depend on which reader task the scheduler starts first. With the gate, every input
/// element but the first of each base makes exactly one tuple. The gate costs one lock per
/// iterator, once.
struct GatedCountingSequence: AsyncSequence, Sendable {
  typealias Element = Int
  typealias Failure = Never

  /// How many values, `0..<count`.
  let count: Int
  /// Shared by the bases of one combination.
  let gate: StartGate

  func makeAsyncIterator() -> Iterator {
    Iterator(next: 0, end: count, gate: gate)
  }

  /// Yields `0`, waits at the gate, then yields `1`, ... `count - 1`, then `nil`.
  struct Iterator: AsyncIteratorProtocol {
    var next: Int
    let end: Int
    let gate: StartGate

    mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Int? {
      guard next < end else { return nil }
      if next == 1 { await gate.arriveAndWait() }
      defer { next &+= 1 }
      return next
    }

    mutating func next() async -> Int? {
      await next(isolation: nil)
    }
  }
}

/// A one-shot barrier for a fixed number of parties.
final class StartGate: Sendable {
  private struct State {
    var waiting: Int
    var parked: [UnsafeContinuation<Void, Never>] = []
  }

  private let state: Mutex<State>

  /// A gate that opens when `parties` have arrived.
  init(parties: Int) {
    state = Mutex(State(waiting: parties))
  }

  /// Arrives; returns once every party has arrived.
  func arriveAndWait() async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let released = state.withLock { state -> [UnsafeContinuation<Void, Never>] in
        state.waiting -= 1
        state.parked.append(continuation)
        guard state.waiting == 0 else { return [] }
        defer { state.parked = [] }
        return state.parked
      }
      for parked in released { parked.resume() }
    }
  }
}
