import Synchronization

/// ``FloorShare`` for several consumers, written by hand for the `floor-share-4` and
/// `floor-share-16` cases: one upstream task deposits each element in every consumer's bounded
/// buffer (or hands it straight to a consumer that waits); while any buffer is full the upstream
/// waits, and it is resumed as soon as no buffer is full (share's wake-up rule for the slowest
/// consumer). No generics, no consumer registry. A waiting consumer ends when its task is
/// cancelled, through a cancellation handler per wait as the operator's, and from then on no
/// longer holds the upstream back.
final class FloorShareMany: Sendable {
  private struct Consumer {
    /// A ring of `limit` places.
    var ring: [Int]
    var head = 0
    var count = 0
    /// Set while this consumer waits (then its ring is empty).
    var waiting: UnsafeContinuation<Int?, Never>?
    /// Set when this consumer is cancelled: it takes no more elements.
    var ended = false
  }

  private struct State {
    var consumers: [Consumer]
    /// How many rings are full.
    var full = 0
    /// Set while the upstream waits for room.
    var upstream: UnsafeContinuation<Void, Never>?
    var finished = false

    /// Consumer `index`'s oldest element, and the upstream to resume now that no ring is full.
    mutating func take(_ index: Int) -> (Int, UnsafeContinuation<Void, Never>?)? {
      guard consumers[index].count > 0 else { return nil }
      let limit = consumers[index].ring.count
      let element = consumers[index].ring[consumers[index].head]
      if consumers[index].count == limit { full -= 1 }
      consumers[index].head = (consumers[index].head + 1) % limit
      consumers[index].count -= 1
      guard full == 0, let upstream else { return (element, nil) }
      self.upstream = nil
      return (element, upstream)
    }

    /// Consumer `index` is cancelled: its buffer is dropped, so it no longer holds the upstream
    /// back. Returns the consumer to end and the upstream to resume, if it waited for that room.
    mutating func end(
      _ index: Int
    ) -> (UnsafeContinuation<Int?, Never>?, UnsafeContinuation<Void, Never>?) {
      guard !consumers[index].ended else { return (nil, nil) }
      consumers[index].ended = true
      if consumers[index].count == consumers[index].ring.count { full -= 1 }
      consumers[index].count = 0
      let waiting = consumers[index].waiting
      consumers[index].waiting = nil
      guard full == 0, let upstream else { return (waiting, nil) }
      self.upstream = nil
      return (waiting, upstream)
    }
  }

  private let state: Mutex<State>
  /// Whether a consumer asks `Task.isCancelled` on its fast path, as the operator does (the
  /// `floor-share-N-cancellable` probes); the floors do not (see ``next(_:)``).
  private let asksCancellation: Bool

  /// `consumers` consumers, each with a buffer of `limit` (at least 1) elements.
  init(consumers: Int, limit: Int, asksCancellation: Bool = false) {
    let consumer = Consumer(ring: Array(repeating: 0, count: limit))
    state = Mutex(State(consumers: Array(repeating: consumer, count: consumers)))
    self.asksCancellation = asksCancellation
  }

  /// The upstream task: reads `base` to its end.
  func upstream<Base: AsyncSequence>(_ base: Base) async
  where Base.Element == Int, Base.Failure == Never {
    var iterator = base.makeAsyncIterator()
    var woken: [UnsafeContinuation<Int?, Never>] = []
    while let element = await iterator.next(isolation: nil) {
      let isFull = state.withLock { state -> Bool in
        for index in state.consumers.indices where !state.consumers[index].ended {
          if let waiting = state.consumers[index].waiting {
            state.consumers[index].waiting = nil
            woken.append(waiting)
            continue
          }
          let limit = state.consumers[index].ring.count
          let count = state.consumers[index].count
          state.consumers[index].ring[(state.consumers[index].head + count) % limit] = element
          state.consumers[index].count = count + 1
          if count + 1 == limit { state.full += 1 }
        }
        return state.full > 0
      }
      for consumer in woken { consumer.resume(returning: element) }
      woken.removeAll(keepingCapacity: true)
      if isFull {
        await withUnsafeContinuation { (upstream: UnsafeContinuation<Void, Never>) in
          let room = state.withLock { state -> Bool in
            if state.full == 0 { return true }
            state.upstream = upstream
            return false
          }
          if room { upstream.resume() }
        }
      }
    }
    let waiting = state.withLock { state -> [UnsafeContinuation<Int?, Never>] in
      state.finished = true
      var waiting: [UnsafeContinuation<Int?, Never>] = []
      for index in state.consumers.indices {
        if let consumer = state.consumers[index].waiting { waiting.append(consumer) }
        state.consumers[index].waiting = nil
      }
      return waiting
    }
    for consumer in waiting { consumer.resume(returning: nil) }
  }

