import Synchronization

/// A base sequence whose iterator, after yielding its first element, waits until every iterator
/// sharing its ``StartGate`` has yielded its first element before it reads any further.
///
/// combineLatest coalesces the elements a base produces before every base has produced one (as
/// Combine does), and its bases are read concurrently, so without the gate the number of tuples
/// would depend on which reader task the scheduler starts first. With the gate, every input
/// element but the first of each base makes exactly one tuple. The gate costs one lock per
/// iterator, once.
struct GatedSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element == Int, Base.Failure == Never {
  typealias Element = Int
  typealias Failure = Never

  /// The values.
  let base: Base
  /// Shared by the bases of one combination.
  let gate: StartGate

  func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), gate: gate)
  }

  /// Yields the base's first element, waits at the gate, then yields the rest.
  struct Iterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let gate: StartGate
    var yielded = 0

    mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Int? {
      if yielded == 1 { await gate.arriveAndWait() }
      yielded &+= 1
      return await base.next(isolation: actor)
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
