import Synchronization

/// The least a `merge` of `Int` bases can do per element with the semantics it must keep, written
/// by hand for the `floor-mergeN` cases: no generics, no parameter pack, no state machine.
///
/// The protocol is the operator's (merge rule 1: bases read concurrently, at most one element
/// buffered per base): one reader task per base; an element the waiting consumer can take is
/// handed to it at once and the reader reads on; otherwise it waits in its base's place, in
/// arrival order, and its reader suspends until the consumer has taken it. The merge ends when
/// every base has finished. A waiting consumer ends when its task is cancelled, through a
/// cancellation handler per wait as the operator's.
final class FloorMerge: Sendable {
  private struct State: CancellableConsumerState {
    /// Each base's waiting element.
    var waiting: [Int]
    /// Each base's reader, while its element waits.
    var readers: [UnsafeContinuation<Void, Never>?]
    /// Bases whose element waits, oldest first (a ring of `bases`).
    var arrivals: [Int]
    var arrivalHead = 0
    var arrivalCount = 0
    /// Set while the consumer waits.
    var consumer: UnsafeContinuation<Int?, Never>?
    var unfinished: Int
    /// Set when the consumer is cancelled.
    var ended = false

    init(bases: Int) {
      waiting = Array(repeating: 0, count: bases)
      readers = Array(repeating: nil, count: bases)
      arrivals = Array(repeating: 0, count: bases)
      unfinished = bases
    }

    /// The oldest waiting element and its reader.
    mutating func takeWaiting() -> (Int, UnsafeContinuation<Void, Never>?)? {
      guard arrivalCount > 0 else { return nil }
      let index = arrivals[arrivalHead]
      arrivalHead = (arrivalHead + 1) % arrivals.count
      arrivalCount -= 1
      let reader = readers[index]
      readers[index] = nil
      return (waiting[index], reader)
    }
  }

  private let state: Mutex<State>

  init(bases: Int) {
    state = Mutex(State(bases: bases))
  }

  /// Base `index`'s reader: reads `base` to its end, handing every element over.
  func read<Base: AsyncSequence>(_ base: Base, index: Int) async
  where Base.Element == Int, Base.Failure == Never {
    var iterator = base.makeAsyncIterator()
    while let element = await iterator.next(isolation: nil) {
      await withUnsafeContinuation { (reader: UnsafeContinuation<Void, Never>) in
        let consumer = state.withLock { state -> UnsafeContinuation<Int?, Never>?? in
          if let consumer = state.consumer {
            state.consumer = nil
            return .some(consumer)
          }
          state.waiting[index] = element
          state.readers[index] = reader
          state.arrivals[(state.arrivalHead + state.arrivalCount) % state.arrivals.count] = index
          state.arrivalCount += 1
          return .none  // wait until the consumer takes it
        }
        guard let consumer else { return }
        consumer?.resume(returning: element)
        reader.resume()
      }
    }
    let consumer = state.withLock { state -> UnsafeContinuation<Int?, Never>? in
      state.unfinished -= 1
      guard state.unfinished == 0 else { return nil }
      defer { state.consumer = nil }
      return state.consumer
    }
    consumer?.resume(returning: nil)
  }

  /// The next element, or `nil` once every base has finished or the consumer is cancelled.
  func next() async -> Int? {
    // Every operator asks this on its fast path too: a cancelled consumer ends at its next call,
    // even with an element ready.
    if Task.isCancelled {
      state.withLock { $0.ended = true }
      return nil
    }
    let ready = state.withLock { state -> (Int, UnsafeContinuation<Void, Never>?)?? in
      if state.ended { return .some(nil) }
      if let taken = state.takeWaiting() { return .some(taken) }
      return state.unfinished == 0 ? .some(nil) : .none
    }
    if let ready {
      guard let (element, reader) = ready else { return nil }
      reader?.resume()
      return element
    }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (consumer: UnsafeContinuation<Int?, Never>) in
        let ready = state.withLock { state -> (Int, UnsafeContinuation<Void, Never>?)?? in
          if state.ended { return .some(nil) }
          if let taken = state.takeWaiting() { return .some(taken) }
          if state.unfinished == 0 { return .some(nil) }
          state.consumer = consumer
          return .none
        }
        guard let ready else { return }
        guard let (element, reader) = ready else { return consumer.resume(returning: nil) }
        reader?.resume()
        consumer.resume(returning: element)
      }
    } onCancel: {
      state.withLock { $0.endConsumer() }?.resume(returning: nil)
    }
  }
}

/// The least a `zip` of `Int` bases can do per tuple, written by hand for the `floor-zipN`
/// cases: one reader task per base reads one element ahead into its base's place and suspends
/// until the consumer has taken the tuple (zip rule 1); the consumer takes a tuple once every
/// place is filled and resumes every reader. The zip ends when a base ends. A waiting consumer
/// ends when its task is cancelled, through a cancellation handler per wait as the operator's.
final class FloorZip: Sendable {
  /// Up to three bases' elements (unused places are 0).
  typealias Tuple = (Int, Int, Int)

