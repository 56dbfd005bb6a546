import Synchronization

/// The least a `debounce` of `Int`s on the `ContinuousClock` can do per element of a burst, written
/// by hand for the `floor-debounce-burst` case: no generics, no state machine, the clock concrete.
///
/// The shape the semantics require (Debounce rules 1–4): the element is stamped with the instant
/// it arrived (one clock read), and it replaces the pending element and its deadline under the
/// lock the timer and the consumer share; the timer, started once, sleeps through the burst; the
/// finish flushes the pending element to the consumer. Per element: one `ContinuousClock.now` and
/// one lock. The deadline is kept as a `Duration` since an origin instant, as the operator keeps
/// it: the clock's instant is resilient, and storing one (an optional of it, here) goes through
/// its value witnesses, where a `Duration` is two words. (The timer here never re-arms: a burst
/// that outlasted its 1 s would need it to.) The waiting consumer ends when its task is
/// cancelled, through a cancellation handler per wait as the operator's (it ends only the
/// consumer: the benchmark never cancels).
final class FloorDebounce: Sendable {
  private struct State: CancellableConsumerState {
    var pending: Int?
    /// Since `origin`.
    var deadline: Duration?
    var finished = false
    /// Set while the consumer waits.
    var consumer: UnsafeContinuation<Int?, Never>?
    /// Set when the consumer is cancelled.
    var ended = false
  }

  private let state = Mutex(State())
  private let origin = ContinuousClock.now

  /// The reader task: reads `base` to its end, then flushes the pending element.
  func read<Base: AsyncSequence>(_ base: Base, interval: Duration) async
  where Base.Element == Int, Base.Failure == Never {
    var iterator = base.makeAsyncIterator()
    while let element = await iterator.next(isolation: nil) {
      let now = origin.duration(to: ContinuousClock.now)
      state.withLock { state in
        state.pending = element
        state.deadline = now + interval
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
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (consumer: UnsafeContinuation<Int?, Never>) in
        let ready = state.withLock { state -> Int?? in
          if state.ended { return .some(nil) }
          guard state.finished else {
            state.consumer = consumer
            return .none
          }
          defer { state.pending = nil }
          return .some(state.pending)
        }
        if let ready { consumer.resume(returning: ready) }
      }
    } onCancel: {
      state.withLock { $0.endConsumer() }?.resume(returning: nil)
    }
  }
}

/// `floor-debounce-burst` (and `-async`, `-async-channel`): the `debounce-burst` case's work on
/// the same source (a `0..<N` burst, 1 s on the `ContinuousClock`, only the last element emitted)
/// done by ``FloorDebounce``.
struct DebounceFloorWorkload: OperatorWorkload {
  let name = "floor-debounce-burst"
  let measures =
    "hand-written Int debounce(1 s) of a 0..<N burst from %@ (one clock read and one lock per "
    + "element, debounce-burst's minimal shape); per input element"
  let sizes = DebounceBurstWorkload().sizes

  @inline(never)
  func run<Source: IntSource>(_ source: Source, count: Int) async -> RunOutcome {
    let debouncer = FloorDebounce()
    var emitted = 0
    var last = -1
    await withTaskGroup(of: Void.self) { group in
      // The timer: armed once, it sleeps through the burst and is cancelled at the end.
      group.addTask { try? await Task.sleep(for: .seconds(1), clock: .continuous) }
      group.addTask { await debouncer.read(source.values(count: count), interval: .seconds(1)) }
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
}
