import Synchronization

/// The least a `combineLatest` of `Int` bases can do per element with the semantics it must keep,
/// written by hand for the `floor-combineLatestN` cases: no generics, no parameter pack, no state
/// machine, the tuple handed over in the consumer's continuation. A waiting consumer ends when its
/// task is cancelled, through a cancellation handler per wait as the operator's.
///
/// The protocol is the operator's (CombineLatest rules 1 and 2): one reader task per
/// base; until every base has produced, an element replaces its base's latest and the reader reads
/// on; from then on an element the waiting consumer can take becomes a tuple at once (the reader
/// resumes the consumer and reads on), otherwise it waits in its base's place and its reader
/// suspends until the consumer has taken it (so no base runs more than one element ahead); waiting
/// elements become tuples in arrival order. The combination ends when every base has finished.
final class FloorCombineLatest: Sendable {
  /// Up to four bases' values, in base order (unused places are 0): a tuple of `Int`s needs no
  /// allocation, as the operator's tuples need none.
  typealias Tuple = (Int, Int, Int, Int)

  /// One base's place behind the lock.
  private struct Side {
    var latest = 0
    var produced = false
    var waiting = 0
    /// Set while an element waits: the reader, suspended until the element is taken.
    var reader: UnsafeContinuation<Void, Never>?
  }

  private struct State: CancellableConsumerState {
    var sides: [Side]
    var awaitingFirst: Int
    var unfinished: Int
    /// Bases whose element waits, oldest first (a ring of `sides.count`).
    var arrivals: [Int]
    var arrivalHead = 0
    var arrivalCount = 0
    /// Set while the consumer waits.
    var consumer: UnsafeContinuation<Tuple?, Never>?
    var ended = false

    init(bases: Int) {
      sides = Array(repeating: Side(), count: bases)
      awaitingFirst = bases
      unfinished = bases
      arrivals = Array(repeating: 0, count: bases)
    }

    var tuple: Tuple {
      let count = sides.count
      return (
        sides[0].latest, count > 1 ? sides[1].latest : 0, count > 2 ? sides[2].latest : 0,
        count > 3 ? sides[3].latest : 0
      )
    }

    /// Takes the oldest waiting element as a tuple; returns it and the reader to resume.
    mutating func takeWaiting() -> (Tuple, UnsafeContinuation<Void, Never>?)? {
      guard arrivalCount > 0 else { return nil }
      let index = arrivals[arrivalHead]
      arrivalHead = (arrivalHead + 1) % arrivals.count
      arrivalCount -= 1
      sides[index].latest = sides[index].waiting
      let reader = sides[index].reader
      sides[index].reader = nil
      return (tuple, reader)
    }
  }

  private let state: Mutex<State>

  init(bases: Int) {
    state = Mutex(State(bases: bases))
  }

  /// Base `index`'s reader: reads `base` to its end, handing every element over. Specialised for
  /// each source it is called with (a synchronous `0..<N`, or the rendezvous channel).
  func read<Values>(_ base: GatedSequence<Values>, index: Int) async {
    var iterator = base.makeAsyncIterator()
    await readAll(&iterator, index: index)
  }

  /// The same reader over a base the compiler cannot specialise for (an existential): every
  /// `next` is a generic async call, as in the operator, whose readers reach their bases through
  /// the parameter pack.
  @inline(never)
  func readUnspecialised(_ base: any AsyncSequence<Int, Never>, index: Int) async {
    var iterator = base.makeAsyncIterator()
    await readAll(&iterator, index: index)
  }

  /// Reads `iterator` to its end, handing every element over.
  private func readAll<I: AsyncIteratorProtocol<Int, Never>>(_ iterator: inout I, index: Int) async
  {
    while let element = await iterator.next(isolation: nil) {
      await withUnsafeContinuation { (reader: UnsafeContinuation<Void, Never>) in
        let handed = state.withLock { state -> (UnsafeContinuation<Tuple?, Never>, Tuple)?? in
          if !state.sides[index].produced {
            state.sides[index].produced = true
            state.awaitingFirst -= 1
          }
          if state.awaitingFirst > 0 {
            state.sides[index].latest = element
            return .some(nil)  // not every base has produced: read on
          }
          if let consumer = state.consumer {
            state.consumer = nil
            state.sides[index].latest = element
            return .some((consumer, state.tuple))
          }
          state.sides[index].waiting = element
          state.sides[index].reader = reader
          state.arrivals[(state.arrivalHead + state.arrivalCount) % state.arrivals.count] = index
          state.arrivalCount += 1
          return .none  // wait until the consumer takes it
        }
        guard let handed else { return }
        if let (consumer, tuple) = handed { consumer.resume(returning: tuple) }
        reader.resume()
      }
    }
    let consumer = state.withLock { state -> UnsafeContinuation<Tuple?, Never>? in
      state.unfinished -= 1
      guard state.unfinished == 0 || !state.sides[index].produced else { return nil }
      state.ended = true
      defer { state.consumer = nil }
      return state.consumer
    }
    consumer?.resume(returning: nil)
  }

  /// The next tuple (every base's latest, in base order, padded with 0), or `nil` at the end.
  func next() async -> Tuple? {
    // Every operator asks this on its fast path too: a cancelled consumer ends at its next call,
    // even with an element ready.
    if Task.isCancelled {
      state.withLock { $0.ended = true }
      return nil
    }
    let ready = state.withLock { state -> (Tuple, UnsafeContinuation<Void, Never>?)?? in
      if let taken = state.takeWaiting() { return .some(taken) }
      return state.ended ? .some(nil) : .none
    }
    if let ready {
      guard let (tuple, reader) = ready else { return nil }
      reader?.resume()
      return tuple
    }
    // The cancellation handler is what the semantics' "a cancelled consumer ends promptly" costs
    // a waiting consumer (the operators pay it on this path too); it only ends the consumer, as
    // the benchmark never cancels.
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (consumer: UnsafeContinuation<Tuple?, Never>) in
        let ready = state.withLock { state -> (Tuple, UnsafeContinuation<Void, Never>?)?? in
          if let taken = state.takeWaiting() { return .some(taken) }
          if state.ended { return .some(nil) }
          state.consumer = consumer
          return .none
        }
        guard let ready else { return }
        guard let (tuple, reader) = ready else { return consumer.resume(returning: nil) }
        reader?.resume()
        consumer.resume(returning: tuple)
      }
    } onCancel: {
      state.withLock { $0.endConsumer() }?.resume(returning: nil)
    }
  }
}