  /// Consumer `index`'s next element, or `nil` once the upstream has finished and its buffer is
  /// empty.
  func next(_ index: Int) async -> Int? {
    // Unlike the other floors, this one does not ask `Task.isCancelled` on its fast path, though
    // the operator does: with the question, this protocol ran in a slower regime on one core
    // (floor-share-4 97 -> 185 ns per element, with 1.8x the thread switches) than the operator's
    // own with it (123 ns), and a floor dearer than its operator is no floor. Without it the
    // floor is cheaper than the least a correct operator can do, so the verdict is stricter.
    // The question costs about 20 ns a call here (the runtime retains the task, loads its
    // 16-byte status with `lock cmpxchg16b`, and releases it); the probes ask it, to show how much
    // of the operator's distance it is.
    if asksCancellation, Task.isCancelled {
      let (_, upstream) = state.withLock { state in state.end(index) }
      upstream?.resume()
      return nil
    }
    let ready = state.withLock { state -> (Int, UnsafeContinuation<Void, Never>?)?? in
      if state.consumers[index].ended { return .some(nil) }
      if let taken = state.take(index) { return .some(taken) }
      return state.finished ? .some(nil) : .none
    }
    if let ready {
      guard let (element, upstream) = ready else { return nil }
      upstream?.resume()
      return element
    }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (consumer: UnsafeContinuation<Int?, Never>) in
        let ready = state.withLock { state -> (Int, UnsafeContinuation<Void, Never>?)?? in
          if state.consumers[index].ended { return .some(nil) }
          if let taken = state.take(index) { return .some(taken) }
          if state.finished { return .some(nil) }
          state.consumers[index].waiting = consumer
          return .none
        }
        guard let ready else { return }
        guard let (element, upstream) = ready else { return consumer.resume(returning: nil) }
        upstream?.resume()
        consumer.resume(returning: element)
      }
    } onCancel: {
      let (consumer, upstream) = state.withLock { state in state.end(index) }
      consumer?.resume(returning: nil)
      upstream?.resume()
    }
  }
}

/// `count` elements of `base` through ``FloorShareMany`` to `consumers` consumer tasks (asking
/// `Task.isCancelled` on each consumer's fast path if `asksCancellation`).
@inline(never)
func floorShareManyRun<Base: AsyncSequence & Sendable>(
  _ base: Base, count: Int, consumers: Int, asksCancellation: Bool = false
) async -> RunOutcome where Base.Element == Int, Base.Failure == Never {
  let buffer = FloorShareMany(
    consumers: consumers, limit: ShareWorkload.bufferLimit, asksCancellation: asksCancellation)
  let sum = await withTaskGroup(of: Int.self) { group in
    group.addTask {
      await buffer.upstream(base)
      return 0
    }
    for index in 0..<consumers {
      group.addTask {
        var sum = 0
        while let value = await buffer.next(index) { sum &+= value }
        return sum
      }
    }
    return await group.reduce(0, &+)
  }
  return RunOutcome(
    elements: count * consumers, checksum: sum, expected: consumers &* triangular(count),
    extraFields: [("consumers", Double(consumers))])
}
