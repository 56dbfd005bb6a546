import Synchronization

/// The least a `debounce` of `Int`s on the `ContinuousClock` can do per element of a burst, written
/// by hand for the `floor-debounce-burst` case: no generics, no state machine, the clock concrete.
///
/// The shape the semantics require (SEMANTICS.md debounce): the element is stamped with the instant
/// it arrived (one clock read), and it replaces the pending element and its deadline under the
/// lock the timer and the consumer share; the timer, started once, sleeps through the burst; the
/// finish flushes the pending element to the consumer. Per element: one `ContinuousClock.now` and
/// one lock. (The timer here never re-arms: a burst that outlasted its 1 s would need it to.)
final class FloorDebounce: Sendable {
  private struct State {
    var pending: Int?
    var deadline: ContinuousClock.Instant?
    var finished = false
    /// Set while the consumer waits.
    var consumer: UnsafeContinuation<Int?, Never>?
  }

  private let state = Mutex(State())

  /// The reader task: reads `base` to its end, then flushes the pending element.
  func read(_ base: CountingSequence, interval: Duration) async {
    var iterator = base.makeAsyncIterator()
    while let element = await iterator.next(isolation: nil) {
      let now = ContinuousClock.now
      state.withLock { state in
        state.pending = element
        state.deadline = now.advanced(by: interval)
      }
    }
    let (consumer, pending) = state.withLock {
      state -> (UnsafeContinuation<Int?, Never>?, Int?) in
      state.finished = true
      guard let consumer = state.consumer else { return (nil, nil) }
      state.consumer = nil
      defer { state.pending = nil }
      return (consumer, state.pending)
    }
    consumer?.resume(returning: pending)
  }

  /// The next emitted element, or `nil` at the end.
  func next() async -> Int? {
    await withUnsafeContinuation { (consumer: UnsafeContinuation<Int?, Never>) in
      let ready = state.withLock { state -> Int?? in
        guard state.finished else {
          state.consumer = consumer
          return .none
        }
        defer { state.pending = nil }
        return .some(state.pending)
      }
      if let ready { consumer.resume(returning: ready) }
    }
  }
}

extension BenchCase {
  /// `floor-debounce-burst`: the `debounce-burst` case's work (a synchronous `0..<N` burst, 1 s on
  /// the `ContinuousClock`, only the last element emitted) done by ``FloorDebounce``.
  static let floorDebounceBurst = BenchCase(
    name: "floor-debounce-burst",
    summary: "hand-written Int debounce(1 s) of a 0..<N burst (one clock read and one lock per "
      + "element, debounce-burst's minimal shape); per input element",
    size: 1_000_000, quickSize: 2_000, repetitions: operatorRepetitions,
    measure: { count in await floorDebounceRun(count: count) })
}

@inline(never)
private func floorDebounceRun(count: Int) async -> RunOutcome {
  let debouncer = FloorDebounce()
  var emitted = 0
  var last = -1
  await withTaskGroup(of: Void.self) { group in
    // The timer: armed once, it sleeps through the burst and is cancelled at the end.
    group.addTask { try? await Task.sleep(for: .seconds(1), clock: .continuous) }
    group.addTask { await debouncer.read(CountingSequence(count: count), interval: .seconds(1)) }
    while let value = await debouncer.next() {
      emitted &+= 1
      last = value
    }
    group.cancelAll()
  }
  return RunOutcome(
    elements: count, checksum: last &+ (emitted &- 1) &* count, expected: count &- 1,
    extraFields: [("emitted", Double(emitted))])
}