  private struct State: CancellableConsumerState {
    var places: [Int]
    var readers: [UnsafeContinuation<Void, Never>?]
    var filled = 0
    var consumer: UnsafeContinuation<Tuple?, Never>?
    var finished = false
    /// Set when the consumer is cancelled.
    var ended = false

    init(bases: Int) {
      places = Array(repeating: 0, count: bases)
      readers = Array(repeating: nil, count: bases)
    }

    var tuple: Tuple {
      (places[0], places.count > 1 ? places[1] : 0, places.count > 2 ? places[2] : 0)
    }

    /// The tuple and every reader, once every place is filled.
    mutating func takeTuple() -> (Tuple, [UnsafeContinuation<Void, Never>?])? {
      guard filled == places.count else { return nil }
      filled = 0
      defer { for index in readers.indices { readers[index] = nil } }
      return (tuple, readers)
    }
  }

  private let state: Mutex<State>

  init(bases: Int) {
    state = Mutex(State(bases: bases))
  }

  /// Base `index`'s reader: one element ahead at most.
  func read<Base: AsyncSequence>(_ base: Base, index: Int) async
  where Base.Element == Int, Base.Failure == Never {
    var iterator = base.makeAsyncIterator()
    while let element = await iterator.next(isolation: nil) {
      await withUnsafeContinuation { (reader: UnsafeContinuation<Void, Never>) in
        let taken = state.withLock {
          state -> (UnsafeContinuation<Tuple?, Never>, Tuple, [UnsafeContinuation<Void, Never>?])?
          in
          state.places[index] = element
          state.readers[index] = reader
          state.filled += 1
          guard let consumer = state.consumer, let (tuple, readers) = state.takeTuple() else {
            return nil
          }
          state.consumer = nil
          return (consumer, tuple, readers)
        }
        guard let (consumer, tuple, readers) = taken else { return }
        consumer.resume(returning: tuple)
        for reader in readers { reader?.resume() }
      }
    }
    let (consumer, readers) = state.withLock {
      state -> (UnsafeContinuation<Tuple?, Never>?, [UnsafeContinuation<Void, Never>?]) in
      state.finished = true
      defer {
        state.consumer = nil
        for index in state.readers.indices { state.readers[index] = nil }
      }
      return (state.consumer, state.readers)
    }
    consumer?.resume(returning: nil)
    for reader in readers { reader?.resume() }
  }

  /// The next tuple, or `nil` once a base has ended or the consumer is cancelled.
  func next() async -> Tuple? {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (consumer: UnsafeContinuation<Tuple?, Never>) in
        let ready = state.withLock { state -> (Tuple, [UnsafeContinuation<Void, Never>?])?? in
          if state.ended { return .some(nil) }
          if let taken = state.takeTuple() { return .some(taken) }
          if state.finished { return .some(nil) }
          state.consumer = consumer
          return .none
        }
        guard let ready else { return }
        guard let (tuple, readers) = ready else { return consumer.resume(returning: nil) }
        for reader in readers { reader?.resume() }
        consumer.resume(returning: tuple)
      }
    } onCancel: {
      state.withLock { $0.endConsumer() }?.resume(returning: nil)
    }
  }
}

/// `floor-merge2`, `-3`, `-8` (and `-async`, `-async-channel`): the `mergeN` case's work (the same
/// bases, sizes and checksum) done by ``FloorMerge``.
struct MergeFloorWorkload: OperatorWorkload {
  /// 2, 3 or 8.
  let bases: Int

  var name: String { "floor-merge\(bases)" }
  var measures: String {
    "hand-written Int merge of \(bases) bases from %@ (one reader task each); per input element"
  }
  var sizes: WorkloadSizes { MergeWorkload(bases: bases).sizes }

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    let base = source.values(count: count)
    let merged = FloorMerge(bases: bases)
    var sum = 0
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<bases { group.addTask { await merged.read(base, index: index) } }
      while let value = await merged.next() { sum &+= value }
    }
    return RunOutcome(
      elements: bases * count, checksum: sum, expected: bases &* triangular(count))
  }
}

/// `floor-zip2`, `-3` (and `-async`, `-async-channel`): the `zipN` case's work done by
/// ``FloorZip``.
struct ZipFloorWorkload: OperatorWorkload {
  /// 2 or 3.
  let bases: Int

  var name: String { "floor-zip\(bases)" }
  var measures: String {
    "hand-written Int zip of \(bases) bases from %@ (one reader task each); per input element"
  }
  var sizes: WorkloadSizes { ZipWorkload(bases: bases).sizes }

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    let base = source.values(count: count)
    let zipped = FloorZip(bases: bases)
    var sum = 0
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<bases { group.addTask { await zipped.read(base, index: index) } }
      while let (a, b, c) = await zipped.next() { sum &+= a &+ b &+ c }
    }
    return RunOutcome(
      elements: bases * count, checksum: sum, expected: bases &* triangular(count))
  }
}
